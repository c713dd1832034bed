package function

import (
	"hash/maphash"
	"net"
	"sync"
	"time"
)

// limiter allows at most rate.Count events per key in any sliding window of
// rate.Window (an exact sliding log: the limits of DESIGN §4 are small, so
// a key holds at most Count timestamps). Memory is bounded by maxKeys.
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
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration) {
	if l.disable {
		return true, 0
	}
	s := &l.shards[maphash.String(l.seed, key)&15]
	t := now.UnixNano()
	from := t - int64(l.rate.Window)
	s.mu.Lock()
	defer s.mu.Unlock()
	log, known := s.m[key]
	if !known && len(s.m) >= l.perCap {
		// Full: refuse new keys rather than forget old ones, so flooding the
		// table cannot reset anyone's counter. The janitor frees stale keys.
		return false, l.rate.Window
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
		return false, time.Duration(log[0] - from)
	}
	s.m[key] = append(log, t)
	return true, 0
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

func (f *inflight) acquire(key string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, busy := f.m[key]; busy {
		return false
	}
	f.m[key] = struct{}{}
	return true
}

func (f *inflight) release(key string) {
	f.mu.Lock()
	delete(f.m, key)
	f.mu.Unlock()
}
