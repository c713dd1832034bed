import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import type { PageData } from "../runtime/types";
import { App } from "./App";

// Server rendering of one page. The generator's virtual server entry binds the
// campaigns' page components and exports render; generator/worker.cjs, a long-lived
// Node process, calls it for each page it is sent.

export interface RenderRequest {
  id: number;
  slug: string;
  data: PageData;
  html: Record<string, string>;
}

export function renderPage(pages: Record<string, ComponentType>, req: RenderRequest) {
  const page = pages[req.slug];
  if (!page) throw new Error(`no page component for campaign ${req.slug}`);
  const stable: Record<string, string> = {};
  const html = renderToString(<App page={page} data={req.data} html={req.html} stableSink={stable} />);
  return { html, stable };
}
