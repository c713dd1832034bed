"use strict";
// The prerender worker (generator/render.go). It loads a server bundle, which exports
// render(request) → {html, stable}, and answers pipelined JSON lines in order:
//   {"id", "slug", "data", "html"}  →  {"id", "htmlBytes", "stable", "warnings"} + HTML | {"id", "error"}
//   {"id", "load": "/path/server.cjs"}  →  {"id", "loaded": true} | {"id", "error"}
// A page's HTML follows its answer's line as htmlBytes bytes of UTF-8, not as a JSON
// string: escaping it here and unescaping it in Go cost more than the rest of the
// exchange.
//
// A load swaps in a rebuilt bundle without a new process: React itself is not in the
// bundle (NODE_PATH finds it), so it stays loaded and warm across watch-mode edits.

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

// answer handles one request line and returns what to write back.
function answer(line) {
  const req = JSON.parse(line);
  warnings = [];
  try {
    if (req.load) {
      load(req.load);
      return JSON.stringify({ id: req.id, loaded: true }) + "\n";
    }
    const { html, stable } = render(req);
    return JSON.stringify({ id: req.id, htmlBytes: Buffer.byteLength(html), stable, warnings }) + "\n" + html;
  } catch (err) {
    return JSON.stringify({ id: req.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }) + "\n";
  }
}

function main() {
  try {
    load(process.argv[process.argv.length - 1]);
  } catch (err) {
    // The stack alone: Node's own report would quote the minified source line.
    process.stderr.write(String(err instanceof Error ? (err.stack ?? err.message) : err) + "\n");
    process.exit(1);
  }
  // Lines are split by hand (readline's iterator cost a tenth of the worker's time);
  // the answers to one chunk's lines go out in one write, and reading pauses while
  // the pipe is full.
  const input = process.stdin;
  const out = process.stdout;
  let rest = "";
  input.setEncoding("utf8");
  input.on("data", (chunk) => {
    let answers = "";
    let start = 0;
    for (let nl = chunk.indexOf("\n"); nl >= 0; nl = chunk.indexOf("\n", start)) {
      const line = rest + chunk.slice(start, nl);
      rest = "";
      start = nl + 1;
      if (line) answers += answer(line);
    }
    rest += chunk.slice(start);
    if (answers && !out.write(answers)) {
      input.pause();
      out.once("drain", () => input.resume());
    }
  });
}

main();
