import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForHydration } from "./fixtures";
import { resetMock } from "./mock";

// The page sections as a visitor uses them (DESIGN §9): the FAQ by keyboard, every
// example page free of axe violations with its questions open, and the phone's sticky
// call to action never covering the end of the page.

test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

test("the FAQ opens and closes by keyboard and tells assistive technology", async ({ page }) => {
  await page.goto("/depositblastoff/");
  await waitForHydration(page);
  const faq = page.getByRole("region", { name: "Questions and answers" });
  const question = faq.getByRole("button", { name: "Which deposit counts?" });
  const answer = faq.getByText("Your first deposit in the campaign period");
  await expect(question).toHaveAttribute("aria-expanded", "false");
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press("Enter");
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(answer).toBeVisible();
  // The button controls the answer it reveals.
  const controls = await question.getAttribute("aria-controls");
  await expect(page.locator(`[id="${controls}"]`)).toContainText("Your first deposit");
  // The next question is the next stop of the tab order, and Space toggles it.
  await page.keyboard.press("Tab");
  const next = faq.getByRole("button", { name: "When do I receive the bonus?" });
  await expect(next).toBeFocused();
  await page.keyboard.press("Space");
  await expect(next).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Space");
  await expect(next).toHaveAttribute("aria-expanded", "false");
});

for (const path of ["/depositblastoff/", "/ar-SA/spot-activity/", "/ja-JP/referral-v2/", "/ar-SA/depositblastoff/", "/ja-JP/spot-activity/"]) {
  test(`${path} with its questions open has no axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(path);
    await waitForHydration(page);
    for (const button of await page.locator(".promo-faq__button").all()) await button.click();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
}

test("on a phone the sticky Apply bar leaves the end of the page visible", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto("/ar-SA/spot-activity/");
  await waitForHydration(page);
  const bar = page.locator(".promo-actions--sticky .promo-actions__primary");
  await expect(bar.getByRole("button", { name: "تقديم" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const risk = page.locator(".promo-footer__risk");
  const [barBox, riskBox] = [await bar.boundingBox(), await risk.boundingBox()];
  expect(barBox && riskBox).toBeTruthy();
  // The footer's last line ends above the bar.
  expect(riskBox!.y + riskBox!.height).toBeLessThanOrEqual(barBox!.y + 1);
});
