import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { CAMPAIGNS, DEMO, resetMock } from "./mock";

// Login through the app's bridge (DESIGN §8, spec §4) against `promo serve` with the mock.
// The app is a fake with the bridge's shape, injected before the page's scripts. Its
// token comes from the mock's control (POST /api/__mock/token, local only), as the real
// app would hold one: page scripts of the product never read a token.

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

interface FakeApp {
  version: string;
  token: string | null; // what the app's login screen yields; null: the visitor gives up
  present: boolean; // false: the app never injects the bridge
}

test.beforeEach(async ({ request }) => {
  await resetMock(request);
});

async function demoToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/__mock/token", { data: { email: DEMO.email } });
  expect(res.ok()).toBe(true);
  return (await res.json()).result.userToken;
}

// The fake app: logged out until its login screen (Router.push) "logs in", then its
// profile carries the token. Every call is recorded in window.__bridgeCalls.
async function installApp(page: Page, app: FakeApp) {
  await page.addInitScript((a: FakeApp) => {
    const w = window as unknown as Record<string, unknown>;
    const calls: unknown[] = [];
    w.__bridgeCalls = calls;
    if (!a.present) return;
    let loggedIn = false;
    w.ExchangeBridge = {
      call: async (module: string, method: string, params?: Record<string, unknown>) => {
        calls.push({ call: `${module}.${method}`, params: params ?? null });
        switch (`${module}.${method}`) {
          case "SystemInfo.getAppConfig":
            return { code: 0, params: { appVersion: a.version } };
          case "Router.push":
            if (a.token === null) return { code: 1 };
            loggedIn = true;
            return { code: 0 };
          case "UserProfile.getUserProfile":
            return loggedIn ? { code: 0, params: { uid: 1001, userName: "demo", vagueEmail: "de***@example.com", userToken: a.token } } : { code: 401 };
        }
        return { code: 404 };
      },
    };
  }, app);
}

const bridgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { __bridgeCalls: { call: string; params: unknown }[] }).__bridgeCalls);

async function open(page: Page) {
  await page.goto("/depositblastoff/");
  await waitForHydration(page);
}

test.describe("in the app, 3.7.0", () => {
  test.use({ userAgent: `${IPHONE} ExchangeApp/3.7.0` });

  test("Apply logs in through the app's screen and enrols, with no web dialog", async ({ page, context, request, consoleProblems }) => {
    await installApp(page, { version: "3.7.0", token: await demoToken(request), present: true });
    await open(page);
    await page.getByRole("button", { name: "Apply" }).click();
    const popup = page.getByRole("dialog", { name: "You're in!" });
    await expect(popup).toBeVisible();
    await popup.getByRole("button", { name: "Got it" }).click();
    await expect(page.getByRole("button", { name: "Joined" })).toBeDisabled();
    await expect(page.getByRole("dialog", { name: "Log in" })).toHaveCount(0);
    const calls = await bridgeCalls(page);
    expect(calls.filter((c) => c.call === "Router.push")).toEqual([{ call: "Router.push", params: { path: "login", fromWeb: 1 } }]);
    // The function set the token cookie, HttpOnly, and its readable companion.
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name.startsWith("b_t_c_k"));
    expect(token?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === "promo_session")?.value).toBe("1");
    expect(await page.evaluate(() => document.cookie)).not.toContain("b_t_c_k");
    expect(consoleProblems).toEqual([]);
  });

  test("a visitor who gives up in the app gets the web dialog, and it is reported", async ({ page }) => {
    await installApp(page, { version: "3.7.0", token: null, present: true });
    await open(page);
    const report = page.waitForRequest((r) => r.url().endsWith("/api/monitor") && r.method() === "POST");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
    expect((await report).postData()).toContain("in-app login failed");
    expect((await bridgeCalls(page)).map((c) => c.call)).toContain("Router.push");
  });

  test("without the bridge the page waits 3 s, reports, and opens the web dialog", async ({ page }) => {
    await installApp(page, { version: "3.7.0", token: null, present: false });
    await open(page);
    const report = page.waitForRequest((r) => r.url().endsWith("/api/monitor") && r.method() === "POST");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible({ timeout: 10_000 });
    expect((await report).postData()).toContain("not ready");
  });
});

test.describe("in the app, 3.6.0", () => {
  test.use({ userAgent: `${IPHONE} ExchangeApp/3.6.0` });

  test("Apply opens the web login dialog (the bridge needs 3.6.1)", async ({ page, request }) => {
    await installApp(page, { version: "3.6.0", token: await demoToken(request), present: true });
    await open(page);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
    expect((await bridgeCalls(page)).map((c) => c.call)).not.toContain("Router.push");
  });
});

test("built pages carry no fake bridge: it is promo dev's only", async ({ request }) => {
  const html = await (await request.get("/depositblastoff/")).text();
  expect(html).not.toContain("/__promo/");
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/data-(?:entry|preload)="([^"]+)"/g)].flatMap((m) => m[1].split(" "));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const js = await (await request.get(new URL(src, "http://x/depositblastoff/").pathname)).text();
    expect(js).not.toContain("__mock/token");
    expect(js).not.toContain("promo_dev_app");
  }
});

test.describe("promo dev's In the app preview", () => {
  test.use({ baseURL: process.env.PROMO_DEV_URL });

  test("the fake app asks, logs the demo account in, and Apply enrols", async ({ page, context, request }) => {
    await resetMock(request);
    await request.post("/api/__mock/campaign", { data: { id: CAMPAIGNS.depositblastoff.id, status: 5 } });
    await page.goto("/");
    await page.getByRole("button", { name: "In the app" }).click();
    await page.getByLabel("App version").fill("3.7.0");
    await page.getByLabel("App account").selectOption("visitor");
    await page.getByRole("button", { name: "Save app settings" }).click();
    await expect(page.getByLabel("App version")).toHaveValue("3.7.0");
    await open(page);
    expect(await page.evaluate(() => navigator.userAgent)).toContain("ExchangeApp/3.7.0");
    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.accept();
    });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("dialog", { name: "You're in!" })).toBeVisible();
    expect(asked[0]).toContain("demo@example.com");
    expect((await context.cookies()).find((c) => c.name.startsWith("b_t_c_k"))?.httpOnly).toBe(true);
    await expect(page.getByRole("dialog", { name: "Log in" })).toHaveCount(0);
  });
});
