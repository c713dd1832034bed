import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page, Request } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { resetMock } from "./mock";

// Analytics (spec §3, §4; DESIGN §6): the site's Tag Manager container loads after the
// window's load event and gets the events queued until then; the CSP allows exactly its
// host; the local environment loads no third-party script at all.

const GTM = "https://www.googletagmanager.com/gtm.js";
const PAGE = "/depositblastoff/";
// The hero art is an <img>, so the window's load event waits for it: holding it back
// lets a test act before the load event, deterministically.
const HERO = "**/assets/img/depositblastoff-art-*.svg";

type Layer = Record<string, unknown>[];
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: Layer }).dataLayer ?? null);
const promoEvents = (layer: Layer | null) => (layer ?? []).filter((e) => e.event === "promo");
const directive = (csp: string, name: string) =>
  csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(name + " "))?.slice(name.length + 1);

/** Holds the hero image until release() is called. */
async function holdHero(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(HERO, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Clicks the hero art: the heatmap (spec §3) reports it as a tracking event. */
const clickHero = (page: Page) => page.locator("img.promo-hero__art-image").dispatchEvent("click");

test.describe("the default site (environment local)", () => {
  test.beforeEach(async ({ request }) => {
    await resetMock(request);
  });

  test("loads no tag manager, keeps the CSP to its own origin, and still delivers events after load", async ({ page, consoleProblems }) => {
    const requested: string[] = [];
    page.on("request", (r: Request) => requested.push(r.url()));
    const release = await holdHero(page);
    const res = await page.goto(PAGE, { waitUntil: "domcontentloaded" });
    await waitForHydration(page);
    await clickHero(page);
    expect(await dataLayer(page)).toBeNull(); // queued until the load event
    release();
    await page.waitForFunction(() => document.readyState === "complete");
    await expect.poll(async () => promoEvents(await dataLayer(page))).toEqual([
      expect.objectContaining({ event: "promo", ep: "heatmap", el: "img.promo-hero__art-image", project_type: "growth-activity" }),
    ]);
    const csp = res!.headers()["content-security-policy"];
    expect(directive(csp, "script-src")).toBe("'self'");
    expect(directive(csp, "connect-src")).toBe("'self'");
    expect(csp).not.toContain("googletagmanager");
    const data = JSON.parse((await page.locator("#promo-data").textContent()) ?? "{}");
    expect(data.env).toBe("local");
    expect(data.analytics).toEqual({ projectType: "growth-activity" });
    expect(await page.locator("script[src*='googletagmanager']").count()).toBe(0);
    const origin = new URL(res!.url()).origin;
    expect(requested.filter((u) => !u.startsWith(origin + "/") && !u.startsWith("data:"))).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });
});

// A copy of the site built for production with a container, served on its own port by
// `promo serve --env local`: the pages are the production build's, the API is the mock.
// gtm.js itself is answered by a stub through page.route (this machine has no network).
test.describe("a site built with a Tag Manager container", () => {
  const port = Number(process.env.PROMO_E2E_PORT ?? 8471) + 3;
  const origin = `http://127.0.0.1:${port}`;
  const site = path.resolve(__dirname, "artifacts/analytics-site");
  let server: ChildProcess | undefined;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    const repo = path.resolve(__dirname, "..");
    execFileSync("bash", [path.join(repo, "scripts/dev-site.sh"), site]);
    writeFileSync(
      path.join(site, "site.yaml"),
      "baseURL: " + origin + "\nenvironment: production\nanalytics:\n  gtm: GTM-E2ETEST1\n  projectType: e2e-growth\n",
    );
    const promo = path.join(repo, "bin/promo");
    execFileSync(promo, ["build", "--source", site, "--locale", "en"], { stdio: "pipe" });
    server = spawn(promo, ["serve", "--source", site, "--env", "local", "--addr", `127.0.0.1:${port}`], { stdio: "ignore" });
    await expect
      .poll(async () => fetch(`${origin}/api/healthz`).then((r) => r.status, () => 0), { timeout: 30_000 })
      .toBe(200);
  });

  test.afterAll(() => {
    server?.kill();
  });

  test("gtm.js loads once after the load event, under a CSP that allows it, and receives the queued events", async ({ page, consoleProblems }) => {
    const gtmRequests: string[] = [];
    await page.route(`${GTM}?*`, async (route) => {
      gtmRequests.push(route.request().url());
      // What the container sees when it runs: the load event's state and the dataLayer.
      await route.fulfill({
        contentType: "text/javascript",
        body:
          "window.__gtmStub = {readyState: document.readyState," +
          " loadEventStart: performance.getEntriesByType('navigation')[0].loadEventStart," +
          " dataLayer: JSON.parse(JSON.stringify(window.dataLayer))};",
      });
    });
    const release = await holdHero(page);
    const res = await page.goto(`${origin}${PAGE}`, { waitUntil: "domcontentloaded" });
    const csp = res!.headers()["content-security-policy"];
    expect(directive(csp, "script-src")).toBe("'self' https://www.googletagmanager.com");
    expect(directive(csp, "connect-src")).toBe("'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com");
    const data = JSON.parse((await page.locator("#promo-data").textContent()) ?? "{}");
    expect(data.analytics).toEqual({ gtm: "GTM-E2ETEST1", projectType: "e2e-growth" });

    await waitForHydration(page);
    await clickHero(page);
    await clickHero(page);
    // Before the load event: nothing requested, nothing delivered.
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    expect(gtmRequests).toEqual([]);
    expect(await dataLayer(page)).toBeNull();

    release();
    await page.waitForFunction(() => "__gtmStub" in window);
    expect(gtmRequests).toEqual([`${GTM}?id=GTM-E2ETEST1`]);
    const stub = await page.evaluate(() => (window as unknown as { __gtmStub: { readyState: string; loadEventStart: number; dataLayer: Layer } }).__gtmStub);
    expect(stub.readyState).toBe("complete");
    expect(stub.loadEventStart).toBeGreaterThan(0);
    // The container ran on its own start event; the page's events follow once it has loaded.
    expect(stub.dataLayer).toEqual([{ "gtm.start": expect.any(Number), event: "gtm.js" }]);
    const queued = { event: "promo", ep: "heatmap", el: "img.promo-hero__art-image", campaign_id: "20261101001", project_type: "e2e-growth" };
    await expect.poll(async () => dataLayer(page)).toEqual([
      { "gtm.start": expect.any(Number), event: "gtm.js" },
      expect.objectContaining(queued),
      expect.objectContaining(queued),
    ]);
    // Later events go straight to the dataLayer; the script is not loaded again.
    await clickHero(page);
    expect(promoEvents(await dataLayer(page))).toHaveLength(3);
    expect(await page.locator(`script[src^="${GTM}"]`).count()).toBe(1);
    expect(gtmRequests).toHaveLength(1);
    expect(consoleProblems).toEqual([]);
  });
});
