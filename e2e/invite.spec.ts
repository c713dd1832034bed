import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { campaign, CAMPAIGNS, DEMO, fault, resetMock, VERIFICATION_CODE } from "./mock";

// The invitation code and More campaigns widgets (DESIGN §6) against `promo serve` with
// the mock. Every test starts from the mock's seeded state and a fresh browser context.
test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

const artifacts = path.join(__dirname, "artifacts");

async function open(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** The widget's region, scrolled to so its lazy chunk loads. */
async function region(page: Page, name: string): Promise<Locator> {
  const r = page.getByRole("region", { name });
  await r.scrollIntoViewIfNeeded();
  return r;
}

/** No axe violation inside the element. */
async function axe(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Logs the demo account in through the function, as the login dialog would. */
async function logInByApi(page: Page) {
  const res = await page.request.post("/api/user/public/login", { data: { email: DEMO.email, password: DEMO.password } });
  expect(res.ok()).toBe(true);
}

test("invitation code: Log in, then the code with Copy, the Copied status and the ref link", async ({ page, context, consoleProblems }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page, "/referral-v2/?utm_source=mail");
  const invite = await region(page, "Invitation code");
  await expect(invite.getByRole("button", { name: "Copy" })).toHaveCount(0);
  await axe(page, ".promo-section--invitationCode");
  await invite.getByRole("button", { name: "Log in" }).click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("Email").fill(DEMO.email);
  await dialog.getByLabel("Password").fill(DEMO.password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toBeHidden();

  // The code is the one the API gives this account.
  const { result } = await (await page.request.get("/api/segw/sact/activity/invitation-code")).json();
  const code: string = result.invitation_code;
  expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
  await expect(invite.getByText(code, { exact: true })).toBeVisible();
  const copy = invite.getByRole("button", { name: "Copy", exact: true });
  await expect(copy).toBeFocused(); // the Log in button is gone; focus moved next to the code

  await copy.click();
  await expect(invite.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(invite.getByRole("status")).toHaveText("", { timeout: 5000 });

  const link = invite.getByRole("link");
  const href = (await link.getAttribute("href"))!;
  const url = new URL(href);
  expect(url.pathname).toBe("/referral-v2/");
  expect(url.searchParams.get("ref")).toBe(code);
  expect(url.searchParams.get("utm_source")).toBe("mail");
  // Share on a computer copies the link.
  await invite.getByRole("button", { name: "Share" }).click();
  await expect(invite.getByRole("status")).toHaveText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
  await axe(page, ".promo-section--invitationCode");
  expect(consoleProblems).toEqual([]);
});

test("a friend who opens the share link signs up with its ref", async ({ page, browser }) => {
  await logInByApi(page);
  await open(page, "/referral-v2/");
  const invite = await region(page, "Invitation code");
  const href = (await invite.getByRole("link").getAttribute("href"))!;
  const code = new URL(href).searchParams.get("ref")!;

  const friend = await (await browser.newContext()).newPage();
  await open(friend, href);
  await friend.getByRole("banner").getByRole("button", { name: "Sign up" }).click();
  const dialog = friend.getByRole("dialog", { name: "Sign up" });
  await dialog.getByLabel("Email").fill("friend@example.com");
  await dialog.getByLabel("Password", { exact: true }).fill("Friend123!");
  await dialog.getByLabel("Verification code").fill(VERIFICATION_CODE);
  const register = friend.waitForRequest((r) => r.url().endsWith("/api/user/public/register"));
  await dialog.getByRole("button", { name: "Sign up" }).last().click();
  expect((await register).postDataJSON().referral_code).toBe(code);
  await friend.context().close();
});

test("invitation code: a failed call says so in the widget and Retry loads the code", async ({ page, request }) => {
  await logInByApi(page);
  await fault(request, { path: "/segw/sact/activity/invitation-code", ret_code: 10000 });
  await open(page, "/referral-v2/");
  const invite = await region(page, "Invitation code");
  const alert = invite.getByRole("alert");
  await expect(alert).toContainText("Your invitation code could not be loaded.");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(invite.getByRole("button", { name: "Copy", exact: true })).toBeVisible();
  await expect(invite.getByRole("alert")).toHaveCount(0);
});

test("more campaigns: the other example campaigns with their statuses, linked in the page's locale", async ({ page, request, consoleProblems }) => {
  await campaign(request, { id: CAMPAIGNS.depositblastoff.id, status: 4 });
  await campaign(request, { id: CAMPAIGNS.referral.id, status: 5 });
  await open(page, "/spot-activity/");
  const more = await region(page, "More campaigns");
  const cards = more.getByRole("listitem");
  await expect(cards).toHaveCount(2);
  // Running campaigns come first; this page's own campaign is not listed.
  await expect(cards.nth(0).getByRole("link", { name: "Invite friends, earn together" })).toHaveAttribute("href", "/referral-v2/");
  await expect(cards.nth(0)).toContainText("Ongoing");
  await expect(cards.nth(1).getByRole("link", { name: "Deposit Blast-Off" })).toHaveAttribute("href", "/depositblastoff/");
  await expect(cards.nth(1)).toContainText("Upcoming");
  await expect(more.getByText("Spot Trading Festival")).toHaveCount(0);
  await axe(page, ".promo-section--moreCampaigns");

  await open(page, "/ja-JP/depositblastoff/");
  const ja = await region(page, "その他のキャンペーン");
  await expect(ja.getByRole("link", { name: "現物取引フェスティバル" })).toHaveAttribute("href", "/ja-JP/spot-activity/");
  expect(consoleProblems).toEqual([]);
});

test("more campaigns: a failed list says so and Retry loads it", async ({ page, request }) => {
  await fault(request, { path: "/segw/sact/activity/list", http_status: 502 });
  await open(page, "/depositblastoff/");
  const more = await region(page, "More campaigns");
  const alert = more.getByRole("alert");
  await expect(alert).toContainText("The campaigns could not be loaded.");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(more.getByRole("listitem")).toHaveCount(2);
});

// Screenshots for review of both widgets right to left and in Japanese (not baselines),
// on a phone; the sticky call to action is hidden so it does not cover the widget.
// (through the CSSOM: the page's CSP refuses injected style sheets).
const hideSticky = (page: Page) =>
  page.evaluate(() => document.querySelectorAll<HTMLElement>(".promo-actions--sticky .promo-actions__primary").forEach((e) => e.style.setProperty("display", "none", "important")));
for (const locale of ["ar-SA", "ja-JP"]) {
  test(`screenshots of both widgets in ${locale}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logInByApi(page);
    await open(page, `/${locale}/referral-v2/`);
    await hideSticky(page);
    const invite = page.locator(".promo-section--invitationCode");
    await invite.scrollIntoViewIfNeeded();
    await expect(invite.locator(".promo-invite__code")).toBeVisible();
    await axe(page, ".promo-section--invitationCode");
    await invite.screenshot({ path: path.join(artifacts, `invite-${locale}.png`), animations: "disabled" });

    await open(page, `/${locale}/spot-activity/`);
    await hideSticky(page);
    const more = page.locator(".promo-section--moreCampaigns");
    await more.scrollIntoViewIfNeeded();
    await expect(more.getByRole("listitem")).toHaveCount(2);
    await axe(page, ".promo-section--moreCampaigns");
    await more.screenshot({ path: path.join(artifacts, `campaigns-${locale}.png`), animations: "disabled" });
  });
}
