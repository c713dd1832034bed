"use strict";
// The brotli compressor of the build's asset copies (generator/brotli.go): Node's zlib
// is Google's C brotli, which gives the same bytes as the Go port at quality 11 in two
// thirds of the time. Frames in both directions are a JSON line, then its bytes:
//   {"id", "bytes"} + data  →  {"id", "bytes"} + brotli | {"id", "error"}
// Answers come as each compression ends (zlib's thread pool runs several at once).
const zlib = require("node:zlib");

const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_SIZE_HINT, BROTLI_MAX_QUALITY } = zlib.constants;
let pending = Buffer.alloc(0);
let head = null;

function compress(id, data) {
  const params = { [BROTLI_PARAM_QUALITY]: BROTLI_MAX_QUALITY, [BROTLI_PARAM_SIZE_HINT]: data.length };
  zlib.brotliCompress(data, { params }, (err, out) => {
    if (err) {
      process.stdout.write(JSON.stringify({ id, error: String(err.message ?? err) }) + "\n");
      return;
    }
    process.stdout.write(Buffer.concat([Buffer.from(JSON.stringify({ id, bytes: out.length }) + "\n"), out]));
  });
}

process.stdin.on("data", (chunk) => {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  for (;;) {
    if (!head) {
      const nl = pending.indexOf(10);
      if (nl < 0) return;
      head = JSON.parse(pending.subarray(0, nl).toString("utf8"));
      pending = pending.subarray(nl + 1);
    }
    if (pending.length < head.bytes) return;
    // A copy: the frame's bytes must outlive the input buffer they arrived in.
    compress(head.id, Buffer.from(pending.subarray(0, head.bytes)));
    pending = pending.subarray(head.bytes);
    head = null;
  }
});
