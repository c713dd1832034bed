import AxeBuilder from "@axe-core/playwright";
import { expect, test, waitForHydration } from "./fixtures";
import { DEMO, resetMock } from "./mock";

// The page header of DESIGN §6: brand, language switcher, the visitor's state.
test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

test("the language switcher leads to the same campaign in that language and keeps ?ref=", async ({ page, consoleProblems }) => {
  await page.goto("/depositblastoff/?ref=ABC123");
  await waitForHydration(page);
  const toggle = page.getByRole("banner").getByRole("link", { name: /Language/ });
  await toggle.click();
  const japanese = page.getByRole("list", { name: "Language" }).getByRole("link", { name: "日本語" });
  await expect(japanese).toHaveAttribute("hreflang", "ja-JP");
  await japanese.click();
  await expect(page).toHaveURL(/\/ja-JP\/depositblastoff\/\?ref=ABC123$/);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  expect(consoleProblems).toEqual([]);
});

test("by keyboard: Enter opens the list, Escape closes it and focus returns", async ({ page }) => {
  await page.goto("/ar-SA/depositblastoff/");
  await waitForHydration(page);
  const toggle = page.getByRole("banner").getByRole("link", { name: /اللغة/ });
  await toggle.focus();
  await page.keyboard.press("Enter");
  const list = page.getByRole("list", { name: /.+/ });
  await expect(list).toBeVisible();
  await expect(list.getByRole("link", { name: "العربية" })).toBeFocused();
  // Right to left: the list opens under the toggle, aligned to its end (the left).
  const [t, l] = await Promise.all([toggle.boundingBox(), list.boundingBox()]);
  expect(Math.abs((l?.x ?? 0) - (t?.x ?? 0))).toBeLessThan(2);
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(toggle).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the Language link shows the list of links", async ({ page }) => {
    await page.goto("/depositblastoff/");
    const list = page.getByRole("list", { name: "Language" });
    await expect(list).toBeHidden();
    await page.getByRole("banner").getByRole("link", { name: /Language/ }).click();
    await expect(list).toBeVisible();
    await list.getByRole("link", { name: "Español (México)" }).click();
    await expect(page).toHaveURL(/\/es-MX\/depositblastoff\/$/);
  });
});

test("Log in from the header; the account shows masked with Log out, which ends the session", async ({ page, context }) => {
  await page.goto("/depositblastoff/");
  await waitForHydration(page);
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Email").fill(DEMO.email);
  await dialog.getByLabel("Password").fill(DEMO.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toBeHidden();
  await expect(banner.getByText("de***@example.com")).toBeVisible();
  await banner.getByRole("button", { name: "Log out" }).click();
  await expect(banner.getByRole("button", { name: "Log in" })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name.startsWith("b_t_c_k"))).toBeUndefined();
  expect(cookies.find((c) => c.name === "promo_session")).toBeUndefined();
});

test("header, open switcher and footer have no axe violations", async ({ page }) => {
  await page.goto("/ja-JP/referral-v2/");
  await waitForHydration(page);
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: /言語/ }).click();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
