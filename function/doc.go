// Package function is the product's thin API proxy (DESIGN §4): a plain
// http.Handler that forwards the calls of seed §7 and the account calls to
// the exchange API of its environment, keeps the user token in an HttpOnly
// cookie, and refuses everything else before it can reach the upstream.
//
// Under its API base (default /api) it answers:
//
//   - the 15 spec paths and the 4 account calls, each with its one method,
//     forwarded with only UserToken, Lang, Guid, gdfp (draw), Idempotency-Key
//     (enrol, draw) and Content-Type;
//   - GET /healthz, POST /monitor (client error reports, logged only) and
//     POST /session {userToken} (the in-app bridge);
//   - in the local environment only, the mock's /__mock/* test control.
//
// Anything else is a 404 envelope. Mount it before any http.ServeMux, which
// would clean and redirect paths such as /api/../x: Handler.Mount does that.
//
// Answers are JSON envelopes {ret_code, ret_msg, result}: upstream ones pass
// through unchanged except that session tokens are removed from them; the
// function's own are 400/413/415 (20001), 404/405 (10000), 409/429 (2002,
// with Retry-After on 429), 502/504 (-1).
package function
