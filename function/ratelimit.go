package function

import (
	"hash/maphash"
	"net"
	"sync"
	"time"
)

// limiter allows at most rate.Count events per key in any sliding window of
// rate.Window (an exact sliding log: the limits of DESIGN §4 are small, so
// a key holds at most Count timestamps). Memory is bounded by maxKeys: a full
// table forgets the stalest of a few keys to make room, so a flood of new keys
// can at worst reset an idle counter, never lock newcomers out (it once refused
// every new key while full, which made-up tokens could force).
type limiter struct {
	rate    Rate
	perCap  int
	seed    maphash.Seed
	shards  [16]limShard
	disable bool
}

type limShard struct {
	mu sync.Mutex
	m  map[string][]int64 // ascending event times, unix nanoseconds
}

func newLimiter(rate Rate, maxKeys int) *limiter {
	l := &limiter{rate: rate, perCap: max(1, maxKeys/16), seed: maphash.MakeSeed(), disable: rate.Count < 0}
	for i := range l.shards {
		l.shards[i].m = map[string][]int64{}
	}
	return l
}

// allow records one event for key unless that would exceed the rate; when it
// would, it says how long until the oldest event leaves the window.
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration, error) {
	if l.disable {
		return true, 0, nil
	}
	ok, retry, _ := l.count(key, now, true)
	return ok, retry, nil
}

// allowKnown is allow for a key the table already holds; any other key passes
// without being recorded (see record).
func (l *limiter) allowKnown(key string, now time.Time) (ok bool, retry time.Duration, known bool, err error) {
	if l.disable {
		return true, 0, true, nil
	}
	ok, retry, known = l.count(key, now, false)
	return ok, retry, known, nil
}

// record counts one event for key, which allowKnown let pass unknown: a token gets
// a counter only once the upstream has accepted it, so made-up tokens buy no state.
func (l *limiter) record(key string, now time.Time) error {
	if !l.disable {
		l.count(key, now, true)
	}
	return nil
}

func (l *limiter) count(key string, now time.Time, create bool) (bool, time.Duration, bool) {
	s := &l.shards[maphash.String(l.seed, key)&15]
	t := now.UnixNano()
	from := t - int64(l.rate.Window)
	s.mu.Lock()
	defer s.mu.Unlock()
	log, known := s.m[key]
	if !known && !create {
		return true, 0, false
	}
	if !known && len(s.m) >= l.perCap {
		s.evict()
	}
	i := 0
	for i < len(log) && log[i] <= from {
		i++
	}
	if i > 0 {
		log = append(log[:0], log[i:]...)
	}
	if len(log) >= l.rate.Count {
		s.m[key] = log
		return false, time.Duration(log[0] - from), true
	}
	s.m[key] = append(log, t)
	return true, 0, known
}

// evictSample is how many keys a full shard looks at to find one to forget.
const evictSample = 8

// evict forgets the key with the oldest last event among a few (Go starts a map's
// iteration at a random place, so they are a random sample, as Redis samples keys
// to evict).
func (s *limShard) evict() {
	victim, oldest, n := "", int64(0), 0
	for k, log := range s.m {
		last := int64(0)
		if len(log) > 0 {
			last = log[len(log)-1]
		}
		if n == 0 || last < oldest {
			victim, oldest = k, last
		}
		if n++; n == evictSample {
			break
		}
	}
	delete(s.m, victim)
}

// sweep drops keys with no event inside the window.
func (l *limiter) sweep(now time.Time) {
	from := now.UnixNano() - int64(l.rate.Window)
	for i := range l.shards {
		s := &l.shards[i]
		s.mu.Lock()
		for k, log := range s.m {
			if len(log) == 0 || log[len(log)-1] <= from {
				delete(s.m, k)
			}
		}
		s.mu.Unlock()
	}
}

func (l *limiter) reset() {
	for i := range l.shards {
		s := &l.shards[i]
		s.mu.Lock()
		clear(s.m)
		s.mu.Unlock()
	}
}

func (l *limiter) size() int {
	n := 0
	for i := range l.shards {
		s := &l.shards[i]
		s.mu.Lock()
		n += len(s.m)
		s.mu.Unlock()
	}
	return n
}

// addrKey groups IPv6 clients by /64, the block one subscriber usually holds,
// so a single client cannot rotate through addresses to escape its limit.
func addrKey(addr string) string {
	ip := net.ParseIP(addr)
	if ip == nil || ip.To4() != nil {
		return addr
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// inflight admits one call at a time per key (DESIGN §4: one draw at a time).
type inflight struct {
	mu sync.Mutex
	m  map[string]struct{}
}

func (f *inflight) acquire(key string) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, busy := f.m[key]; busy {
		return false, nil
	}
	f.m[key] = struct{}{}
	return true, nil
}

func (f *inflight) reset() {
	f.mu.Lock()
	clear(f.m)
	f.mu.Unlock()
}

func (f *inflight) release(key string) {
	f.mu.Lock()
	delete(f.m, key)
	f.mu.Unlock()
}
