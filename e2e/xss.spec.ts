import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

// The XSS corpus (DESIGN §4): hostile text in every place an author or a visitor can
// put it (translations, campaign.yaml, rules Markdown, the query string, the path)
// is built into a copy of the site and opened in Chromium: no script runs, no markup
// is injected, and the text shows as text.

const port = Number(process.env.PROMO_E2E_PORT ?? 8471) + 5;
const origin = `http://127.0.0.1:${port}`;
const site = path.resolve(__dirname, "artifacts/xss-site");
let server: ChildProcess | undefined;

// Each payload sets window.__xss or adds an element with id "xss" if it runs.
const payloads = [
  `<img src=x id=xss onerror="window.__xss=1">`,
  `"><script>window.__xss=1</script>`,
  `</script><script>window.__xss=1</script>`,
  `<svg onload="window.__xss=1"><b id=xss>`,
  "${window.__xss=1}` + '\u003cscript\u003ewindow.__xss=1\u003c/script\u003e'",
  `<a id=xss href="javascript:window.__xss=1">x</a>`,
  `<style>body{display:none}</style><iframe id=xss srcdoc="<script>parent.__xss=1</script>">`,
  `\u2028\u2029<!--<script>window.__xss=1</script>`,
];

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  const repo = path.resolve(__dirname, "..");
  execFileSync("bash", [path.join(repo, "scripts/dev-site.sh"), site]);
  // Translations: the hero, the steps and the FAQ texts.
  const texts = path.join(site, "locales/en/depositblastoff.json");
  const t = JSON.parse(readFileSync(texts, "utf8"));
  t.hero.title = "Blast " + payloads[0];
  t.hero.subtitle = payloads[1] + payloads[2];
  t.meta.title = payloads[2];
  t.steps.apply = { ...t.steps.apply, title: payloads[3], body: payloads[4] };
  t.popup.title = payloads[6];
  writeFileSync(texts, JSON.stringify(t));
  // campaign.yaml: a table's units are shown as written.
  const yaml = path.join(site, "campaigns/depositblastoff/campaign.yaml");
  writeFileSync(yaml, readFileSync(yaml, "utf8").replace("units: [USDT, USDT]", `units: ['${payloads[5].replace(/'/g, "''")}', '${payloads[7]}']`));
  // Rules Markdown: a script link is refused by the build, naming the line…
  const rules = path.join(site, "campaigns/depositblastoff/rules/en.md");
  const before = readFileSync(rules, "utf8");
  const promo = path.join(repo, "bin/promo");
  for (const link of ["javascript:window.__xss=1", "data:text/html,<script>parent.__xss=1</script>"]) {
    writeFileSync(rules, before + `\n\n[link](${link})\n`);
    expect(() => execFileSync(promo, ["build", "--source", site, "--locale", "en"], { stdio: "pipe" })).toThrow(/rules\/en\.md:\d+:\d+: error: link .* \[bad-link\]/);
  }
  // …raw HTML and an HTML comment are built as text or dropped.
  writeFileSync(rules, before);
  appendFileSync(rules, "\n\n" + payloads.join("\n\n") + "\n");
  execFileSync(promo, ["build", "--source", site, "--locale", "en"], { stdio: "pipe" });
  server = spawn(promo, ["serve", "--source", site, "--addr", `127.0.0.1:${port}`], { stdio: "ignore" });
  await expect.poll(async () => fetch(`${origin}/api/healthz`).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator("#xss, img[src='x'], iframe, #root script, a[href^='javascript:'], a[href^='data:']").count()).toBe(0);
}

const urls = [
  "/depositblastoff/",
  "/depositblastoff/?ref=" + encodeURIComponent(payloads[1]),
  "/depositblastoff/?ref=" + encodeURIComponent(payloads[0]) + "&referral_code=" + encodeURIComponent(payloads[2]),
  "/depositblastoff/?locale=" + encodeURIComponent(payloads[1]) + "#" + encodeURIComponent(payloads[0]),
  "/" + encodeURIComponent(payloads[1]) + "/depositblastoff/",
  "/depositblastoff/" + encodeURIComponent(payloads[0]),
];

for (const url of urls) {
  test(`nothing runs or is injected: ${url.slice(0, 60)}`, async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(origin + url);
    if (await page.locator("#promo-data").count()) await waitForHydration(page);
    await expectInert(page);
    expect(dialogs).toEqual([]);
  });
}

test("hostile texts show as text, in the page and after hydration", async ({ page }) => {
  await page.goto(origin + "/depositblastoff/?ref=" + encodeURIComponent(payloads[1]));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Blast <img src=x id=xss onerror="window.__xss=1">`);
  await expect(page.locator(".promo-hero__subtitle")).toContainText("<script>window.__xss=1</script>");
  expect(await page.title()).toContain("</script><script>");
  await expect(page.locator(".promo-tiers")).toContainText(`<a id=xss href="javascript:window.__xss=1">x</a>`);
  // The register dialog takes ?ref= as the invitation code: a value, never markup.
  await page.getByRole("main").getByRole("button", { name: "Sign up" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectInert(page);
});
