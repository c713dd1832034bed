package function

import "time"

// The function's state between requests (DESIGN §4): rate-limit counters, the
// one-draw-at-a-time slots and the answers stored under Idempotency-Keys. One
// process keeps them in memory (the default, and the local environment); instances
// that must share them (Lambda, several containers) keep them in Redis
// (PROMO_REDIS_URL, shared.go), where two instances can neither both pass a limit
// nor both draw.
//
// A shared store can fail. Its errors come back to the callers, whose policy is
// explicit: enrolment and draws fail closed (503, the call does not reach the
// upstream), everything else fails open (the limit is skipped); both are logged.

// counter is one rate-limit table.
type counter interface {
	// allow records one event for key unless that would exceed the rate; when
	// it would, it says how long until the oldest event leaves the window.
	allow(key string, now time.Time) (bool, time.Duration, error)
	// allowKnown is allow for a key the table holds; any other key passes
	// unrecorded (known false), to be recorded once it proves real.
	allowKnown(key string, now time.Time) (ok bool, retry time.Duration, known bool, err error)
	record(key string, now time.Time) error
	sweep(now time.Time)
	reset()
}

// slots admit one call at a time per key.
type slots interface {
	acquire(key string) (bool, error)
	release(key string)
	reset()
}

// answers store the answers to calls made with an Idempotency-Key.
type answers interface {
	// begin looks key up and, when it is unknown, reserves it for the request
	// with fingerprint fp, atomically.
	begin(key string, fp [32]byte, now time.Time) (idemState, int, []byte, error)
	// finish stores the answer of a key the request with fp reserved.
	finish(key string, fp [32]byte, status int, body []byte)
	// abort frees such a reservation: a retry must really run.
	abort(key string, fp [32]byte)
	sweep(now time.Time)
	reset()
}
