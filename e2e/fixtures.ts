import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * Every test's page records console errors and warnings and uncaught exceptions; a
 * clean page load has none (DESIGN §6), so `expectCleanConsole` fails the test on any.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("console", (m: ConsoleMessage) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    await use(problems);
  },
});

export { expect };

/** Waits until React has hydrated the page (the client entry marks the root). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
