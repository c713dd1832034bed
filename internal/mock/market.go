package mock

import (
	"hash/fnv"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/promohq/promo/internal/contract"
)

// Market data: quote tokens, derivative symbols and candles from price
// series that depend only on the seed, the symbol and the time, so every
// call, page and test sees the same numbers for the same clock.

var quoteTokens = []map[string]string{
	{"tokenId": "USDT", "tokenName": "USDT", "tokenFullName": "Tether USD"},
	{"tokenId": "USDC", "tokenName": "USDC", "tokenFullName": "USD Coin"},
	{"tokenId": "BTC", "tokenName": "BTC", "tokenFullName": "Bitcoin"},
	{"tokenId": "ETH", "tokenName": "ETH", "tokenFullName": "Ethereum"},
}

var derivatives = []map[string]any{
	{"symbol": "BTCUSD", "baseCurrency": "BTC", "quoteCurrency": "USD", "contractType": "inverse", "priceScale": 2},
	{"symbol": "ETHUSD", "baseCurrency": "ETH", "quoteCurrency": "USD", "contractType": "inverse", "priceScale": 2},
	{"symbol": "XRPUSD", "baseCurrency": "XRP", "quoteCurrency": "USD", "contractType": "inverse", "priceScale": 4},
	{"symbol": "BTCUSDT", "baseCurrency": "BTC", "quoteCurrency": "USDT", "contractType": "linear", "priceScale": 2},
	{"symbol": "ETHUSDT", "baseCurrency": "ETH", "quoteCurrency": "USDT", "contractType": "linear", "priceScale": 2},
	{"symbol": "SOLUSDT", "baseCurrency": "SOL", "quoteCurrency": "USDT", "contractType": "linear", "priceScale": 3},
	{"symbol": "XRPUSDT", "baseCurrency": "XRP", "quoteCurrency": "USDT", "contractType": "linear", "priceScale": 4},
	{"symbol": "DOGEUSDT", "baseCurrency": "DOGE", "quoteCurrency": "USDT", "contractType": "linear", "priceScale": 5},
}

// basePrices anchor the series of well-known coins, in US dollars.
var basePrices = map[string]float64{
	"BTC": 65000, "ETH": 3200, "SOL": 150, "BNB": 580, "XRP": 0.6, "DOGE": 0.15, "TON": 6, "ADA": 0.45,
}

var quoteCurrencies = []string{"USDT", "USDC", "USD", "BTC", "ETH"}

func (m *Mock) quoteTokens(r *request) (int, any) { return ok(famOld, quoteTokens) }

func (m *Mock) dynamicSymbols(r *request) (int, any) { return ok(famOld, derivatives) }

// spotIntervals are the spot k-line intervals; the pages ask for 1h (seed §9).
var spotIntervals = map[string]time.Duration{
	"1m": time.Minute, "5m": 5 * time.Minute, "15m": 15 * time.Minute, "30m": 30 * time.Minute,
	"1h": time.Hour, "4h": 4 * time.Hour, "1d": 24 * time.Hour,
}

// maxCandles bounds one answer.
const maxCandles = 200

// spotKline: ?symbol=BTCUSDT[,ETHUSDT…]&exchangeId=…&interval=1h&limit=24 →
// result [{symbol, kline: [{t, o, h, l, c, v}]}], the last limit candles up to
// the current one, oldest first; t in milliseconds, prices as strings.
func (m *Mock) spotKline(r *request) (int, any) {
	q := r.http.URL.Query()
	iv, okIv := spotIntervals[orDefault(q.Get("interval"), "1h")]
	limit, err := strconv.Atoi(orDefault(q.Get("limit"), "24"))
	symbols := strings.Split(q.Get("symbol"), ",")
	if !okIv || err != nil || limit < 1 || limit > maxCandles || len(symbols) > 10 {
		return fail(famOld, contract.CodeParamError, "param error")
	}
	last := r.now.Truncate(iv)
	out := []map[string]any{}
	for _, s := range symbols {
		if !validSymbol(s) {
			return fail(famOld, contract.CodeParamError, "param error: symbol")
		}
		kl := make([]map[string]any, 0, limit)
		for i := limit - 1; i >= 0; i-- {
			c := m.candle(s, last.Add(-time.Duration(i)*iv), iv)
			kl = append(kl, map[string]any{"t": c.start.UnixMilli(), "o": c.o, "h": c.h, "l": c.l, "c": c.c, "v": c.v})
		}
		out = append(out, map[string]any{"symbol": s, "kline": kl})
	}
	return ok(famOld, out)
}

func (m *Mock) inverseKline(r *request) (int, any) { return m.arrayKline(r, "BTCUSD") }

func (m *Mock) linearKline(r *request) (int, any) { return m.arrayKline(r, "BTCUSDT") }

// arrayResolutions are the derivatives k-line resolutions, in minutes.
var arrayResolutions = map[string]time.Duration{
	"1": time.Minute, "3": 3 * time.Minute, "5": 5 * time.Minute, "15": 15 * time.Minute,
	"30": 30 * time.Minute, "60": time.Hour, "120": 2 * time.Hour, "240": 4 * time.Hour,
	"360": 6 * time.Hour, "720": 12 * time.Hour, "D": 24 * time.Hour, "W": 7 * 24 * time.Hour,
}

// arrayKline: ?symbol=…&resolution=60&from=<unix s>&to=<unix s> → result
// [[open_time_s, "open", "high", "low", "close", "volume"], …] for the
// candles opening in [from, to] (up to now), at most the last 200.
func (m *Mock) arrayKline(r *request, defSymbol string) (int, any) {
	q := r.http.URL.Query()
	sym := orDefault(q.Get("symbol"), defSymbol)
	res, okRes := arrayResolutions[q.Get("resolution")]
	from, err1 := strconv.ParseInt(q.Get("from"), 10, 64)
	to, err2 := strconv.ParseInt(q.Get("to"), 10, 64)
	if !validSymbol(sym) || !okRes || err1 != nil || err2 != nil || from < 0 || from > to {
		return fail(famOld, contract.CodeParamError, "param error")
	}
	to = min(to, r.now.Unix())
	if from > to {
		return ok(famOld, [][]any{}) // nothing has opened yet
	}
	step := int64(res / time.Second)
	first := (from + step - 1) / step * step
	if n := (to-first)/step + 1; n > maxCandles {
		first += (n - maxCandles) * step
	}
	out := [][]any{}
	for t := first; t <= to; t += step {
		c := m.candle(sym, time.Unix(t, 0), res)
		out = append(out, []any{t, c.o, c.h, c.l, c.c, c.v})
	}
	return ok(famOld, out)
}

type candle struct {
	start         time.Time
	o, h, l, c, v string
}

// candle computes one candle of symbol: open and close are the series at the
// candle's edges, high and low lie a little outside them.
func (m *Mock) candle(symbol string, start time.Time, d time.Duration) candle {
	open := m.price(symbol, start)
	cl := m.price(symbol, start.Add(d))
	k := start.Unix() / 60
	hi := math.Max(open, cl) * (1 + 0.003*m.unit(symbol, k, 1))
	lo := math.Min(open, cl) * (1 - 0.003*m.unit(symbol, k, 2))
	vol := (50 + 950*m.unit(symbol, k, 3)) * math.Max(d.Hours(), 1.0/60)
	return candle{start, fmtPrice(open), fmtPrice(hi), fmtPrice(lo), fmtPrice(cl), strconv.FormatFloat(vol, 'f', 3, 64)}
}

// price is the series: slow and faster waves around the base price plus a
// little noise per minute.
func (m *Mock) price(symbol string, t time.Time) float64 {
	x := float64(t.Unix() / 60)
	ph := m.unit(symbol, 0, 9) * 2 * math.Pi
	wave := 0.06*math.Sin(2*math.Pi*x/(60*24*9)+ph) + 0.025*math.Sin(2*math.Pi*x/(60*31)+2*ph)
	noise := 0.004 * (2*m.unit(symbol, int64(x), 4) - 1)
	return basePrice(symbol, m.seed) * (1 + wave + noise)
}

// unit is a deterministic number in [0, 1) for (seed, symbol, k, salt).
func (m *Mock) unit(symbol string, k int64, salt uint64) float64 {
	h := fnv.New64a()
	h.Write([]byte(symbol))
	x := h.Sum64() ^ uint64(m.seed)*0x9e3779b97f4a7c15 ^ uint64(k)*0xbf58476d1ce4e5b9 ^ salt*0x94d049bb133111eb
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return float64(x>>11) / (1 << 53)
}

// basePrice of a pair: the base coin's dollar price over the quote's. A coin
// the mock does not know gets a stable made-up price.
func basePrice(symbol string, seed int64) float64 {
	base, quote := symbol, "USD"
	for _, q := range quoteCurrencies {
		if len(symbol) > len(q) && strings.HasSuffix(symbol, q) {
			base, quote = symbol[:len(symbol)-len(q)], q
			break
		}
	}
	usd := func(c string) float64 {
		switch c {
		case "USD", "USDT", "USDC":
			return 1
		}
		if p, ok := basePrices[c]; ok {
			return p
		}
		h := fnv.New64a()
		h.Write([]byte(c))
		return 0.05 + float64((h.Sum64()^uint64(seed))%50000)/100
	}
	return usd(base) / usd(quote)
}

func fmtPrice(p float64) string {
	switch {
	case p >= 1000:
		return strconv.FormatFloat(p, 'f', 2, 64)
	case p >= 1:
		return strconv.FormatFloat(p, 'f', 4, 64)
	}
	return strconv.FormatFloat(p, 'f', 8, 64)
}

func validSymbol(s string) bool {
	if len(s) < 2 || len(s) > 24 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
