import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, Request } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { fault, resetMock } from "./mock";

// The market widget (DESIGN §6 "market") on /spot-activity/ against `promo serve` with
// the mock: per symbol the pair "BASE/QUOTE", its last price and 24-hour change, and an
// image "24-hour price chart of BASE/QUOTE" drawing the 24 hourly candles.
test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

const artifacts = path.join(__dirname, "artifacts");
const KLINE = "/spot/api/quote/v1/multi/kline";
// campaigns/spot-activity/campaign.yaml: widgets.market.symbols, as pairs.
const SYMBOLS = ["BTCUSDT", "ETHUSDT", "SOLUSDT"];
const PAIRS = ["BTC/USDT", "ETH/USDT", "SOL/USDT"];

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** The Market region, scrolled to so its lazy chunk loads. */
async function market(page: Page): Promise<Locator> {
  const r = page.getByRole("region", { name: "Market" });
  await r.scrollIntoViewIfNeeded();
  return r;
}

const isKline = (r: Request) => new URL(r.url()).pathname === "/api" + KLINE;

test("market: each configured symbol's pair, price, change and a chart of 24 candles; axe clean", async ({ page, consoleProblems }) => {
  const calls: URL[] = [];
  page.on("request", (r) => isKline(r) && calls.push(new URL(r.url())));
  await open(page, "/spot-activity/");
  const symbols = await page.evaluate(() => JSON.parse(document.querySelector('script[type="application/json"]')!.textContent!).campaign.widgets.market.symbols);
  expect(symbols).toEqual(SYMBOLS);
  const region = await market(page);
  for (const pair of PAIRS) {
    const chart = region.getByRole("img", { name: `24-hour price chart of ${pair}` });
    await expect(chart.locator(".promo-market__candle")).toHaveCount(24);
    const card = region.getByRole("listitem").filter({ has: page.getByRole("img", { name: `24-hour price chart of ${pair}` }) });
    await expect(card.getByRole("heading", { name: pair, exact: true })).toBeVisible();
    await expect(card.getByText("Last price")).toBeVisible();
    await expect(card.locator(".promo-market__price")).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2,8}$/);
    await expect(card.locator(".promo-market__change")).toHaveText(/^[+-]?\d+\.\d{2}%$/);
    await expect(card.locator(".promo-market__change")).toHaveClass(/promo-market__change--(up|down|flat)/);
  }
  // One call for all symbols, under the spec's parameter names (seed §7).
  expect(calls).toHaveLength(1);
  expect(Object.fromEntries(calls[0].searchParams)).toEqual({ symbol: SYMBOLS.join(","), interval: "1h", limit: "24" });

  // The last price is the mock's last close (the series moves by the minute: near it).
  const { result } = await (await page.request.get(`/api${KLINE}?symbol=BTCUSDT&interval=1h&limit=24`)).json();
  const last = Number(result[0].kline[23].c);
  const shown = Number((await region.getByRole("listitem").first().locator(".promo-market__price").textContent())!.replaceAll(",", ""));
  expect(Math.abs(shown - last) / last).toBeLessThan(0.01);

  const axe = await new AxeBuilder({ page }).include(".promo-section--market").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(consoleProblems).toEqual([]);
});

test("market: one column on a phone, three side by side on a desktop", async ({ page }) => {
  for (const [width, columns] of [
    [375, 1],
    [1280, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, "/spot-activity/");
    const cards = (await market(page)).getByRole("listitem");
    await expect(cards.getByRole("img")).toHaveCount(3);
    const boxes = await Promise.all([0, 1, 2].map(async (i) => (await cards.nth(i).boundingBox())!));
    const rows = new Set(boxes.map((b) => Math.round(b.y))).size;
    expect(rows, `${width} px`).toBe(3 / columns);
    for (const b of boxes) expect(b.x + b.width, `${width} px`).toBeLessThanOrEqual(width);
  }
});

for (const locale of ["ar-SA", "ja-JP"]) {
  test(`market in ${locale}: Latin digits, a left-to-right time axis, a screenshot`, async ({ page, consoleProblems }) => {
    await open(page, `/${locale}/spot-activity/`);
    const region = page.locator(".promo-section--market");
    await region.scrollIntoViewIfNeeded();
    const charts = region.getByRole("img");
    await expect(charts).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      await expect(charts.nth(i).locator(".promo-market__candle")).toHaveCount(24);
      await expect(charts.nth(i).locator("xpath=..")).toHaveAttribute("dir", "ltr");
      await expect(charts.nth(i)).toHaveAttribute("aria-label", new RegExp(PAIRS[i].replace("/", "\\/")));
    }
    const text = (await region.textContent())!;
    expect(text).toMatch(/[0-9]/);
    expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    if (locale === "ar-SA") {
      // Mirrored: the first card sits at the right, the chart's oldest candle at its left.
      const first = (await region.getByRole("listitem").first().boundingBox())!;
      const second = (await region.getByRole("listitem").nth(1).boundingBox())!;
      expect(first.x).toBeGreaterThan(second.x);
    }
    await page.evaluate(() => document.fonts.ready);
    await region.screenshot({ path: path.join(artifacts, `market-${locale}.png`), animations: "disabled" });
    expect(consoleProblems).toEqual([]);
  });
}

test("market: a failed load says so in the widget, and Retry draws the charts", async ({ page, request }) => {
  await fault(request, { path: KLINE, ret_code: 10000 });
  await open(page, "/spot-activity/");
  const region = await market(page);
  const alert = region.getByRole("alert");
  await expect(alert).toContainText("Market data could not be loaded.");
  await expect(region.getByRole("img")).toHaveCount(0);
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(region.getByRole("img", { name: "24-hour price chart of BTC/USDT" }).locator(".promo-market__candle")).toHaveCount(24);
  await expect(region.getByRole("alert")).toHaveCount(0);
  await expect(region.getByRole("heading", { name: "BTC/USDT" })).toBeFocused();
});

test("market: refreshes every minute in view, and not in a background tab", async ({ page }) => {
  await page.clock.install();
  let calls = 0;
  page.on("request", (r) => isKline(r) && calls++);
  await open(page, "/spot-activity/");
  const region = await market(page);
  await expect(region.getByRole("img")).toHaveCount(3);
  expect(calls).toBe(1);
  await page.clock.runFor(61_000);
  await expect.poll(() => calls).toBe(2);

  // The tab goes to the background (as the browser reports it): no more calls.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await page.clock.runFor(5 * 61_000);
  await page.waitForTimeout(300);
  expect(calls).toBe(2);

  // Back in front: fresh candles at once.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await page.clock.runFor(100);
  await expect.poll(() => calls).toBe(3);
});
