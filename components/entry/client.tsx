import { startTransition, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { DATA_ID, ROOT_ID } from "../runtime/contract.gen";
import { initRuntime } from "../runtime/init";
import { loadStyles } from "../runtime/styles";
import type { PageData } from "../runtime/types";
import { App } from "./App";

/**
 * Hydrates the prerendered page. The build-time HTML (the rules) is read back from the
 * document instead of being shipped twice in the page data.
 */
export function hydrate(page: ComponentType): void {
  const script = document.getElementById(DATA_ID);
  const root = document.getElementById(ROOT_ID);
  if (!script || !root) throw new Error(`page is missing #${DATA_ID} or #${ROOT_ID}`);
  const data = JSON.parse(script.textContent ?? "{}") as PageData;
  void loadStyles();
  initRuntime(data);
  const html: Record<string, string> = {};
  root.querySelectorAll<HTMLElement>("[data-promo-html]").forEach((el) => {
    html[el.dataset.promoHtml!] = el.innerHTML;
  });
  const app = (d: PageData, h: Record<string, string>) => <App page={page} data={d} html={h} stableSink={null} />;
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // running as one long task, which a phone's CPU turns into blocking time.
  startTransition(() => {
    const live = hydrateRoot(root, app(data, html));
    // Under `promo dev` (its client script sets __PROMO_DEV__), a content edit renders
    // the same tree with the new page data, so the page keeps its state (DESIGN §7).
    const dev = (window as { __PROMO_DEV__?: { swap?: unknown } }).__PROMO_DEV__;
    if (dev) dev.swap = (d: PageData, h: Record<string, string>) => live.render(app(d, h));
  });
}

