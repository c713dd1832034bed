package function

import (
	"crypto/sha256"
	"sync"
	"time"
)

// idemState is what a request with an Idempotency-Key finds in the store.
type idemState uint8

const (
	idemNew      idemState = iota // reserved for this request: forward it
	idemReplay                    // answered before: send the stored answer
	idemBusy                      // the first request is still running
	idemMismatch                  // the key was used for a different request
)

// idemStore remembers the answers to enrol and draw calls by (token, route,
// Idempotency-Key), so a retried click never enrols or draws twice here, and
// the upstream gets the same key to do the same across instances.
type idemStore struct {
	mu    sync.Mutex
	ttl   time.Duration
	max   int
	m     map[string]*idemEntry
	queue []idemRef // insertion order, for expiry and eviction
	head  int
}

type idemEntry struct {
	fingerprint [32]byte
	done        bool
	status      int
	body        []byte
	at          time.Time
}

type idemRef struct {
	key string
	at  time.Time
}

func newIdemStore(ttl time.Duration, max int) *idemStore {
	return &idemStore{ttl: ttl, max: max, m: map[string]*idemEntry{}}
}

// fingerprint identifies the request a key was first used for.
func fingerprint(route string, body []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(route))
	h.Write([]byte{0})
	h.Write(body)
	var fp [32]byte
	h.Sum(fp[:0])
	return fp
}

// begin looks key up and, when it is unknown, reserves it atomically, so two
// concurrent requests with one key can never both reach the upstream.
func (s *idemStore) begin(key string, fp [32]byte, now time.Time) (idemState, int, []byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.m[key]; ok && now.Sub(e.at) < s.ttl {
		switch {
		case e.fingerprint != fp:
			return idemMismatch, 0, nil, nil
		case !e.done:
			return idemBusy, 0, nil, nil
		default:
			return idemReplay, e.status, e.body, nil
		}
	}
	for len(s.m) >= s.max && s.head < len(s.queue) {
		s.evictFront()
	}
	s.m[key] = &idemEntry{fingerprint: fp, at: now}
	s.queue = append(s.queue, idemRef{key, now})
	return idemNew, 0, nil, nil
}

// finish stores the answer of a reserved key.
func (s *idemStore) finish(key string, _ [32]byte, status int, body []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.m[key]; ok && !e.done {
		e.done, e.status, e.body = true, status, body
	}
}

// abort frees a reservation whose request got no answer worth replaying
// (refused, rate limited, upstream failure): a retry must really run.
func (s *idemStore) abort(key string, _ [32]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.m[key]; ok && !e.done {
		delete(s.m, key)
	}
}

func (s *idemStore) evictFront() {
	ref := s.queue[s.head]
	s.queue[s.head] = idemRef{}
	s.head++
	if e, ok := s.m[ref.key]; ok && e.at.Equal(ref.at) {
		delete(s.m, ref.key)
	}
	if s.head > 1024 && s.head*2 > len(s.queue) {
		s.queue = append(s.queue[:0], s.queue[s.head:]...)
		s.head = 0
	}
}

// sweep forgets answers older than the TTL.
func (s *idemStore) sweep(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.head < len(s.queue) && now.Sub(s.queue[s.head].at) >= s.ttl {
		s.evictFront()
	}
}

func (s *idemStore) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.m)
	s.queue, s.head = nil, 0
}

func (s *idemStore) size() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.m)
}
