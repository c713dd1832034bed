import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { campaign, CAMPAIGNS, DEMO, fault, resetMock } from "./mock";

// The prize draw of DESIGN §6 on /spot-activity/ (3 chances a user, four prizes) against
// `promo serve` with the mock. The mock draws without an enrolment (internal/mock/
// prizedraw.go), so no journey here needs Apply first.

const DRAW_PATH = "/segw/prizedraw/v1/prize_draw/item/draw";
const CONFIG_PATH = "/segw/prizedraw/v1/prize_draw/activity";
// The campaign's prizes by id, as its English texts name them (locales/en/spot-activity.json).
const PRIZES: Record<string, string> = {
  "usdt-100": "100 USDT",
  "usdt-10": "10 USDT",
  "coupon-5": "5 USDT trading coupon",
  thanks: "Better luck next time",
};

test.beforeEach(async ({ request }) => {
  await resetMock(request);
  // The schedule runs from 2026-11-20 to 2026-12-20: whatever today is, draw while ongoing.
  await campaign(request, { id: CAMPAIGNS.spot.id, status: 5 });
});

async function openDraw(page: Page, path = "/spot-activity/") {
  await page.goto(path);
  await waitForHydration(page);
  const region = page.getByRole("region", { name: /Prize draw|السحب على الجوائز|賞品抽選/ });
  await region.scrollIntoViewIfNeeded();
  return region;
}

async function logIn(page: Page, name = "Log in") {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox").first().fill(DEMO.email);
  await dialog.locator('input[type="password"]').fill(DEMO.password);
  await dialog.getByRole("button", { name }).last().click();
  await expect(dialog).toBeHidden();
}

/** Logs in from the page header, without starting a draw. */
async function logInFromHeader(page: Page, name = "Log in") {
  await page.getByRole("banner").getByRole("button", { name }).click();
  await logIn(page, name);
}

async function mockDraws(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/__mock/state");
  return ((await res.json()) as { result: { draws: number } }).result.draws;
}

const isDraw = (r: Request) => r.url().endsWith(`/api${DRAW_PATH}`) && r.method() === "POST";

test("log in from Draw, the draw follows; the prize, the chances and My prizes; a reload keeps them", async ({ page, consoleProblems }) => {
  const region = await openDraw(page);
  await region.getByRole("button", { name: "Draw" }).click();
  const sent = page.waitForRequest(isDraw);
  const answered = page.waitForResponse((r) => isDraw(r.request()));
  await logIn(page); // the login started by Draw goes on to draw without a second press
  const headers = (await sent).headers();
  expect(headers["gdfp"]).toMatch(/^[0-9a-f]{32}$/); // FingerprintJS's visitorId
  expect(headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  const body = (await (await answered).json()) as { result: { record: { prize_id: string } } };
  const prize = PRIZES[body.result.record.prize_id];

  const dialog = page.getByRole("dialog", { name: new RegExp(`Your prize\\s*${prize}`) });
  await expect(dialog).toBeVisible();
  await expect(region.getByText("Chances left: 2")).toBeVisible();
  await dialog.getByRole("button", { name: "Got it" }).click();
  await expect(dialog).toBeHidden();
  await expect(region.getByRole("button", { name: "Draw" })).toBeFocused();
  const records = region.getByRole("list", { name: "My prizes" });
  await expect(records.getByRole("listitem")).toHaveCount(1);
  await expect(records.getByRole("listitem")).toContainText(prize);
  await expect(records.getByRole("listitem")).toContainText("UTC");

  await page.reload();
  await waitForHydration(page);
  await region.scrollIntoViewIfNeeded();
  await expect(region.getByText("Chances left: 2")).toBeVisible();
  await expect(region.getByRole("list", { name: "My prizes" }).getByRole("listitem")).toHaveText([new RegExp(prize)]);
  expect(await mockDraws(page.request)).toBe(1);
  expect(consoleProblems).toEqual([]);
});

test("a double click draws once; the button is busy meanwhile", async ({ page, request }) => {
  const region = await openDraw(page);
  await logInFromHeader(page);
  const draw = region.getByRole("button", { name: "Draw" });
  await expect(region.getByText("Chances left: 3")).toBeVisible();
  await fault(request, { path: DRAW_PATH, delay_ms: 800 }); // slow enough for the second click to land in flight
  const sent: Request[] = [];
  page.on("request", (r) => isDraw(r) && sent.push(r));
  await draw.dblclick();
  await expect(draw).toHaveAttribute("aria-busy", "true");
  await expect(draw).toBeDisabled(); // aria-disabled while in flight
  await draw.click({ force: true }); // a third press anyway, while the first is in flight
  await expect(page.getByRole("dialog", { name: /Your prize/ })).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(await mockDraws(request)).toBe(1);
  await page.getByRole("button", { name: "Got it" }).click();
  await expect(region.getByText("Chances left: 2")).toBeVisible();
});

test("a dropped draw is retried with the same Idempotency-Key and draws once", async ({ page, request }) => {
  const region = await openDraw(page);
  await logInFromHeader(page);
  await expect(region.getByText("Chances left: 3")).toBeVisible();
  await fault(request, { path: DRAW_PATH, drop: true });
  const sent: Request[] = [];
  page.on("request", (r) => isDraw(r) && sent.push(r));
  await region.getByRole("button", { name: "Draw" }).click();
  await expect(page.getByRole("dialog", { name: /Your prize/ })).toBeVisible();
  expect(sent).toHaveLength(2);
  expect(sent[1].headers()["idempotency-key"]).toBe(sent[0].headers()["idempotency-key"]);
  expect(await mockDraws(request)).toBe(1);
  await expect(page.getByRole("status").filter({ hasText: /^-1: / })).toHaveCount(0);
});

test("with every chance used, Draw is disabled and says why", async ({ page, request }) => {
  const region = await openDraw(page);
  await logInFromHeader(page);
  for (let left = 2; left >= 0; left--) {
    await region.getByRole("button", { name: "Draw" }).click();
    await page.getByRole("dialog", { name: /Your prize/ }).getByRole("button", { name: "Got it" }).click();
    await expect(region.getByText(`Chances left: ${left}`)).toBeVisible();
  }
  await expect(region.getByRole("button", { name: "Draw" })).toBeDisabled();
  await expect(region.getByText("You have used all your chances.")).toBeVisible();
  await expect(region.getByRole("list", { name: "My prizes" }).getByRole("listitem")).toHaveCount(3);
  expect(await mockDraws(request)).toBe(3);
});

test("a failed configuration says so in the widget with a Retry, no toast", async ({ page, request }) => {
  await fault(request, { path: CONFIG_PATH, ret_code: 10000 });
  const region = await openDraw(page);
  await expect(region.getByRole("alert")).toContainText("The prize draw could not be loaded.");
  await expect(page.getByRole("status").filter({ hasText: "10000" })).toHaveCount(0);
  await region.getByRole("button", { name: "Retry" }).click();
  await expect(region.getByRole("button", { name: "Draw" })).toBeEnabled();
  await expect(region.getByText("Log in to draw. Every account gets 3 chances.")).toBeVisible();
});

test("axe finds nothing in the widget, with the result dialog open too", async ({ page }) => {
  const region = await openDraw(page);
  await logInFromHeader(page);
  await region.getByRole("button", { name: "Draw" }).click();
  const dialog = page.getByRole("dialog", { name: /Your prize/ });
  await expect(dialog).toBeVisible();
  const scan = async (selector: string) => {
    const results = await new AxeBuilder({ page }).include(selector).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  await scan('[role="dialog"]');
  await dialog.getByRole("button", { name: "Got it" }).click();
  await expect(region.getByRole("list", { name: "My prizes" })).toBeVisible();
  await scan(".promo-section--prizeDraw");
});

for (const [locale, login, draw, gotIt] of [
  ["ar-SA", "تسجيل الدخول", "اسحب", "حسنًا"],
  ["ja-JP", "ログイン", "抽選する", "OK"],
] as const) {
  test(`the widget in ${locale} (screenshot into e2e/artifacts/)`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.setViewportSize({ width: 390, height: 900 });
    const region = await openDraw(page, `/${locale}/spot-activity/`);
    await logInFromHeader(page, login);
    await region.getByRole("button", { name: draw }).click();
    await page.getByRole("dialog").getByRole("button", { name: gotIt }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(region.getByRole("listitem").last()).toContainText("UTC");
    if (locale === "ar-SA") expect(await region.evaluate((r) => getComputedStyle(r).direction)).toBe("rtl");
    // Latin digits everywhere (ar-SA included): the chances and the record's time.
    expect(await region.innerText()).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    expect(await region.evaluate((r) => r.scrollWidth - r.clientWidth)).toBeLessThanOrEqual(0); // nothing wider than a phone
    await region.screenshot({ path: `artifacts/draw-${locale}.png` });
  });
}
