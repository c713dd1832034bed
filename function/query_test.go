package function

import (
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/contract"
)

// sampleQuery is a valid value of each query parameter internal/contract names,
// per route where it differs. A parameter added to the contract without a sample
// here fails the tests below, which is the point: someone has to check that the
// mock reads it and the page sends it.
func sampleQuery(t *testing.T, r contract.Route, from, to time.Time) url.Values {
	t.Helper()
	symbol := map[string]string{"spot-kline": "ETHUSDT,SOLUSDT", "inverse-kline": "ETHUSD", "linear-kline": "SOLUSDT"}
	v := url.Values{}
	for _, k := range r.Query() {
		var s string
		switch k {
		case "symbol":
			s = symbol[r.Name]
		case "exchangeId":
			s = "301"
		case "interval":
			s = "1h"
		case "limit":
			s = "24"
		case "resolution":
			s = "60"
		case "from":
			s = strconv.FormatInt(from.Unix(), 10)
		case "to":
			s = strconv.FormatInt(to.Unix(), 10)
		}
		if s == "" {
			t.Fatalf("%s: no sample value for the query parameter %q of internal/contract", r.Name, k)
		}
		v.Set(k, s)
	}
	return v
}

// TestQueryIsTheContract: every upstream route forwards exactly the query
// parameters internal/contract names for it, and no near miss (the spec's
// `symbols`, another case) rides along.
func TestQueryIsTheContract(t *testing.T) {
	decoys := url.Values{"symbols": {"BTCUSDT"}, "Symbol": {"BTCUSDT"}, "exchangeid": {"1"}, "evil": {"1"}}
	now := time.Now()
	withQuery := 0
	for _, c := range contract.RoutesOf(contract.Upstream) {
		t.Run(c.Name, func(t *testing.T) {
			u := newUpstream(t, nil)
			h := newTestHandler(t, u, Config{})
			q := sampleQuery(t, c, now.Add(-24*time.Hour), now)
			want := q.Encode()
			for k, v := range decoys {
				q[k] = v
			}
			w := serve(h, req{method: c.Method, target: "/api" + c.Path + "?" + q.Encode(), body: validBody[c.Name], cookies: map[string]string{"b_t_c_k_test": testToken}})
			if w.Code != 200 {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if got := u.requests(); len(got) != 1 || got[0].Query != want {
				t.Fatalf("upstream saw query %q, want %q (internal/contract: %v)", got[0].Query, want, c.Query())
			}
		})
		if len(c.Query()) > 0 {
			withQuery++
		}
	}
	if withQuery != 3 {
		t.Fatalf("%d routes take a query, want the 3 k-lines of seed §7", withQuery)
	}
}

// TestLocalKlinesReadTheContractQuery: through the function, the mock answers
// the k-lines for exactly the symbols named in the contract's parameters, so
// the page, the function and the mock agree on the names (seed §7).
func TestLocalKlinesReadTheContractQuery(t *testing.T) {
	h, _ := localHandler(t, Config{})
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC) // localHandler's clock
	b := &browser{t: t, h: h, cookies: map[string]string{}}

	q := sampleQuery(t, contract.SpotKline, now, now)
	w := b.call("GET", "/api"+contract.SpotKline.Path+"?"+q.Encode(), "")
	var spot struct {
		RetCode int `json:"ret_code"`
		Result  []struct {
			Symbol string
			Kline  []struct{ O string }
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &spot); err != nil || w.Code != 200 || spot.RetCode != 0 {
		t.Fatalf("spot: %d %s", w.Code, w.Body)
	}
	var names []string
	for _, s := range spot.Result {
		names = append(names, s.Symbol)
		if len(s.Kline) != 24 {
			t.Errorf("%s: %d candles, want 24", s.Symbol, len(s.Kline))
		}
	}
	if want := strings.Split(q.Get("symbol"), ","); !slices.Equal(names, want) {
		t.Fatalf("the mock answered %v for symbol=%s", names, q.Get("symbol"))
	}

	// The derivatives k-lines default to BTC when no symbol arrives; the sample
	// names another coin, whose price is far from BTC's.
	for _, c := range []contract.Route{contract.InverseKline, contract.LinearKline} {
		q := sampleQuery(t, c, now.Add(-23*time.Hour), now)
		w := b.call("GET", "/api"+c.Path+"?"+q.Encode(), "")
		var rows struct {
			RetCode int     `json:"ret_code"`
			Result  [][]any `json:"result"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &rows); err != nil || rows.RetCode != 0 || len(rows.Result) != 24 {
			t.Fatalf("%s: %d %s", c.Name, w.Code, w.Body)
		}
		open, _ := strconv.ParseFloat(rows.Result[0][1].(string), 64)
		if open > 10000 {
			t.Errorf("%s: open %v is BTC's price, not %s's: the mock did not read the symbol", c.Name, open, q.Get("symbol"))
		}
	}
}
