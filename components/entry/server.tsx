import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createInterface } from "node:readline";
import type { PageData } from "../runtime/types";
import { App } from "./App";

// The prerender worker. generator/render.go starts it as a long-lived Node process and
// pipelines JSON lines: {"id", "slug", "data", "html"} in, {"id", "html", "stable",
// "warnings"} or {"id", "error"} out, one line each, in order.

interface Request {
  id: number;
  slug: string;
  data: PageData;
  html: Record<string, string>;
}

export async function serve(pages: Record<string, ComponentType>): Promise<void> {
  // React reports problems (invalid markup, bad keys) through console.error; collect
  // them per page so the build can name the page.
  let warnings: string[] = [];
  const capture = (...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
  };
  console.error = capture;
  console.warn = capture;
  const out = process.stdout;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const req = JSON.parse(line) as Request;
    warnings = [];
    let reply: object;
    try {
      const page = pages[req.slug];
      if (!page) throw new Error(`no page component for campaign ${req.slug}`);
      const stable: Record<string, string> = {};
      const html = renderToString(<App page={page} data={req.data} html={req.html} stableSink={stable} />);
      reply = { id: req.id, html, stable, warnings };
    } catch (err) {
      reply = { id: req.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
    if (!out.write(JSON.stringify(reply) + "\n")) {
      await new Promise((resolve) => out.once("drain", resolve));
    }
  }
}
