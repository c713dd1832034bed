import { afterEach, describe, expect, it } from "vitest";
import { loadChunk } from "../widgets/lazy";
import { SHEET_ATTR } from "./contract.gen";
import { loadStyles, resetStylesForTest } from "./styles";

function preload(href: string): HTMLLinkElement {
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "style";
  link.href = href;
  link.setAttribute(SHEET_ATTR, "");
  document.head.append(link);
  return link;
}

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 0));
  return done;
};

afterEach(() => {
  document.head.innerHTML = "";
  resetStylesForTest();
});

describe("loadStyles", () => {
  it("applies the preloaded sheets and resolves once each has loaded or failed", async () => {
    const base = preload("/assets/css/base.css");
    const page = preload("/assets/js/page.css");
    const ready = loadStyles();
    expect([base.rel, page.rel]).toEqual(["stylesheet", "stylesheet"]);
    base.dispatchEvent(new Event("load"));
    expect(await settled(ready)).toBe(false);
    page.dispatchEvent(new Event("error")); // a failed sheet must not hold the widgets back
    expect(await settled(ready)).toBe(true);
    expect(loadStyles()).toBe(ready);
  });

  it("resolves at once on a page that links its sheets", async () => {
    expect(await settled(loadStyles())).toBe(true);
  });

  it("holds a lazy widget back until the sheets are in", async () => {
    const sheet = preload("/assets/js/page.css");
    const chunk = loadChunk(() => Promise.resolve({ default: "widget" }));
    expect(await settled(chunk)).toBe(false);
    sheet.dispatchEvent(new Event("load"));
    await expect(chunk).resolves.toEqual({ default: "widget" });
  });
});
