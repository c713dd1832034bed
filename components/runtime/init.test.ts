import { afterEach, describe, expect, it, vi } from "vitest";
import { detectClient } from "./context";
import { guidCookieName, userIdKey } from "./identity";
import { initRuntime } from "./init";
import { request } from "./request";
import type { PageData } from "./types";

const data = {
  locale: "ar-SA",
  brand: "acme",
  apiBase: "/edge/api",
  errorCodesUrl: "/assets/i18n/error-code.ar-SA.json",
  errorCodesFallbackUrl: "/assets/i18n/error-code.en.json",
  app: { name: "X", userAgentMarker: "ExchangeApp", scheme: "x", iosAppId: "1" },
  campaign: { id: "1001", slug: "spot-activity" },
} as unknown as PageData;

let stop = () => {};
afterEach(() => stop());

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
});
