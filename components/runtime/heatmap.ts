import { track } from "./tracking";

// The click heatmap of spec §3: clicks on button, a, input, textarea, li and img are
// reported with where they happened.

export const HEATMAP_SELECTOR = "button, a, input, textarea, li, img";
const TEXT_MAX = 40;

/** A short, stable description of the element; never what a visitor typed. */
export function describe(el: Element): string {
  const named = el.getAttribute("data-track");
  if (named) return named;
  const tag = el.tagName.toLowerCase();
  let out = tag;
  if (el.id) out += `#${el.id}`;
  const cls = el.classList[0];
  if (cls) out += `.${cls}`;
  if (tag === "input" || tag === "textarea") {
    const type = el.getAttribute("type");
    const name = el.getAttribute("name");
    return out + (type ? `[type=${type}]` : "") + (name ? `[name=${name}]` : "");
  }
  const text = (tag === "img" ? el.getAttribute("alt") : el.textContent)?.replace(/\s+/g, " ").trim() ?? "";
  return text ? `${out}:${text.slice(0, TEXT_MAX)}` : out;
}

/** Starts collecting; returns the function that stops it. */
export function initHeatmap(): () => void {
  // Capture phase: a widget that stops propagation still gets its click counted.
  const onClick = (e: MouseEvent) => {
    const target = e.target instanceof Element ? e.target.closest(HEATMAP_SELECTOR) : null;
    if (!target) return;
    track({
      ep: "heatmap",
      el: describe(target),
      x: Math.round(e.clientX + window.scrollX), // page coordinates
      y: Math.round(e.clientY + window.scrollY),
    });
  };
  document.addEventListener("click", onClick, true);
  return () => document.removeEventListener("click", onClick, true);
}
