import path from "node:path";
import { defineConfig } from "@playwright/test";
import { MOCK_NOW } from "./mock";

// Browser tests drive Debian's chromium (never a downloaded browser) against
// `promo serve`: the built example site, the function and the mock upstream.
const port = Number(process.env.PROMO_E2E_PORT ?? 8471);
export const baseURL = `http://127.0.0.1:${port}`;

// `promo dev` runs on a copy of the site that dev.spec.ts edits (made by
// scripts/dev-site.sh), so the repository's own files are never touched.
const devPort = port + 1;

const devSite = path.resolve(__dirname, "artifacts/dev-site");
process.env.PROMO_DEV_SITE = devSite;
process.env.PROMO_DEV_URL = `http://127.0.0.1:${devPort}`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "artifacts/results",
  // One worker: the mock upstream's state (faults, overrides, rate limits) is shared
  // by the whole server, and every test resets it.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // This machine has no network but the loopback: keep chromium from trying.
      args: ["--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
      chromiumSandbox: false,
    },
    trace: "retain-on-failure",
  },
  webServer: [
    {
      // The site is built by `make test-e2e` first; serving it is the test's business.
      // The server log (one JSON line per API call) goes to a file beside the results.
      command: `mkdir -p artifacts && ../bin/promo serve --source .. --addr 127.0.0.1:${port} --now ${MOCK_NOW} 2>artifacts/serve.log`,
      url: `${baseURL}/api/healthz`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      timeout: 30_000,
    },
    {
      command: `bash ../scripts/dev-site.sh ${devSite} && ../bin/promo dev --source ${devSite} --addr 127.0.0.1:${devPort} 2>artifacts/dev.log`,
      url: `http://127.0.0.1:${devPort}/api/healthz`,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      timeout: 60_000,
    },
  ],
});
