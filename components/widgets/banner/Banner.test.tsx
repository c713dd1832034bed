import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureClient, resetForTests as resetContext } from "../../runtime/context";
import { renderPage, testPageData } from "../../testing/renderPage";
import { BannerHost } from "./BannerHost";
import { CLOSE_DAYS } from "./visibility";

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const IOS_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const IOS_CHROME = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const APP = ANDROID + " ExchangeApp/3.7.0";

const banner = {
  title: "Get the app",
  open: "Open",
  close: "Close",
  pitch: "Trade faster with the {{app}} app.",
  appStore: "App Store",
  googlePlay: "Google Play",
};

function data() {
  const d = testPageData();
  (d.resources["gmp-lib"] as Record<string, unknown>).banner = banner;
  return d;
}

function as(ua: string) {
  vi.spyOn(navigator, "userAgent", "get").mockReturnValue(ua);
  configureClient({ appMarker: "ExchangeApp" });
}

beforeEach(() => {
  resetContext();
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.head.querySelectorAll('meta[name="apple-itunes-app"]').forEach((m) => m.remove());
  document.documentElement.removeAttribute("style");
  document.body.removeAttribute("style");
});

describe("smart app banner", () => {
  it("shows on a phone outside the app: Open to the page's app link, the platform's store", async () => {
    as(ANDROID);
    renderPage(<BannerHost />, data());
    const region = await screen.findByRole("region", { name: "Get the app" });
    expect(region).toHaveTextContent("Trade faster with the Exchange app.");
    expect(screen.getByRole("link", { name: "Open" })).toHaveAttribute("href", "exchange://webview?url=https%3A%2F%2Fpromo.example%2Fblast%2F");
    expect(screen.getByRole("link", { name: "Google Play" })).toHaveAttribute("href", "https://play.google.com/store/apps/details?id=x");
    expect(screen.queryByRole("link", { name: "App Store" })).toBeNull();
    // Toasts keep clear of it while it shows.
    expect(document.documentElement.style.getPropertyValue("--promo-toast-offset")).toContain("--promo-banner-size");
    expect(document.body.style.getPropertyValue("padding-block-end")).toContain("--promo-banner-size");
  });

  it("links iPhones outside Safari to the App Store", async () => {
    as(IOS_CHROME);
    const meta = document.createElement("meta");
    meta.name = "apple-itunes-app";
    document.head.append(meta);
    renderPage(<BannerHost />, data());
    await screen.findByRole("region", { name: "Get the app" });
    expect(screen.getByRole("link", { name: "App Store" })).toHaveAttribute("href", "https://apps.apple.com/app/id1");
  });

  it.each([
    ["a desktop", DESKTOP],
    ["the app", APP],
  ])("does not show in %s", async (_, ua) => {
    as(ua);
    renderPage(<BannerHost />, data());
    await act(() => new Promise((r) => setTimeout(r, 20))); // time for a lazy chunk to land
    expect(screen.queryByRole("region", { name: "Get the app" })).toBeNull();
  });

  it("leaves iOS Safari to its own banner when the page has the apple-itunes-app meta", async () => {
    as(IOS_SAFARI);
    const meta = document.createElement("meta");
    meta.name = "apple-itunes-app";
    document.head.append(meta);
    renderPage(<BannerHost />, data());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole("region", { name: "Get the app" })).toBeNull();
  });

  it("remembers Close for 30 days", async () => {
    as(ANDROID);
    const first = renderPage(<BannerHost />, data());
    await userEvent.click(await screen.findByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Get the app" })).toBeNull();
    expect(document.documentElement.style.getPropertyValue("--promo-toast-offset")).toBe("");
    expect(document.body.style.getPropertyValue("padding-block-end")).toBe("");
    first.unmount();

    const closedAt = Date.now();
    const again = renderPage(<BannerHost />, data()); // a later visit, the same day
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole("region", { name: "Get the app" })).toBeNull();
    again.unmount();

    vi.spyOn(Date, "now").mockReturnValue(closedAt + (CLOSE_DAYS - 1) * 86_400_000);
    const dayBefore = renderPage(<BannerHost />, data());
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole("region", { name: "Get the app" })).toBeNull();
    dayBefore.unmount();

    vi.spyOn(Date, "now").mockReturnValue(closedAt + CLOSE_DAYS * 86_400_000 + 1000);
    renderPage(<BannerHost />, data());
    expect(await screen.findByRole("region", { name: "Get the app" })).toBeInTheDocument();
  });
});
