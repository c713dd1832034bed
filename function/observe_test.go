package function

import (
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// TestCacheHeaders: public market data is cacheable when it succeeded;
// everything else, and every failure, is no-store.
func TestCacheHeaders(t *testing.T) {
	var fail atomic.Bool
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		if fail.Load() {
			io.WriteString(w, `{"ret_code":10000,"ret_msg":"system error","result":null}`)
			return
		}
		io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":[]}`)
	})
	h := newTestHandler(t, u, Config{})
	public := map[string]bool{"quote-tokens": true, "dynamic-symbol": true, "spot-kline": true, "inverse-kline": true, "linear-kline": true}
	for _, rt := range specRoutes {
		if rt.kind == kindLogin {
			continue // answers without a token are faults; covered elsewhere
		}
		q := req{method: rt.method, target: "/api" + rt.path, body: validBody[rt.name], cookies: map[string]string{"b_t_c_k_test": testToken}}
		fail.Store(false)
		cc := serve(h, q).Header().Get("Cache-Control")
		if public[rt.name] != strings.HasPrefix(cc, "public, max-age=") || (!public[rt.name] && cc != "no-store") {
			t.Errorf("%s: Cache-Control %q", rt.name, cc)
		}
		fail.Store(true)
		if cc := serve(h, q).Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s failure: Cache-Control %q", rt.name, cc)
		}
	}
	for _, target := range []string{"/api/nope", "/api/healthz"} {
		if cc := serve(h, req{method: "GET", target: target}).Header().Get("Cache-Control"); cc != "no-store" {
			t.Errorf("%s: %q", target, cc)
		}
	}
}

// TestResponseHeadersAreTheFunctions: nothing of the upstream's headers but
// the body reaches the browser; the content type is always JSON with nosniff.
func TestResponseHeadersAreTheFunctions(t *testing.T) {
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Set-Cookie", "session=upstream; Path=/")
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Header().Set("X-Upstream-Secret", "1")
		io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":null}`)
	})
	h := newTestHandler(t, u, Config{})
	w := serve(h, req{method: "GET", target: "/api/v2/private/user/profile"})
	for k := range w.Header() {
		switch k {
		case "Content-Type", "Content-Length", "Cache-Control", "X-Content-Type-Options", "X-Request-Id":
		default:
			t.Errorf("header %s passed through", k)
		}
	}
	if w.Header().Get("Content-Type") != "application/json; charset=utf-8" || w.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Fatal(w.Header())
	}
}

// TestOneLogLinePerRequest: request id, route, status and upstream time.
func TestOneLogLinePerRequest(t *testing.T) {
	u := newUpstream(t, nil)
	logs := &logBuf{}
	h := newTestHandler(t, u, Config{Logger: jsonLogger(logs)})
	w1 := serve(h, req{method: "GET", target: "/api/v2/private/user/profile", cookies: map[string]string{"b_t_c_k_test": "secret-token"}})
	serve(h, req{method: "GET", target: "/api/nope"})
	serve(h, req{method: "POST", target: "/api/segw/sact/activity/enroll", body: `{"campaign_id":""}`})
	lines := logs.lines(t)
	if len(lines) != 3 {
		t.Fatalf("%d lines", len(lines))
	}
	first := lines[0]
	if first["msg"] != "request" || first["route"] != "profile" || first["status"] != 200.0 ||
		first["request_id"] != w1.Header().Get("X-Request-Id") || first["ret_code"] != 0.0 {
		t.Fatalf("%v", first)
	}
	if up, ok := first["upstream_ms"].(float64); !ok || up <= 0 {
		t.Fatalf("upstream_ms %v", first["upstream_ms"])
	}
	if lines[1]["route"] != "-" || lines[1]["status"] != 404.0 || lines[2]["status"] != 400.0 || lines[2]["error"] == nil {
		t.Fatalf("%v", lines[1:])
	}
	if strings.Contains(logs.b.String(), "secret-token") {
		t.Fatal("token in the log")
	}
	if lines[0]["request_id"] == lines[1]["request_id"] {
		t.Fatal("request ids repeat")
	}
}

// TestMonitor: client error reports are logged, bounded, rate-limited and
// never forwarded.
func TestMonitor(t *testing.T) {
	u := newUpstream(t, nil)
	logs := &logBuf{}
	h := newTestHandler(t, u, Config{Logger: jsonLogger(logs)})
	report := `{"type":"error","message":"boom\n{\"forged\":1}","stack":"` + strings.Repeat("s", 9000) +
		`","url":"/id-ID/promo/","line":12,"token":"should-not-be-logged","secret":{"a":1}}`
	w := serve(h, req{method: "POST", target: "/api/monitor", body: report, header: map[string]string{"Content-Type": "text/plain;charset=UTF-8"}})
	if w.Code != 200 || env(t, w)["ret_code"] != 0.0 {
		t.Fatalf("%d %s", w.Code, w.Body)
	}
	var rep map[string]any
	for _, l := range logs.lines(t) {
		if l["msg"] == "client report" {
			rep = l
		}
	}
	if rep == nil || rep["type"] != "error" || rep["url"] != "/id-ID/promo/" || rep["line"] != "12" ||
		len(rep["stack"].(string)) != 4096 || rep["token"] != nil || rep["secret"] != nil {
		t.Fatalf("report logged as %v", rep)
	}
	if !strings.Contains(rep["message"].(string), "\n") {
		t.Fatal("newline in message should survive as JSON escaping")
	}
	wantError(t, serve(h, req{method: "POST", target: "/api/monitor", body: `{"m":"` + strings.Repeat("x", 20<<10) + `"}`}), 413, codeParam)
	wantError(t, serve(h, req{method: "POST", target: "/api/monitor", body: `[1]`}), 400, codeParam)
	wantError(t, serve(h, req{method: "POST", target: "/api/monitor", body: `{}`}), 400, codeParam)
	for i := 0; i < 30; i++ {
		serve(h, req{method: "POST", target: "/api/monitor", body: `{"message":"x"}`, remote: "198.51.100.9:1"})
	}
	wantError(t, serve(h, req{method: "POST", target: "/api/monitor", body: `{"message":"x"}`, remote: "198.51.100.9:1"}), 429, codeTooFrequent)
	if u.count() != 0 {
		t.Fatal("a report reached the upstream")
	}
}

func TestClip(t *testing.T) {
	if got := clip("a\x00b\x1bc\u00e9\u00e9", 5); got != "abc\u00e9" {
		t.Fatalf("%q", got)
	}
}

// TestPanicIsAnEnvelope: a bug answers 500 with an envelope and is logged.
func TestPanicIsAnEnvelope(t *testing.T) {
	logs := &logBuf{}
	h := newTestHandler(t, nil, Config{Env: EnvLocal, Logger: jsonLogger(logs),
		Local: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"ret_code":0}`)) })})
	h.rt = panicTransport{}
	wantError(t, serve(h, req{method: "GET", target: "/api/v2/private/user/profile"}), 500, codeSystem)
	if !strings.Contains(logs.b.String(), `"msg":"panic"`) {
		t.Fatal(logs.b.String())
	}
}

type panicTransport struct{}

func (panicTransport) RoundTrip(*http.Request) (*http.Response, error) { panic("bug") }
