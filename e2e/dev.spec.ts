import { promises as fs } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

// `promo dev` in a browser: the error overlay, live reload and the preview matrix. The
// dev server watches a temporary copy of the example site (PROMO_DEV_SITE) and serves
// it at PROMO_DEV_URL; these tests edit files there and put them back afterwards.

const SITE = process.env.PROMO_DEV_SITE ?? "";
const DEV_URL = process.env.PROMO_DEV_URL ?? "";

// No trace: it records response bodies, and the event stream's never ends, which can
// hold the context's teardown past the test's timeout.
test.use({ baseURL: DEV_URL, trace: "off" });

test.beforeAll(() => {
  if (!SITE || !DEV_URL) throw new Error("dev.spec.ts needs PROMO_DEV_SITE and PROMO_DEV_URL (a `promo dev` server on a copy of the site)");
});

// Files changed by the running test → their original content.
const originals = new Map<string, string>();

async function edit(rel: string, change: (text: string) => string): Promise<string> {
  const file = path.join(SITE, rel);
  const text = await fs.readFile(file, "utf8");
  if (!originals.has(rel)) originals.set(rel, text);
  await fs.writeFile(file, change(text));
  return text;
}

async function restore(): Promise<void> {
  for (const [rel, text] of originals) await fs.writeFile(path.join(SITE, rel), text);
  originals.clear();
}

test.afterEach(async ({ page, request }) => {
  // Close the page first: restoring the files makes open pages reload, and a page
  // reloading while its context is torn down can hold the teardown up. Leaving it for
  // a blank document first ends its event stream and cancels a reload under way (a
  // close during one once held this hook past the test's timeout).
  await page.goto("about:blank", { timeout: 5000 }).catch(() => undefined);
  await page.close();
  await restore();
  // The dev clock and the mock are the server's: put them back too.
  await request.post("/__promo/preview", { form: { time: "now" } });
  await request.post("/__promo/preview", { form: { reset: "1" } });
  // Let the dev server rebuild the restored site before the next test opens a page.
  await expect
    .poll(async () => (await request.get("/depositblastoff/")).text(), { timeout: 10_000 })
    .toContain(">Deposit Blast-Off</h1>");
});

const overlay = (page: Page) => page.getByRole("alertdialog", { name: "Build error" });

test("a broken campaign.yaml shows the error overlay, left to right on an Arabic page, until it is fixed", async ({ page }) => {
  await page.goto("/ar-SA/depositblastoff/");
  await waitForHydration(page);
  await expect(overlay(page)).toHaveCount(0);

  const rel = "campaigns/depositblastoff/campaign.yaml";
  const before = await edit(rel, (text) => text + "colour: blue\n");
  const line = before.split("\n").length; // the appended line (the file ends with a newline)

  await expect(overlay(page)).toBeVisible({ timeout: 5000 });
  await expect(overlay(page)).toContainText(`${rel}:${line}`);
  await expect(overlay(page)).toContainText("colour");
  // The page stays right to left; the overlay does not.
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("[data-promo-dev]")).toHaveAttribute("dir", "ltr");
  expect(await overlay(page).evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
  // The overlay does not take the focus from the page; its close button is reachable.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expect(overlay(page).getByRole("button", { name: "Close the build error" })).toBeVisible();

  await restore();
  await expect(overlay(page)).toHaveCount(0, { timeout: 5000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("انطلاقة الإيداع");
});

test("a page.tsx that throws while prerendering is shown at its own line, once", async ({ page }) => {
  await page.goto("/referral-v2/");
  await waitForHydration(page);
  const rel = "campaigns/referral-v2/page.tsx";
  const before = await edit(rel, (text) => text.replace("  const t = useT();\n", '  const t = useT();\n  if (t("steps.title")) throw new Error("no steps yet");\n'));
  const line = before.split("\n").findIndex((l) => l.includes("const t = useT();")) + 2;

  await expect(overlay(page)).toBeVisible({ timeout: 10_000 });
  await expect(overlay(page)).toContainText(`${rel}:${line}:`);
  await expect(overlay(page)).toContainText("prerendering referral-v2 failed in");
  await expect(overlay(page)).toContainText("Error: no steps yet");
  await expect(overlay(page)).toContainText('throw new Error("no steps yet")'); // the excerpt
  await expect(overlay(page).getByRole("listitem")).toHaveCount(1);

  await restore();
  await expect(overlay(page)).toHaveCount(0, { timeout: 10_000 });
});

test("a text missing at run time is named in the overlay, not left as a raw key without a word", async ({ page }) => {
  await page.goto("/referral-v2/");
  await waitForHydration(page);
  const step = "nope";
  await edit("campaigns/referral-v2/page.tsx", (text) =>
    text.replace("{t(\"steps.title\")}", `{t(\`steps.\${"${step}"}\`)}`),
  );
  const notice = page.getByRole("alertdialog", { name: "Missing texts" });
  await expect(notice).toBeVisible({ timeout: 10_000 });
  await expect(notice).toContainText('Text "steps.nope" of referral-v2 is not in any bundle');
  await expect(notice).toContainText("locales/en/referral-v2.json");
});

test("Escape and the close button dismiss the overlay; the next error brings it back", async ({ page }) => {
  await page.goto("/depositblastoff/");
  await waitForHydration(page);
  const rel = "campaigns/depositblastoff/campaign.yaml";
  await edit(rel, (text) => text + "colour: blue\n");
  await expect(overlay(page)).toBeVisible({ timeout: 5000 });
  await page.keyboard.press("Escape");
  await expect(overlay(page)).toHaveCount(0);

  await edit(rel, (text) => text + "size: large\n");
  await expect(overlay(page)).toBeVisible({ timeout: 5000 });
  await overlay(page).getByRole("button", { name: "Close the build error" }).click();
  await expect(overlay(page)).toHaveCount(0);

  // A page opened while the build is broken shows the error at once (the hello event).
  await page.reload();
  await expect(overlay(page)).toBeVisible({ timeout: 5000 });
  await expect(overlay(page)).toContainText("Build failed: 2 errors");
});

test("a text edit updates the open page in place: the dialog, the scroll and the page stay", async ({ page, consoleProblems }) => {
  await page.goto("/depositblastoff/");
  await waitForHydration(page);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Deposit Blast-Off");
  // A reload would lose this mark, the scroll position and the open dialog.
  await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
  await page.getByRole("button", { name: "Apply" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await expect(dialog).toBeVisible();
  await page.getByRole("textbox", { name: /email/i }).first().fill("designer@example.com");

  await edit("locales/en/depositblastoff.json", (text) => {
    const texts = JSON.parse(text);
    texts.hero.title = "Deposit Blast-Off, now live";
    return JSON.stringify(texts, null, 2) + "\n";
  });
  await expect(heading).toHaveText("Deposit Blast-Off, now live", { timeout: 5000 });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole("textbox", { name: /email/i }).first()).toHaveValue("designer@example.com");
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(consoleProblems).toEqual([]);
});

test("a rules edit updates the open page in place, keeping the scroll", async ({ page, consoleProblems }) => {
  await page.goto("/depositblastoff/");
  await waitForHydration(page);
  const rules = page.locator("[data-promo-html]").first();
  await rules.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

  await edit("campaigns/depositblastoff/rules/en.md", (text) => text.replace("at least 100 USDT in a single", "at least 250 USDT in a single"));
  await expect(rules).toContainText("at least 250 USDT in a single", { timeout: 5000 });
  expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);

  expect(consoleProblems).toEqual([]);
});

test("a code edit reloads the open page", async ({ page, consoleProblems }) => {
  await page.goto("/referral-v2/");
  await waitForHydration(page);
  await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));
  // The page's code changed: its scripts are others, and only a reload runs them.
  await edit("campaigns/referral-v2/page.tsx", (text) => text.replace('className="promo-page"', 'className="promo-page promo-page--edited"'));
  await expect(page.locator("main.promo-page--edited")).toBeVisible({ timeout: 10_000 });
  await expect.poll(() => page.evaluate(() => (window as { stillHere?: boolean }).stillHere ?? false), { timeout: 10_000 }).toBe(false);
  await waitForHydration(page);
  expect(consoleProblems).toEqual([]);
});

test("the preview matrix links every page, and its device control puts the pages in the app", async ({ page, consoleProblems }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Promo preview" })).toBeVisible();
  const pages = page.getByRole("list", { name: /Deposit Blast-Off/ });
  await expect(pages.getByRole("link")).toHaveCount(23);
  await expect(pages.getByRole("link", { name: "en", exact: true })).toHaveAttribute("href", "/depositblastoff/");
  await expect(pages.getByRole("link", { name: "ar-SA", exact: true })).toHaveAttribute("href", "/ar-SA/depositblastoff/");
  // The status in words, beside the buttons that set it.
  await expect(page.getByRole("row", { name: /Deposit Blast-Off/ }).locator("p.status")).toHaveText(/^(Not started|Ongoing|Finished|Not finished|Unavailable)$/);
  expect(consoleProblems).toEqual([]);

  // Phone web: an iPhone's user agent without the app's marker.
  await page.getByRole("button", { name: "Phone web" }).click();
  await expect(page.getByRole("button", { name: "Phone web" })).toHaveAttribute("aria-pressed", "true");
  await pages.getByRole("link", { name: "en", exact: true }).click();
  await waitForHydration(page);
  const phone = await page.evaluate(() => ({ ua: navigator.userAgent, bridge: "__PROMO_APP_BRIDGE__" in window }));
  expect(phone.ua).toContain("iPhone");
  expect(phone.ua).not.toContain("ExchangeApp");
  expect(phone.bridge).toBe(false);

  // In the app: the same user agent with the marker of site.yaml's app.userAgentMarker.
  await page.goto("/");
  await page.getByRole("button", { name: "In the app" }).click();
  await expect(page.getByRole("button", { name: "In the app" })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/ja-JP/depositblastoff/");
  await waitForHydration(page);
  const app = await page.evaluate(() => ({ ua: navigator.userAgent, bridge: (window as { __PROMO_APP_BRIDGE__?: { emulated: boolean } }).__PROMO_APP_BRIDGE__ }));
  expect(app.ua).toContain("ExchangeApp");
  expect(app.bridge).toEqual({ emulated: true });

  // Back to desktop web: the browser's own user agent.
  await page.goto("/");
  await page.getByRole("button", { name: "Desktop web" }).click();
  await page.goto("/depositblastoff/");
  expect(await page.evaluate(() => navigator.userAgent)).not.toContain("iPhone");
  expect(consoleProblems).toEqual([]);
});

test("the preview's clock moves the pages' countdown", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Move the clock to (UTC)").fill("2026-10-31T00:00");
  await page.getByRole("button", { name: "Set time" }).click();
  await expect(page.getByRole("row", { name: /Deposit Blast-Off/ }).locator("p.status")).toHaveText("Not started");
  await page.goto("/depositblastoff/");
  await waitForHydration(page);
  // One day before the start (2026-11-01T00:00Z), give or take the seconds of this test.
  await expect(page.getByRole("heading", { name: "Starts in" })).toBeVisible();
  await page.goto("/");
  await page.getByRole("button", { name: "Back to now" }).click();
  await expect(page.getByText("(real time)")).toBeVisible();
});
