import { expect, test, waitForHydration } from "./fixtures";
import { resetMock } from "./mock";

// What a visitor sees (DESIGN §9): each example page in English, Arabic and Japanese at
// a phone's and a desktop's width, compared with committed baselines
// (e2e/screenshots.spec.ts-snapshots). The clock is fixed inside every campaign's
// period, so countdowns and statuses are the same on every run; Debian's chromium and
// Noto fonts draw the text. Refresh after a reviewed change of the look:
//   make test-e2e E2E_ARGS="screenshots.spec.ts --update-snapshots"
const NOW = new Date("2026-11-25T10:00:00Z");

test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

for (const slug of ["depositblastoff", "referral-v2", "spot-activity"]) {
  for (const locale of ["en", "ar-SA", "ja-JP"]) {
    for (const width of [375, 1280]) {
      test(`${slug} in ${locale} at ${width} px`, async ({ page }) => {
        await page.clock.setFixedTime(NOW);
        await page.setViewportSize({ width, height: 900 });
        await page.goto(locale === "en" ? `/${slug}/` : `/${locale}/${slug}/`);
        await waitForHydration(page);
        await page.waitForLoadState("networkidle");
        await expect(page).toHaveScreenshot(`${slug}-${locale}-${width}.png`, { fullPage: true, animations: "disabled", maxDiffPixelRatio: 0.002 });
      });
    }
  }
}
