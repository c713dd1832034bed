import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { resetMock } from "./mock";

// The smart app banner and in-app links (DESIGN §6, §8; deeplinks.md) against `promo
// serve`: the banner only on phones outside the app, Close remembered, and links of the
// deep-link table opening the app screen in the app and the web page outside it.

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const APP = `${ANDROID} ExchangeApp/3.7.0`;
const PAGE = "/depositblastoff/";

test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

async function open(page: Page) {
  await page.goto(PAGE);
  await waitForHydration(page);
}

test.describe("on an Android phone", () => {
  test.use({ userAgent: ANDROID, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("shows the banner with an app link, the store, and passes axe", async ({ page, consoleProblems }) => {
    await open(page);
    const banner = page.getByRole("region", { name: "Get the app" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Open" })).toHaveAttribute("href", /^exchange:\/\/webview\?url=.*depositblastoff/);
    await expect(banner.getByRole("link", { name: "Google Play" })).toHaveAttribute("href", /^https:\/\/play\.google\.com\//);
    // Above the sticky call to action, not over it.
    const bar = await page.locator(".promo-actions--sticky .promo-actions__primary").boundingBox();
    const box = await banner.boundingBox();
    expect(bar && box).toBeTruthy();
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + 1);
    const axe = await new AxeBuilder({ page }).include(".promo-banner").analyze();
    expect(axe.violations).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  test("remembers Close after a reload", async ({ page }) => {
    await open(page);
    await page.getByRole("region", { name: "Get the app" }).getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("region", { name: "Get the app" })).toHaveCount(0);
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(300); // time for the banner's chunk, were it to load
    await expect(page.getByRole("region", { name: "Get the app" })).toHaveCount(0);
  });

  test("a mapped link in the rules opens the web page outside the app", async ({ page }) => {
    await page.route("https://www.exchange.example/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>deposit</title>" }));
    await open(page);
    await page.getByRole("link", { name: "deposit page" }).click();
    await expect(page).toHaveURL("https://www.exchange.example/fiat/deposit/");
  });
});

test.describe("on a desktop", () => {
  test.use({ userAgent: DESKTOP, viewport: { width: 1280, height: 800 } });

  test("shows no banner and loads none of the app's code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname)));
    await open(page);
    await page.waitForTimeout(300);
    await expect(page.getByRole("region", { name: "Get the app" })).toHaveCount(0);
    expect(scripts.filter((s) => /\/(inApp|Banner)-/.test(s))).toEqual([]);
  });
});

test.describe("in the app", () => {
  test.use({ userAgent: APP, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("shows no banner; the in-app chunk loads with the page", async ({ page }) => {
    const inApp = page.waitForRequest((r) => /\/inApp-[^/]+\.js$/.test(r.url()));
    await open(page);
    await inApp;
    await page.waitForTimeout(300);
    await expect(page.getByRole("region", { name: "Get the app" })).toHaveCount(0);
  });

  test("a mapped link in the rules opens the app screen", async ({ page }) => {
    await open(page);
    const appRequest = page.waitForRequest((r) => r.url().startsWith("exchange:"), { timeout: 5000 });
    await page.getByRole("link", { name: "deposit page" }).click();
    expect((await appRequest).url()).toBe("exchange://recharge");
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`)); // the web page did not open
  });
});
