import { afterEach, describe, expect, it, vi } from "vitest";
import { appLinkOf, installAppLinks, setNavigateForTests } from "./applinks";
import { initRuntime } from "./init";
import { openInNewTab } from "./openLink";
import type { PageData } from "./types";

const data = {
  locale: "en",
  brand: "acme",
  apiBase: "/api",
  errorCodesUrl: "/e.json",
  errorCodesFallbackUrl: "/e.json",
  app: {
    name: "X", userAgentMarker: "ExchangeApp", scheme: "exchange", iosAppId: "1", bridge: "", bridgeLogin: false,
    siteHost: "promo.example", webHosts: ["www.exchange.example"], storeIos: "", storeAndroid: "",
  },
  appLinks: { "/precomputed/": "exchange://from-build" },
  campaign: { id: "1001", slug: "blast" },
  env: "local",
  analytics: { projectType: "growth-activity" },
} as unknown as PageData;

const APP_UA = "Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36 ExchangeApp/3.7.0";
const WEB_UA = "Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36";

function link(href: string): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = "go";
  document.body.append(a);
  return a;
}

/** Clicks a and says whether the page let the browser follow it. */
function click(a: Element, init: MouseEventInit = {}): boolean {
  let followed = true;
  // Last in the bubbling path: records the page's decision, then stops jsdom navigating.
  const record = (e: Event) => {
    followed = !e.defaultPrevented;
    e.preventDefault();
  };
  window.addEventListener("click", record, { once: true });
  a.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
  return followed;
}

let stop = () => {};
afterEach(() => {
  stop();
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

describe("in-app links", () => {
  it("opens the app link of a mapped link instead of the web page", () => {
    const nav = vi.fn();
    setNavigateForTests(nav);
    stop = installAppLinks(data);
    expect(click(link("https://www.exchange.example/en-US/fiat/deposit"))).toBe(false);
    expect(nav).toHaveBeenLastCalledWith("exchange://recharge");
    // A site path, and an element inside the link.
    const a = link("/trade/spot/btc/usdt/");
    a.innerHTML = "<span>BTC</span>";
    expect(click(a.firstElementChild!)).toBe(false);
    expect(nav).toHaveBeenLastCalledWith("exchange://home?tab=3&symbol=BTCUSDT");
    // The build's precomputed links come first.
    expect(click(link("/precomputed/"))).toBe(false);
    expect(nav).toHaveBeenLastCalledWith("exchange://from-build");
  });

  it("opens the pop-ups' mapped redirects in the app, others in a new tab", () => {
    const nav = vi.fn();
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    setNavigateForTests(nav);
    stop = installAppLinks(data);
    openInNewTab("/trade/spot/btc/usdt/");
    expect(nav).toHaveBeenLastCalledWith("exchange://home?tab=3&symbol=BTCUSDT");
    openInNewTab("/spot-activity/");
    expect(open).toHaveBeenLastCalledWith("/spot-activity/", "_blank", "noopener,noreferrer");
    stop();
    stop = () => {};
    openInNewTab("/trade/spot/btc/usdt/"); // removed with the listener
    expect(open).toHaveBeenCalledTimes(2);
    expect(nav).toHaveBeenCalledTimes(1);
  });

  it("leaves unmapped links, other hosts and modified clicks alone", () => {
    const nav = vi.fn();
    setNavigateForTests(nav);
    stop = installAppLinks(data);
    expect(click(link("/nowhere/"))).toBe(true);
    expect(click(link("https://elsewhere.example/fiat/deposit/"))).toBe(true);
    expect(click(link("/fiat/deposit/"), { ctrlKey: true })).toBe(true);
    expect(nav).not.toHaveBeenCalled();
  });

  it("maps like the shared table", () => {
    expect(appLinkOf("/ja-JP/earn/savings/?id=42&x=1", "", data)).toBe("exchange://earn?type=4&id=42");
    expect(appLinkOf("https://promo.example/register", "https://promo.example/register", data)).toBe("exchange://signup?direct=1");
    expect(appLinkOf("https://evil.example/register", "https://evil.example/register", data)).toBeNull();
  });
});

describe("initRuntime", () => {
  async function clickAfterInit(ua: string) {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(ua);
    const nav = vi.fn();
    setNavigateForTests(nav);
    stop = initRuntime(data, { heatmap: false });
    await new Promise((r) => setTimeout(r, 20)); // the lazy chunk
    const followed = click(link("/fiat/deposit/"));
    return { followed, nav };
  }

  it("installs the listener in the app", async () => {
    const { nav } = await clickAfterInit(APP_UA);
    // The in-app chunk loads in its own time: the click is the app's once it has.
    await vi.waitFor(() => expect(click(link("/fiat/deposit/"))).toBe(false), { timeout: 5000 });
    expect(nav).toHaveBeenCalledWith("exchange://recharge");
  });

  it("adds no listener outside the app", async () => {
    const add = vi.spyOn(document, "addEventListener");
    const { followed, nav } = await clickAfterInit(WEB_UA);
    expect(followed).toBe(true);
    expect(nav).not.toHaveBeenCalled();
    expect(add.mock.calls.filter(([type]) => type === "click")).toHaveLength(0);
  });
});
