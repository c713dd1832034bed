import { afterEach, describe, expect, it, vi } from "vitest";
import { detectClient } from "./context";
import { guidCookieName, userIdKey } from "./identity";
import { initRuntime } from "./init";
import { request } from "./request";
import { resetForTests, track } from "./tracking";
import type { PageData } from "./types";

const data = {
  locale: "ar-SA",
  brand: "acme",
  apiBase: "/edge/api",
  errorCodesUrl: "/assets/i18n/error-code.ar-SA.json",
  errorCodesFallbackUrl: "/assets/i18n/error-code.en.json",
  app: { name: "X", userAgentMarker: "ExchangeApp", scheme: "x", iosAppId: "1" },
  campaign: { id: "1001", slug: "spot-activity" },
  env: "local",
  analytics: { projectType: "growth-activity" },
} as unknown as PageData;

let stop = () => {};
afterEach(() => {
  stop();
  resetForTests();
  delete window.dataLayer;
  document.head.querySelectorAll("script").forEach((s) => s.remove());
});

describe("initRuntime", () => {
  it("configures the runtime from the page data", async () => {
    stop = initRuntime(data, { heatmap: false });
    const fetch = vi.fn(async () => Response.json({ ret_code: 0, result: null }));
    vi.stubGlobal("fetch", fetch);
    await request({ url: "/segw/sact/activity/info", method: "POST", data: { campaign_id: "1001" } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/edge/api/segw/sact/activity/info");
    expect((init.headers as Record<string, string>).Lang).toBe("ar-SA");
    expect(guidCookieName()).toBe("acme_guid");
    expect(userIdKey()).toBe("acme_ga_uid");
    expect(detectClient("Mozilla/5.0 ExchangeApp/4.2", 390, data.app.userAgentMarker).isApp).toBe(true);
  });

  it("hands the page's analytics settings to tracking (site.yaml analytics)", () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
    stop = initRuntime({ ...data, env: "production", analytics: { gtm: "GTM-AB12CD3", projectType: "spot" } }, { heatmap: false });
    const script = document.head.querySelector<HTMLScriptElement>('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3"]');
    expect(script).not.toBeNull();
    script!.dispatchEvent(new Event("load"));
    track({ el: "x" });
    expect(window.dataLayer?.at(-1)).toEqual({ event: "promo", ep: "click", el: "x", campaign_id: "1001", project_type: "spot" });
  });
});
