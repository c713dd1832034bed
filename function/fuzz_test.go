package function

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// fuzzUpstream records the one request that reached it.
type fuzzUpstream struct {
	got    *http.Request
	body   []byte
	called int
}

func (f *fuzzUpstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.called++
	f.got = r
	f.body, _ = io.ReadAll(r.Body)
	io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":{},"token":"fuzz-token"}`)
}

var allowedUpstreamHeaders = map[string]bool{
	"Usertoken": true, "Lang": true, "Guid": true, "Gdfp": true, "Idempotency-Key": true, "Content-Type": true,
}

var fuzzStatuses = map[int]bool{200: true, 400: true, 404: true, 405: true, 409: true, 413: true, 415: true, 422: true, 429: true}

// FuzzRoute drives raw HTTP requests through the router and the request
// checks. Whatever the bytes, the answer is a JSON envelope with a known
// status, never a redirect; and a request reaches the upstream only on an
// exact spec path with its method, carrying only allowed headers, allowed
// query parameters and a body that passed its check.
func FuzzRoute(f *testing.F) {
	seeds := []struct{ method, target, body, ctype, extra string }{
		{"GET", "/api/v2/private/user/profile", "", "", "Cookie: b_t_c_k_local=abc\r\n"},
		{"POST", "/api/segw/sact/activity/enroll", `{"campaign_id":"1"}`, "application/json", "Idempotency-Key: k\r\n"},
		{"POST", "/api/fht/growth/activity-api/v1/enroll", `{"campaignId":""}`, "application/json", ""},
		{"POST", "/api/fht/growth/activity-api/v1/info", `{"campaignId":"x","referralCode":null}`, "application/json; charset=utf-8", ""},
		{"GET", "/api/spot/api/quote/v1/multi/kline?symbol=BTCUSDT&interval=1h&limit=24&x=1", "", "", ""},
		{"GET", "/api/v2/public/market/arrayKline?resolution=60&from=1&to=2", "", "", ""},
		{"GET", "/api/../api/healthz", "", "", ""},
		{"GET", "/api/segw%2Fsact/activity/list", "", "", ""},
		{"GET", "http://evil.example/api/healthz", "", "", ""},
		{"POST", "/api//user/public/login", `{"email":"a@b.c","password":"x"}`, "application/json", ""},
		{"POST", "/api/user/public/login", `{"email":"a@b.c","password":"x"}`, "application/json", "Guid: 0123abcd-4567-89ef-0123-456789abcdef\r\n"},
		{"POST", "/api/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"1","order":2,"page":1}`, "application/json", "gdfp: x\r\n"},
		{"POST", "/api/segw/prizedraw/v1/prize_draw/item/draw", `{"campaign_id":"1"}`, "application/json", "gdfp: fp\r\nCookie: b_t_c_k_local=t\r\n"},
		{"POST", "/api/session", `{"userToken":"abc"}`, "application/json", ""},
		{"POST", "/api/monitor", `{"message":"x"}`, "text/plain", ""},
		{"POST", "/api/user/logout", ``, "", "Cookie: b_t_c_k_local=t\r\n"},
		{"OPTIONS", "*", "", "", ""},
		{"CONNECT", "evil.example:443", "", "", ""},
		{"POST", "/api/segw/sact/activity/info", `{"campaign_id":"1","campaign_id":""}`, "application/json", ""},
	}
	for _, s := range seeds {
		f.Add(s.method, s.target, s.body, s.ctype, s.extra)
	}
	specPaths := map[string]*route{}
	for i := range specRoutes {
		specPaths[specRoutes[i].path] = &specRoutes[i]
	}
	off := Rate{Count: -1}
	f.Fuzz(func(t *testing.T, method, target, body, ctype, extra string) {
		raw := method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
		if ctype != "" {
			raw += "Content-Type: " + ctype + "\r\n"
		}
		raw += extra + "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
		r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		if err != nil {
			return // not a request a server would hand to a handler
		}
		r.RemoteAddr = "192.0.2.1:1234"
		up := &fuzzUpstream{}
		h, err := New(Config{Env: EnvLocal, Local: up, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Limits: Limits{Account: off, Enrol: off, Draw: off, Address: off, Monitor: off}})
		if err != nil {
			t.Fatal(err)
		}
		defer h.Close()
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)

		if !fuzzStatuses[w.Code] {
			t.Fatalf("status %d for %q: %s", w.Code, raw, w.Body)
		}
		if w.Header().Get("Location") != "" {
			t.Fatalf("redirect for %q", raw)
		}
		if method != "HEAD" {
			var e map[string]json.RawMessage
			if json.Unmarshal(w.Body.Bytes(), &e) != nil || (e["ret_code"] == nil && e["retCode"] == nil) {
				t.Fatalf("not an envelope for %q: %q", raw, w.Body)
			}
		}
		if strings.Contains(w.Body.String(), "fuzz-token") {
			t.Fatalf("token in the page's answer for %q", raw)
		}
		if up.called == 0 {
			return
		}
		if up.called > 1 {
			t.Fatalf("%d upstream calls for %q", up.called, raw)
		}
		rt := specPaths[up.got.URL.Path]
		if r.URL.Path == "/api/session" && r.Method == "POST" && r.URL.RawPath == "" && r.URL.Host == "" {
			// The bridge checks the posted token with a profile call.
			var in struct{ UserToken string }
			json.Unmarshal(bytes.TrimSpace([]byte(body)), &in)
			if up.got.Method != "GET" || up.got.URL.Path != profilePath || up.got.Header.Get("UserToken") != in.UserToken || len(up.body) != 0 {
				t.Fatalf("%q: bridge sent %s %s", raw, up.got.Method, up.got.URL.Path)
			}
			return
		}
		if rt == nil || up.got.Method != rt.method || r.Method != rt.method {
			t.Fatalf("%q reached upstream %s %s", raw, up.got.Method, up.got.URL.Path)
		}
		if r.URL.Path != "/api"+rt.path || r.URL.RawPath != "" || r.URL.Host != "" || !strings.HasPrefix(r.RequestURI, "/api/") {
			t.Fatalf("%q is not exactly /api%s", raw, rt.path)
		}
		for k := range up.got.Header {
			if !allowedUpstreamHeaders[k] {
				t.Fatalf("header %s reached the upstream for %q", k, raw)
			}
		}
		q, _ := url.ParseQuery(up.got.URL.RawQuery)
		for k, v := range q {
			if !contains(rt.query, k) || len(v) != 1 {
				t.Fatalf("query %s=%v reached the upstream for %q", k, v, raw)
			}
		}
		if rt.method == http.MethodPost {
			if checkBody(rt.body, up.body) != nil || !bytes.HasPrefix(bytes.TrimSpace(up.body), []byte("{")) {
				t.Fatalf("body %q reached the upstream for %q", up.body, raw)
			}
		} else if len(up.body) != 0 {
			t.Fatalf("GET body reached the upstream for %q", raw)
		}
	})
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
