import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GTM_SCRIPT, gtmSrc, loadGTM, resetGTMForTests } from "./gtm";

beforeEach(() => {
  resetGTMForTests();
  delete window.dataLayer;
});

afterEach(() => {
  document.head.querySelectorAll("script").forEach((s) => s.remove());
});

describe("loadGTM", () => {
  it("names the script whose host the Content-Security-Policy allows", () => {
    // internal/cdn/csp.go allows https://www.googletagmanager.com and nothing else.
    expect(new URL(GTM_SCRIPT).origin).toBe("https://www.googletagmanager.com");
    expect(gtmSrc("GTM-AB12CD3")).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3");
  });

  it("pushes the start event, injects gtm.js async and reports when it has loaded", () => {
    vi.spyOn(Date, "now").mockReturnValue(1234);
    const done = vi.fn();
    expect(loadGTM("GTM-AB12CD3", done)).toBe(true);
    expect(window.dataLayer).toEqual([{ "gtm.start": 1234, event: "gtm.js" }]);
    const scripts = document.head.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3");
    expect(scripts[0].async).toBe(true);
    expect(done).not.toHaveBeenCalled();
    scripts[0].dispatchEvent(new Event("load"));
    expect(done).toHaveBeenCalledTimes(1);
    scripts[0].dispatchEvent(new Event("error"));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("loads a container once, however often it is asked", () => {
    const first = vi.fn();
    const second = vi.fn();
    loadGTM("GTM-AB12CD3", first);
    loadGTM("GTM-AB12CD3", second);
    expect(document.head.querySelectorAll("script")).toHaveLength(1);
    expect(window.dataLayer).toHaveLength(1);
    document.head.querySelector("script")!.dispatchEvent(new Event("error"));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    const late = vi.fn();
    loadGTM("GTM-AB12CD3", late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(document.head.querySelectorAll("script")).toHaveLength(1);
  });

  it.each(["", "gtm-ab12cd3", "UA-1234-1", "GTM-", "GTM-A&x=<b>"])("refuses %j, loading nothing", (id) => {
    const done = vi.fn();
    expect(loadGTM(id, done)).toBe(false);
    expect(done).not.toHaveBeenCalled();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });
});
