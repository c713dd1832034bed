import type { Route } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { resetMock } from "./mock";

// First paint (DESIGN §7): the page carries the rules of its prerendered HTML inline, so
// it paints styled before any style sheet arrives; the sheets follow without blocking,
// and what the scripts add later (the login dialog) waits for them.
test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

for (const path of ["/depositblastoff/", "/ar-SA/spot-activity/", "/ja-JP/referral-v2/"]) {
  test(`${path} paints styled while its style sheets are held back`, async ({ page, consoleProblems }) => {
    const held: Route[] = [];
    await page.route("**/*.css", (route) => void held.push(route));
    await page.goto(path, { waitUntil: "commit" });
    await waitForHydration(page);
    const look = await page.evaluate(() => {
      const css = (sel: string) => getComputedStyle(document.querySelector(sel)!);
      return {
        background: css("body").backgroundColor,
        page: css(".promo-page").display,
        header: css(".promo-header").position,
        button: css(".promo-button").borderRadius,
        sheets: document.styleSheets.length,
      };
    });
    expect(look).toEqual({ background: "rgb(11, 14, 17)", page: "grid", header: "sticky", button: "10px", sheets: 1 });
    expect(held.length).toBeGreaterThan(0); // the sheets were asked for, and are not in yet
    for (const r of held) await r.continue();
    await expect.poll(() => page.evaluate(() => document.styleSheets.length)).toBe(1 + held.length);
    expect(consoleProblems).toEqual([]); // no CSP refusal of the inline style either
  });
}

test("the login dialog waits for the style sheets, then shows styled", async ({ page }) => {
  const held: Route[] = [];
  await page.route("**/*.css", (route) => void held.push(route));
  await page.goto("/depositblastoff/", { waitUntil: "commit" });
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await page.waitForTimeout(300); // long enough for the dialog's chunk to load
  await expect(dialog).toHaveCount(0);
  for (const r of held) await r.continue();
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => getComputedStyle(el.closest(".promo-dialog__backdrop")!).position)).toBe("fixed");
});

test("the scripts are requested only after the first contentful paint and the hero image", async ({ page }) => {
  await page.goto("/ja-JP/depositblastoff/");
  await waitForHydration(page);
  const t = await page.evaluate(() => {
    const start = (re: RegExp) => performance.getEntriesByType("resource").find((e) => re.test(e.name))?.startTime ?? -1;
    const hero = performance.getEntriesByType("resource").find((e) => /\/assets\/img\//.test(e.name)) as PerformanceResourceTiming | undefined;
    return {
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
      heroEnd: hero?.responseEnd ?? -1,
      entry: start(/\/assets\/js\/depositblastoff-[A-Z0-9]+\.js$/),
      chunk: start(/\/assets\/js\/chunk-[A-Z0-9]+\.js$/),
    };
  });
  expect(t.fcp).toBeGreaterThan(0);
  expect(t.heroEnd).toBeGreaterThan(0);
  expect(t.entry).toBeGreaterThanOrEqual(Math.max(t.fcp, t.heroEnd));
  expect(t.chunk).toBeGreaterThanOrEqual(Math.max(t.fcp, t.heroEnd));
});
