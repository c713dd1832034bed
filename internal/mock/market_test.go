package mock

import (
	"strconv"
	"testing"
	"time"

	"github.com/promohq/promo/internal/contract"
)

func TestQuoteTokensAndSymbols(t *testing.T) {
	m, _ := newTestMock()
	var tokens []map[string]string
	call(t, m, "GET", "/spot/s_api/basic/quote_tokens", "", "").into(t, &tokens)
	if len(tokens) < 2 || tokens[0]["tokenId"] != "USDT" {
		t.Fatalf("%v", tokens)
	}
	var syms []map[string]any
	call(t, m, "GET", "/v3/private/instrument/dynamic-symbol", "", "").into(t, &syms)
	kinds := map[any]int{}
	for _, s := range syms {
		kinds[s["contractType"]]++
	}
	if kinds["inverse"] == 0 || kinds["linear"] == 0 {
		t.Fatalf("%v", syms)
	}
}

type spotSeries struct {
	Symbol string
	Kline  []struct {
		T          int64
		O, H, L, C string
		V          string
	}
}

func TestSpotKline(t *testing.T) {
	m, _ := newTestMock()
	var res []spotSeries
	a := call(t, m, "GET", "/spot/api/quote/v1/multi/kline?symbol=BTCUSDT,ETHUSDT&exchangeId=301&interval=1h&limit=24", "", "")
	a.into(t, &res)
	if len(res) != 2 || res[0].Symbol != "BTCUSDT" || len(res[0].Kline) != 24 {
		t.Fatalf("%s", a.raw)
	}
	k := res[0].Kline
	last := t0.Truncate(time.Hour).UnixMilli()
	if k[23].T != last || k[0].T != last-23*3600_000 {
		t.Fatalf("times %d..%d, want ..%d", k[0].T, k[23].T, last)
	}
	for i, c := range k {
		o, h, l, cl := num(t, c.O), num(t, c.H), num(t, c.L), num(t, c.C)
		if h < max(o, cl) || l > min(o, cl) || o < 40000 || o > 90000 {
			t.Fatalf("candle %d implausible: %+v", i, c)
		}
		if i > 0 && k[i-1].C != c.O {
			t.Fatalf("candle %d does not open at the previous close", i)
		}
	}
	if num(t, res[1].Kline[0].O) > 10000 {
		t.Fatal("ETH priced like BTC")
	}
	// Deterministic: the same seed and clock give the same numbers; another
	// seed gives others.
	b := call(t, m, "GET", "/spot/api/quote/v1/multi/kline?symbol=BTCUSDT,ETHUSDT&exchangeId=301&interval=1h&limit=24", "", "")
	other := New(Options{Seed: 43, Now: func() time.Time { return t0 }})
	c := call(t, other, "GET", "/spot/api/quote/v1/multi/kline?symbol=BTCUSDT,ETHUSDT&exchangeId=301&interval=1h&limit=24", "", "")
	if a.raw != b.raw || a.raw == c.raw {
		t.Fatal("series not deterministic by seed")
	}
	for _, q := range []string{"?symbol=BTCUSDT&interval=7h", "?symbol=btc", "?symbol=BTCUSDT&limit=0", "?symbol=BTCUSDT&limit=500", "?symbol="} {
		if a := call(t, m, "GET", "/spot/api/quote/v1/multi/kline"+q, "", ""); a.code != contract.CodeParamError {
			t.Errorf("%s: %s", q, a.raw)
		}
	}
}

func num(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestArrayKline(t *testing.T) {
	m, _ := newTestMock()
	to := t0.Unix()
	from := to - 24*3600
	q := "?resolution=60&from=" + strconv.FormatInt(from, 10) + "&to=" + strconv.FormatInt(to, 10)
	for path, base := range map[string][2]float64{
		"/v2/public/market/arrayKline":     {40000, 90000},
		"/public/linear/market/arrayKline": {40000, 90000},
	} {
		var rows [][]any
		a := call(t, m, "GET", path+q, "", "")
		a.into(t, &rows)
		if len(rows) != 24 {
			t.Fatalf("%s: %d rows", path, len(rows))
		}
		for i, r := range rows {
			if len(r) != 6 || int64(r[0].(float64))%3600 != 0 {
				t.Fatalf("%s row %d: %v", path, i, r)
			}
			if o := num(t, r[1].(string)); o < base[0] || o > base[1] {
				t.Fatalf("%s row %d open %v", path, i, o)
			}
		}
	}
	var rows [][]any
	call(t, m, "GET", "/public/linear/market/arrayKline?symbol=ETHUSDT&resolution=1&from=0&to="+strconv.FormatInt(to, 10), "", "").into(t, &rows)
	if len(rows) != maxCandles || int64(rows[len(rows)-1][0].(float64)) != to/60*60 {
		t.Fatalf("%d rows, last %v", len(rows), rows[len(rows)-1])
	}
	call(t, m, "GET", "/v2/public/market/arrayKline?resolution=D&from="+strconv.FormatInt(to+86400, 10)+"&to="+strconv.FormatInt(to+2*86400, 10), "", "").into(t, &rows)
	if len(rows) != 0 {
		t.Fatal("candles from the future")
	}
	for _, bad := range []string{"?resolution=61&from=1&to=2", "?resolution=60&from=2&to=1", "?resolution=60&from=x&to=1", "?resolution=60"} {
		if a := call(t, m, "GET", "/v2/public/market/arrayKline"+bad, "", ""); a.code != contract.CodeParamError {
			t.Errorf("%s: %s", bad, a.raw)
		}
	}
}
