import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { campaign, CAMPAIGNS, DEMO, fault, resetMock, VERIFICATION_CODE } from "./mock";

// The visitor's journeys of DESIGN §6 against `promo serve` with the mock. Every test
// starts from the mock's seeded state and a fresh browser context.
test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

async function open(page: Page, path = "/depositblastoff/") {
  await page.goto(path);
  await waitForHydration(page);
}

async function logIn(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(DEMO.email);
  await dialog.getByLabel("Password").fill(DEMO.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toBeHidden();
}

test("land, Apply, log in, Joined with the pop-up; a reload stays Joined", async ({ page, consoleProblems }) => {
  await open(page);
  await page.getByRole("button", { name: "Apply" }).click();
  await logIn(page);
  // The login started by Apply goes on to enrol without a second press.
  const popup = page.getByRole("dialog", { name: "You're in!" });
  await expect(popup).toBeVisible();
  await popup.getByRole("button", { name: "Got it" }).click();
  await expect(popup).toBeHidden();
  const joined = page.getByRole("button", { name: "Joined" });
  await expect(joined).toBeDisabled();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Joined" })).toBeDisabled();
  // The quick-login button is disabled for a logged-in user.
  await expect(page.getByRole("main").getByRole("button", { name: "Sign up" })).toBeDisabled();
  expect(consoleProblems).toEqual([]);
});

test("the token cookie is HttpOnly; page scripts see only the companion cookie", async ({ page, context }) => {
  await open(page);
  await page.getByRole("button", { name: "Apply" }).click();
  await logIn(page);
  const cookies = await context.cookies();
  const token = cookies.find((c) => c.name.startsWith("b_t_c_k"));
  expect(token?.httpOnly).toBe(true);
  expect(token?.sameSite).toBe("Lax");
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).toContain("promo_session=1");
  expect(visible).not.toContain("b_t_c_k");
});

test("sign up with the verification code through the quick-login button", async ({ page }) => {
  await open(page);
  await page.getByRole("main").getByRole("button", { name: "Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up" });
  await dialog.getByLabel("Email").fill("new.trader@example.com");
  await dialog.getByLabel("Password", { exact: true }).fill("Trader123!");
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByRole("button", { name: /Resend in \d+ s/ })).toBeDisabled();
  await dialog.getByLabel("Verification code").fill(VERIFICATION_CODE);
  await dialog.getByRole("button", { name: "Sign up" }).last().click();
  await expect(page.getByRole("dialog").getByText("Signed up successfully")).toBeVisible();
});

test("a wrong verification code shows the 2009 text", async ({ page }) => {
  await open(page);
  await page.getByRole("main").getByRole("button", { name: "Sign up" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign up" });
  await dialog.getByLabel("Email").fill("someone@example.com");
  await dialog.getByLabel("Password", { exact: true }).fill("Trader123!");
  await dialog.getByLabel("Verification code").fill("000000");
  await dialog.getByRole("button", { name: "Sign up" }).last().click();
  await expect(page.getByRole("status").filter({ hasText: "2009: The verification code is incorrect." })).toBeVisible();
  await expect(dialog).toBeVisible(); // the visitor can correct the code
});

test("an unavailable campaign shows the blocking dialog with the way home", async ({ page, request }) => {
  await campaign(request, { id: CAMPAIGNS.depositblastoff.id, unavailable: true });
  await open(page);
  const alert = page.getByRole("alertdialog");
  await expect(alert).toContainText("The network status is abnormal. Please try again later.");
  await page.keyboard.press("Escape");
  await expect(alert).toBeVisible(); // blocking: no way out but home
  await expect(alert.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
});

test("a second enrolment (3570011) counts as success", async ({ page, request }) => {
  await open(page);
  await page.getByRole("button", { name: "Apply" }).click();
  await fault(request, { path: CAMPAIGNS.depositblastoff.enroll, ret_code: 3570011 });
  await logIn(page);
  await expect(page.getByRole("dialog", { name: "You're in!" })).toBeVisible();
  await page.getByRole("button", { name: "Got it" }).click();
  await expect(page.getByRole("button", { name: "Joined" })).toBeDisabled();
});

test("a dropped connection shows a −1 toast", async ({ page, request }) => {
  await open(page);
  await page.getByRole("button", { name: "Apply" }).click();
  await fault(request, { path: CAMPAIGNS.depositblastoff.enroll, drop: true });
  await logIn(page);
  await expect(page.getByRole("status").filter({ hasText: /^-1: / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply" })).toBeEnabled();
});

test("10007 reloads the page", async ({ page, request }) => {
  await open(page);
  await page.getByRole("button", { name: "Apply" }).click();
  await fault(request, { path: CAMPAIGNS.depositblastoff.enroll, ret_code: 10007 });
  const reloaded = page.waitForEvent("load");
  await logIn(page);
  await reloaded;
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Apply" })).toBeEnabled();
});

test("the whole journey by keyboard alone", async ({ page }) => {
  await open(page);
  const apply = page.getByRole("button", { name: "Apply" });
  await apply.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await expect(dialog).toBeVisible();
  // Focus starts on the first field and Tab never leaves the dialog.
  await expect(dialog.getByLabel("Email")).toBeFocused();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByLabel("Email").focus();
  await page.keyboard.type(DEMO.email);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press("Enter");
  const popup = page.getByRole("dialog", { name: "You're in!" });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole("button", { name: "Got it" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(popup).toBeHidden();
  // Focus goes back to where the journey started.
  await expect(page.getByRole("button", { name: "Joined" })).toBeFocused();
});

test("Escape closes the login dialog and focus returns to Apply", async ({ page }) => {
  await open(page);
  const apply = page.getByRole("button", { name: "Apply" });
  await apply.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(apply).toBeFocused();
});

test("the journey in ar-SA", async ({ page }) => {
  await open(page, "/ar-SA/depositblastoff/");
  await page.getByRole("button", { name: "تقديم" }).click();
  const dialog = page.getByRole("dialog", { name: "تسجيل الدخول" });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => getComputedStyle(d).direction)).toBe("rtl");
  await dialog.getByLabel("البريد الإلكتروني").fill(DEMO.email);
  await dialog.getByLabel("كلمة المرور").fill(DEMO.password);
  await dialog.getByRole("button", { name: "تسجيل الدخول" }).last().click();
  await expect(page.getByRole("dialog", { name: "تم تسجيلك!" })).toBeVisible();
  await page.getByRole("button", { name: "حسنًا" }).click();
  await expect(page.getByRole("button", { name: "تم الانضمام" })).toBeDisabled();
});

test("dataLayer receives the events in order", async ({ page }) => {
  await open(page);
  await page.getByRole("button", { name: "Apply" }).click();
  await logIn(page);
  await expect(page.getByRole("dialog", { name: "You're in!" })).toBeVisible();
  const events = await page.evaluate(() =>
    ((window as unknown as { dataLayer: { el?: string; ep?: string; campaign_id?: string }[] }).dataLayer ?? []).filter((e) => e.ep !== "heatmap"),
  );
  expect(events.map((e) => e.el)).toEqual(["login_open", "login_success", "apply_success_popup"]);
  expect(events.every((e) => e.campaign_id === CAMPAIGNS.depositblastoff.id)).toBe(true);
  expect(events[2].ep).toBe("exposure");
});

test.describe("accessibility (axe)", () => {
  const scan = async (page: Page) => {
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };

  test("page, login dialog and pop-up have no violations", async ({ page }) => {
    await open(page);
    await scan(page);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
    await scan(page);
    await logIn(page);
    await expect(page.getByRole("dialog", { name: "You're in!" })).toBeVisible();
    await scan(page);
    await page.getByRole("button", { name: "Got it" }).click();
    await scan(page);
  });

  test("the unavailable alert dialog has no violations", async ({ page, request }) => {
    await campaign(request, { id: CAMPAIGNS.depositblastoff.id, unavailable: true });
    await open(page);
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await scan(page);
  });
});

test("closing the pop-up opens the configured redirect in a new tab", async ({ page, context }) => {
  await open(page);
  await page.getByRole("button", { name: "Apply" }).click();
  await logIn(page);
  const tab = context.waitForEvent("page");
  await page.getByRole("button", { name: "Got it" }).click();
  const opened = await tab;
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe("/spot-activity/");
});

test("a text-link Apply is replaced by the configured link buttons after enrolment", async ({ page }) => {
  await open(page, "/referral-v2/");
  await page.getByRole("link", { name: "Apply" }).click();
  await logIn(page);
  await page.getByRole("button", { name: "Got it" }).click();
  await expect(page.getByRole("link", { name: "Apply" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Invite friends" })).toHaveAttribute("href", "/referral-v2/#invite");
  const rewards = page.getByRole("link", { name: "My rewards" });
  await expect(rewards).toHaveAttribute("target", "_blank");
  await expect(rewards).toHaveAttribute("rel", "noopener noreferrer");
});

test("Apply disappears after enrolment in hide mode", async ({ page }) => {
  await open(page, "/spot-activity/");
  await page.getByRole("button", { name: "Apply" }).click();
  await logIn(page);
  await page.getByRole("button", { name: "Got it" }).click();
  await expect(page.getByRole("button", { name: /Apply|Joined/ })).toHaveCount(0);
});
