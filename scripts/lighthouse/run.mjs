// Lighthouse on campaign pages (DESIGN §7: mobile defaults, median of 3 runs;
// performance ≥ 98, accessibility, best practices and SEO 100). Run by run.sh
// against `promo serve`; Debian's chromium, never a downloaded browser.
//
//   node run.mjs BASE_URL PATH... [--runs 3]
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const args = process.argv.slice(2);
let runs = 3;
const i = args.indexOf("--runs");
if (i >= 0) {
  runs = Number(args[i + 1]);
  args.splice(i, 2);
}
const [base, ...paths] = args;
if (!base || paths.length === 0 || !(runs >= 1)) {
  console.error("usage: node run.mjs BASE_URL PATH... [--runs N]");
  process.exit(2);
}

const categories = ["performance", "accessibility", "best-practices", "seo"];
const metrics = { LCP: "largest-contentful-paint", TBT: "total-blocking-time", CLS: "cumulative-layout-shift" };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const budget = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 };

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
let missed = 0;
try {
  for (const path of paths) {
    const scores = Object.fromEntries(categories.map((c) => [c, []]));
    const values = Object.fromEntries(Object.keys(metrics).map((m) => [m, []]));
    for (let run = 0; run < runs; run++) {
      // Lighthouse's default configuration: a mid-range phone, simulated 4G and CPU.
      const { lhr } = await lighthouse(new URL(path, base).href, { port: chrome.port, output: "json", logLevel: "error" });
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
      for (const c of categories) scores[c].push(Math.round(lhr.categories[c].score * 100));
      for (const [m, id] of Object.entries(metrics)) values[m].push(lhr.audits[id].numericValue);
    }
    const parts = categories.map((c) => {
      const m = median(scores[c]);
      if (m < budget[c]) missed++;
      return `${c}=${m} (${scores[c].join("/")})`;
    });
    const ms = (v) => `${Math.round(v)}ms`;
    parts.push(`LCP=${ms(median(values.LCP))} TBT=${ms(median(values.TBT))} CLS=${median(values.CLS).toFixed(3)}`);
    console.log(`lighthouse ${path} median of ${runs}: ${parts.join(" ")}`);
  }
} finally {
  await chrome.kill();
}
if (missed > 0) console.log(`lighthouse: ${missed} median score(s) under the DESIGN §7 budget`);
