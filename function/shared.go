package function

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Shared state in Redis (state.go): every check-and-update is one Lua script, which
// Redis runs atomically, so two instances of the function can neither both pass a
// limit nor both hold a draw slot nor both reserve an Idempotency-Key. Keys live
// under "promo:" and expire by themselves.

// sharedTimeout bounds one round trip to Redis: a store that hangs must fail the
// call quickly instead of holding it.
const sharedTimeout = time.Second

// shareState keeps the handler's state in the Redis at url.
func (h *Handler) shareState(url string) error {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return fmt.Errorf("function: redis URL: %w", err)
	}
	opt.DialTimeout, opt.ReadTimeout, opt.WriteTimeout = sharedTimeout, sharedTimeout, sharedTimeout
	opt.MaxRetries = 1
	redis.SetLogger(quietRedis{}) // the function logs each failure itself, once
	rdb := redis.NewClient(opt)
	l := h.cfg.Limits
	table := func(name string, r Rate) counter {
		if r.Count < 0 {
			return newLimiter(r, 1) // limits off: nothing to share
		}
		return &redisCounter{rdb: rdb, prefix: "promo:limit:" + name + ":", rate: r}
	}
	h.account, h.enrol, h.draw = table("account", l.Account), table("enrol", l.Enrol), table("draw", l.Draw)
	h.address, h.monitor = table("address", l.Address), table("monitor", l.Monitor)
	h.idem = &redisAnswers{rdb: rdb, prefix: "promo:idem:", ttl: l.IdempotencyTTL}
	// A slot outlives the longest draw, so a crashed instance's slot frees itself.
	h.draws = &redisSlots{rdb: rdb, prefix: "promo:draw-slot:", ttl: h.cfg.Timeout + 10*time.Second}
	h.closeShared = rdb.Close
	return nil
}

func sharedCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), sharedTimeout)
}

// reset deletes every key under prefix (the local test control's reset).
func resetPrefix(rdb *redis.Client, prefix string) {
	ctx, cancel := sharedCtx()
	defer cancel()
	iter := rdb.Scan(ctx, 0, prefix+"*", 500).Iterator()
	for iter.Next(ctx) {
		rdb.Del(ctx, iter.Val())
	}
}

// slidingLog is the limiter's sliding log as a sorted set of event times.
// KEYS[1] the key; ARGV: now and window (ms), count, create (1/0), a unique member.
// Returns {allowed, retry ms, known}.
var slidingLog = redis.NewScript(`
local now, window, count = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local known = redis.call('EXISTS', KEYS[1])
if known == 0 and ARGV[4] ~= '1' then return {1, 0, 0} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= count then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now, 1}
end
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('PEXPIRE', KEYS[1], window)
return {1, 0, known}`)

type redisCounter struct {
	rdb    *redis.Client
	prefix string
	rate   Rate
}

func (c *redisCounter) run(key string, now time.Time, create bool) (bool, time.Duration, bool, error) {
	ctx, cancel := sharedCtx()
	defer cancel()
	flag := "0"
	if create {
		flag = "1"
	}
	ms := now.UnixMilli()
	res, err := slidingLog.Run(ctx, c.rdb, []string{c.prefix + key},
		ms, c.rate.Window.Milliseconds(), c.rate.Count, flag, strconv.FormatInt(ms, 10)+"-"+randomID()).Int64Slice()
	if err != nil {
		return false, 0, false, err
	}
	return res[0] == 1, time.Duration(res[1]) * time.Millisecond, res[2] == 1, nil
}

func (c *redisCounter) allow(key string, now time.Time) (bool, time.Duration, error) {
	ok, retry, _, err := c.run(key, now, true)
	return ok, retry, err
}

func (c *redisCounter) allowKnown(key string, now time.Time) (bool, time.Duration, bool, error) {
	return c.run(key, now, false)
}

func (c *redisCounter) record(key string, now time.Time) error {
	_, _, _, err := c.run(key, now, true)
	return err
}

func (c *redisCounter) sweep(time.Time) {} // keys expire by themselves
func (c *redisCounter) reset()          { resetPrefix(c.rdb, c.prefix) }

// Idempotency records: "P"+fingerprint while the first request runs, then
// "D"+fingerprint+status (3 digits)+body, the answer byte for byte; under
// promo:idem:<token>|<route>|<key>, so keys are scoped per user and route.
var (
	idemBegin = redis.NewScript(`
local v = redis.call('GET', KEYS[1])
if not v then
  redis.call('SET', KEYS[1], 'P' .. ARGV[1], 'PX', ARGV[2])
  return 'N'
end
return v`)
	idemFinish = redis.NewScript(`
if redis.call('GET', KEYS[1]) == 'P' .. ARGV[1] then
  redis.call('SET', KEYS[1], 'D' .. ARGV[1] .. ARGV[2], 'KEEPTTL')
end
return 0`)
	idemAbort = redis.NewScript(`
if redis.call('GET', KEYS[1]) == 'P' .. ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`)
)

type redisAnswers struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
}

func (a *redisAnswers) begin(key string, fp [32]byte, _ time.Time) (idemState, int, []byte, error) {
	ctx, cancel := sharedCtx()
	defer cancel()
	want := hex.EncodeToString(fp[:])
	v, err := idemBegin.Run(ctx, a.rdb, []string{a.prefix + key}, want, a.ttl.Milliseconds()).Text()
	switch {
	case err != nil:
		return 0, 0, nil, err
	case v == "N":
		return idemNew, 0, nil, nil
	case len(v) < 65 || v[1:65] != want:
		return idemMismatch, 0, nil, nil
	case v[0] == 'P':
		return idemBusy, 0, nil, nil
	case len(v) < 68:
		return 0, 0, nil, fmt.Errorf("idempotency record %q is cut short", key)
	}
	status, err := strconv.Atoi(v[65:68])
	if err != nil {
		return 0, 0, nil, fmt.Errorf("idempotency record %q: %w", key, err)
	}
	return idemReplay, status, []byte(v[68:]), nil
}

func (a *redisAnswers) finish(key string, fp [32]byte, status int, body []byte) {
	ctx, cancel := sharedCtx()
	defer cancel()
	// A lost write only means a retry runs again upstream, with the same key.
	_ = idemFinish.Run(ctx, a.rdb, []string{a.prefix + key}, hex.EncodeToString(fp[:]), fmt.Sprintf("%03d", status)+string(body)).Err()
}

func (a *redisAnswers) abort(key string, fp [32]byte) {
	ctx, cancel := sharedCtx()
	defer cancel()
	_ = idemAbort.Run(ctx, a.rdb, []string{a.prefix + key}, hex.EncodeToString(fp[:])).Err()
}

func (a *redisAnswers) sweep(time.Time) {}
func (a *redisAnswers) reset()          { resetPrefix(a.rdb, a.prefix) }

// redisSlots hold a slot as a key with a random value, so only its holder frees it.
type redisSlots struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
	held   sync.Map // key → the value this instance set
}

var slotRelease = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`)

func (s *redisSlots) acquire(key string) (bool, error) {
	ctx, cancel := sharedCtx()
	defer cancel()
	v := randomID()
	ok, err := s.rdb.SetNX(ctx, s.prefix+key, v, s.ttl).Result()
	if err != nil || !ok {
		return false, err
	}
	s.held.Store(key, v)
	return true, nil
}

func (s *redisSlots) release(key string) {
	v, ok := s.held.LoadAndDelete(key)
	if !ok {
		return
	}
	ctx, cancel := sharedCtx()
	defer cancel()
	_ = slotRelease.Run(ctx, s.rdb, []string{s.prefix + key}, v).Err() // else it expires
}

func (s *redisSlots) reset() { resetPrefix(s.rdb, s.prefix) }

// quietRedis silences the client's own log lines (a dial failure per retry).
type quietRedis struct{}

func (quietRedis) Printf(context.Context, string, ...any) {}

func randomID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
