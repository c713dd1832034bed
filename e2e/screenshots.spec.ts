import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { DEMO, MOCK_NOW, resetMock } from "./mock";

// What a visitor sees (DESIGN §9): each example page in English, Arabic and Japanese at
// a phone's and a desktop's width, and each growth widget in Arabic and Japanese,
// compared with committed baselines (e2e/screenshots.spec.ts-snapshots). The browser's
// clock and the mock's start at the same instant (MOCK_NOW), so countdowns, statuses and
// the lists are the same on every run; the candles come from a fixed series below, as
// the mock's move with the minute. Debian's chromium and Noto fonts draw the text.
// Refresh after a reviewed change of the look:
//   make test-e2e E2E_ARGS="screenshots.spec.ts --update-snapshots"
const NOW = new Date(MOCK_NOW);
const HOUR = 3_600_000;

/** 24 hourly candles per symbol, the same on every run: a gentle wave around a base price. */
async function fixedCandles(page: Page) {
  const base: Record<string, number> = { BTCUSDT: 91_250, ETHUSDT: 3_120.5, SOLUSDT: 142.37 };
  await page.route("**/api/spot/api/quote/v1/multi/kline?**", async (route) => {
    const symbols = (new URL(route.request().url()).searchParams.get("symbol") ?? "").split(",");
    const last = Math.floor(NOW.getTime() / HOUR) * HOUR;
    const result = symbols.map((symbol, k) => {
      const p = base[symbol] ?? 10;
      const kline = Array.from({ length: 24 }, (_, i) => {
        const o = p * (1 + 0.012 * Math.sin((i + k) / 2.5));
        const c = p * (1 + 0.012 * Math.sin((i + k + 1) / 2.5));
        return { t: last - (23 - i) * HOUR, o, h: Math.max(o, c) * 1.003, l: Math.min(o, c) * 0.997, c, v: 100 + i };
      });
      return { symbol, kline };
    });
    await route.fulfill({ json: { ret_code: 0, ret_msg: "OK", result } });
  });
}

async function open(page: Page, path: string, width: number) {
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize({ width, height: 900 });
  await fixedCandles(page);
  await page.goto(path);
  await waitForHydration(page);
  // The growth widgets load when near the viewport or idle: bring each one in.
  for (const region of await page.locator(".promo-growth").all()) await region.scrollIntoViewIfNeeded();
  await expect(page.locator('.promo-growth [aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

for (const slug of ["depositblastoff", "referral-v2", "spot-activity"]) {
  for (const locale of ["en", "ar-SA", "ja-JP"]) {
    for (const width of [375, 1280]) {
      test(`${slug} in ${locale} at ${width} px`, async ({ page }) => {
        await open(page, locale === "en" ? `/${slug}/` : `/${locale}/${slug}/`, width);
        await expect(page).toHaveScreenshot(`${slug}-${locale}-${width}.png`, { fullPage: true, animations: "disabled", maxDiffPixelRatio: 0.002 });
      });
    }
  }
}

// Each growth widget as a logged-in visitor sees it, on a phone, right to left and in
// Japanese (its region, by the class Growth.tsx gives it).
const widgets = [
  { name: "prize-draw", slug: "spot-activity", kind: "prizeDraw" },
  { name: "market", slug: "spot-activity", kind: "market" },
  { name: "more-campaigns", slug: "spot-activity", kind: "moreCampaigns" },
  { name: "invitation-code", slug: "referral-v2", kind: "invitationCode" },
];
for (const w of widgets) {
  for (const locale of ["ar-SA", "ja-JP"]) {
    test(`the ${w.name} widget in ${locale}`, async ({ page }) => {
      const login = await page.request.post("/api/user/public/login", { data: DEMO });
      expect(login.ok()).toBe(true);
      await open(page, `/${locale}/${w.slug}/`, 375);
      // The phone's sticky Apply bar would cover the region's end: take it away (by
      // script, as the pages' Content-Security-Policy refuses injected style sheets).
      await page.locator(".promo-actions--sticky .promo-actions__primary").evaluate((el: HTMLElement) => (el.style.display = "none"));
      const region = page.locator(`.promo-section--${w.kind}`);
      await region.scrollIntoViewIfNeeded();
      await expect(region).toHaveScreenshot(`widget-${w.name}-${locale}.png`, { animations: "disabled", maxDiffPixelRatio: 0.002 });
    });
  }
}
