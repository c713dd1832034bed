// Package contract holds the facts that the Go side (the function, the mock
// upstream, the generator) and the page runtime (components/) must agree on,
// written once: the API routes and their methods (seed §7, DESIGN §4), the
// error codes of seed §8, the statuses of seed §4 and the shape of the page
// data (DESIGN §2).
//
// Go code refers to these values; the page runtime gets them from the generated
// components/runtime/contract.gen.ts. Tests in this package fail when the
// generated file is stale and when a code is written as a bare number anywhere
// else, so neither side can drift from the other by an edit in one place.
package contract
