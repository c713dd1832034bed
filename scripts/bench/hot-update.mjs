// Save → visible in the browser for designers' content edits under `promo dev`
// (DESIGN §7: a text, Markdown or YAML edit shows within 150 ms, without a reload).
//
// Runs `promo dev` on a disposable copy of the example site, opens a page in Debian's
// chromium and, for each kind of edit, writes the file and records when the changed
// text is in the page (a MutationObserver in the page stamps the time; page and script
// share the machine's clock). Prints the median and the spread of RUNS edits per kind,
// and fails if an edit reloaded the page instead of updating it in place.
//
//   node scripts/bench/hot-update.mjs            (make bench runs it)
//   RUNS=9 PORT=8099 node scripts/bench/hot-update.mjs
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const runs = Number(process.env.RUNS ?? 7);
const port = Number(process.env.PORT ?? 8097);
const base = `http://127.0.0.1:${port}`;

// What each kind edits, how the i-th edit reads, and the element whose text shows it.
const kinds = [
  {
    name: "text",
    file: "locales/en/depositblastoff.json",
    change: (src, i) => {
      const texts = JSON.parse(src);
      texts.hero.title = `Deposit Blast-Off ${i + 1}`;
      return JSON.stringify(texts, null, 2) + "\n";
    },
    watch: "h1",
    expect: (i) => `Deposit Blast-Off ${i + 1}`,
  },
  {
    name: "markdown",
    file: "campaigns/depositblastoff/rules/en.md",
    change: (src, i) => src.replace(/at least \d+ USDT in a single/, `at least ${200 + i} USDT in a single`),
    watch: "[data-promo-html]",
    expect: (i) => `at least ${200 + i} USDT in a single`,
  },
  {
    name: "yaml",
    file: "campaigns/depositblastoff/campaign.yaml",
    // The enrolment's last day moves; the schedule section shows it.
    change: (src, i) => src.replace(/enrollEnd: 2027-01-\d\dT/, `enrollEnd: 2027-01-${String(10 + i).padStart(2, "0")}T`),
    watch: ".promo-schedule",
    expect: null, // the date's wording is the locale's: any change of the section counts
  },
];

const site = mkdtempSync(path.join(tmpdir(), "promo-hot-"));
execFileSync("bash", [path.join(repo, "scripts/dev-site.sh"), site]);
const dev = spawn(path.join(repo, "bin/promo"), ["dev", "--source", site, "--addr", `127.0.0.1:${port}`], { stdio: ["ignore", "ignore", "pipe"] });
let devLog = "";
dev.stderr.on("data", (d) => (devLog += d));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--disable-gpu", "--no-first-run"] });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let failed = false;
try {
  await waitForServer();
  const page = await browser.newPage();
  await page.goto(`${base}/depositblastoff/`);
  await page.waitForSelector("html[data-hydrated]");
  await page.evaluate(() => (window.stillHere = true));
  const out = [];
  for (const k of kinds) {
    const file = path.join(site, k.file);
    const original = readFileSync(file, "utf8");
    const took = [];
    for (let i = 0; i < runs; i++) {
      const before = await page.locator(k.watch).first().textContent();
      // Arm the observer, then write: it stamps the first mutation showing the edit.
      await page.evaluate(
        ({ sel, want, before }) => {
          window.seenAt = 0;
          const el = document.querySelector(sel);
          const shows = () => (want ? el.textContent.includes(want) : el.textContent !== before);
          const obs = new MutationObserver(() => {
            if (shows()) {
              window.seenAt = Date.now();
              obs.disconnect();
            }
          });
          obs.observe(document.body, { subtree: true, childList: true, characterData: true });
        },
        { sel: k.watch, want: k.expect?.(i) ?? null, before },
      );
      const next = k.change(i === 0 ? original : readFileSync(file, "utf8"), i);
      if (next === readFileSync(file, "utf8")) throw new Error(`${k.name}: the edit changes nothing in ${k.file}`);
      const start = Date.now();
      writeFileSync(file, next);
      await page.waitForFunction(() => window.seenAt > 0, null, { timeout: 10_000 });
      took.push((await page.evaluate(() => window.seenAt)) - start);
      if (!(await page.evaluate(() => window.stillHere === true))) throw new Error(`${k.name}: the page reloaded`);
    }
    writeFileSync(file, original);
    await page.waitForTimeout(500);
    out.push(`${k.name} ${median(took)} ms (${Math.min(...took)}–${Math.max(...took)})`);
  }
  console.log(`hot update, save → visible in chromium, median of ${runs}: ${out.join(", ")}`);
} catch (e) {
  failed = true;
  console.error(`hot-update bench failed: ${e.message}\n${devLog.slice(-2000)}`);
} finally {
  await browser.close();
  dev.kill();
  rmSync(site, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${base}/api/healthz`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("promo dev did not start");
}
