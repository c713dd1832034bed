"use strict";
// The prerender worker (generator/render.go). It loads a server bundle, which exports
// render(request) → {html, stable}, and answers pipelined JSON lines in order:
//   {"id", "slug", "data", "html"}  →  {"id", "html", "stable", "warnings"} | {"id", "error"}
//   {"id", "load": "/path/server.cjs"}  →  {"id", "loaded": true} | {"id", "error"}
// A load swaps in a rebuilt bundle without a new process: React itself is not in the
// bundle (NODE_PATH finds it), so it stays loaded and warm across watch-mode edits.
const { createInterface } = require("node:readline");

// Stacks name the sources (the bundle's source map), not server.cjs's minified lines:
// the build reports the first frame in the author's code (generator/rendererr.go).
process.setSourceMapsEnabled(true);

let render = null;
let warnings = [];
// React reports problems (invalid markup, bad keys) through console.error; they are
// collected per page so the build can name the page.
const capture = (...args) => {
  warnings.push(args.map(String).join(" "));
};
console.error = capture;
console.warn = capture;

function load(file) {
  delete require.cache[file];
  const mod = require(file);
  if (typeof mod.render !== "function") throw new Error(`${file} exports no render function`);
  render = mod.render;
}

function answer(req) {
  if (req.load) {
    load(req.load);
    return { id: req.id, loaded: true };
  }
  const { html, stable } = render(req);
  return { id: req.id, html, stable, warnings };
}

async function main() {
  try {
    load(process.argv[process.argv.length - 1]);
  } catch (err) {
    // The stack alone: Node's own report would quote the minified source line.
    process.stderr.write(String(err instanceof Error ? (err.stack ?? err.message) : err) + "\n");
    process.exit(1);
  }
  const out = process.stdout;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    const req = JSON.parse(line);
    warnings = [];
    let reply;
    try {
      reply = answer(req);
    } catch (err) {
      reply = { id: req.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
    if (!out.write(JSON.stringify(reply) + "\n")) {
      await new Promise((resolve) => out.once("drain", resolve));
    }
  }
}

main();
