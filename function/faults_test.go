package function

import (
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestUpstreamFaults: every way an upstream can fail gives the page an
// envelope it understands (DESIGN §4); real envelopes pass through unchanged.
func TestUpstreamFaults(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	cases := []struct {
		name   string
		reply  http.HandlerFunc
		status int
		body   string // exact body passed through, when set
		code   float64
	}{
		{name: "500 envelope", status: 500, body: `{"ret_code":10000,"ret_msg":"system error","result":null}`,
			reply: func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(500)
				io.WriteString(w, `{"ret_code":10000,"ret_msg":"system error","result":null}`)
			}},
		{name: "business error", status: 200, body: `{"ret_code":3580000,"ret_msg":"campaign not available","result":null,"extra":[1,2]}`,
			reply: func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, `{"ret_code":3580000,"ret_msg":"campaign not available","result":null,"extra":[1,2]}`)
			}},
		{name: "new family envelope", status: 200, body: `{"retCode":0,"retMsg":"success","result":{"status":5}}`,
			reply: func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, `{"retCode":0,"retMsg":"success","result":{"status":5}}`)
			}},
		{name: "500 html", status: 502, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(500)
			io.WriteString(w, "<html>Internal Server Error</html>")
		}},
		{name: "malformed JSON", status: 502, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `{"ret_code":0,"result":`)
		}},
		{name: "JSON array", status: 502, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `[1,2,3]`)
		}},
		{name: "html page", status: 502, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, `<script>alert(1)</script>`)
		}},
		{name: "empty 204", status: 502, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(204)
		}},
		{name: "redirect not followed", status: 502, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data", http.StatusFound)
		}},
		{name: "reset mid-body", status: 502, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			conn, buf, _ := w.(http.Hijacker).Hijack()
			buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"ret_code\":0,\"result\":[")
			buf.Flush()
			if tc, ok := conn.(*net.TCPConn); ok {
				tc.SetLinger(0) // RST, not FIN
			}
			conn.Close()
		}},
		{name: "dropped before answer", status: 502, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			panic(http.ErrAbortHandler)
		}},
		{name: "timeout", status: 504, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}},
		{name: "slow body timeout", status: 504, code: codeNetwork, reply: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "100")
			io.WriteString(w, `{"ret_code":0,`)
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := newUpstreamWith(t, c.reply, func(s *http.Server) { s.ErrorLog = quietLog() })
			logs := &logBuf{}
			h := newTestHandler(t, u, Config{Timeout: 150 * time.Millisecond, Logger: jsonLogger(logs)})
			start := time.Now()
			w := serve(h, req{method: "POST", target: "/api/segw/sact/activity/info", body: `{"campaign_id":"c1"}`})
			if c.body != "" {
				if w.Code != c.status || w.Body.String() != c.body {
					t.Fatalf("%d %s, want %d %s", w.Code, w.Body, c.status, c.body)
				}
				env(t, w)
			} else {
				wantError(t, w, c.status, c.code)
			}
			if c.status == 504 && time.Since(start) > 2*time.Second {
				t.Fatalf("timeout took %v", time.Since(start))
			}
			if w.Header().Get("Cache-Control") != "no-store" {
				t.Fatalf("Cache-Control %q", w.Header().Get("Cache-Control"))
			}
			lines := logs.lines(t)
			if len(lines) != 1 || lines[0]["status"] != float64(c.status) || lines[0]["route"] != "info-old" {
				t.Fatalf("log %v", lines)
			}
			if c.body == "" && lines[0]["error"] == nil {
				t.Fatalf("failure not explained in the log: %v", lines[0])
			}
			if c.body != "" && lines[0]["ret_code"] == nil {
				t.Fatalf("upstream code not logged: %v", lines[0])
			}
		})
	}
}

func TestUpstreamRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there any more
	h := newTestHandler(t, nil, Config{Upstream: "http://" + addr})
	wantError(t, serve(h, req{method: "GET", target: "/api/v2/private/user/profile"}), 502, codeNetwork)
}

func TestUpstreamBodyTooLarge(t *testing.T) {
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"ret_code":0,"result":"`+strings.Repeat("x", 2000)+`"}`)
	})
	h := newTestHandler(t, u, Config{Limits: Limits{MaxUpstreamBody: 1000}})
	wantError(t, serve(h, req{method: "GET", target: "/api/v2/private/user/profile"}), 502, codeNetwork)
}

// TestKeepAliveReuse: the function keeps one upstream connection for
// sequential calls instead of dialling each time.
func TestKeepAliveReuse(t *testing.T) {
	var conns atomic.Int32
	u := newUpstreamWith(t, nil, func(s *http.Server) {
		s.ConnState = func(c net.Conn, s http.ConnState) {
			if s == http.StateNew {
				conns.Add(1)
			}
		}
	})
	h := newTestHandler(t, u, Config{})
	for i := 0; i < 20; i++ {
		if w := serve(h, req{method: "GET", target: "/api/spot/s_api/basic/quote_tokens"}); w.Code != 200 {
			t.Fatal(w.Code)
		}
	}
	if n := conns.Load(); n != 1 {
		t.Fatalf("%d connections for 20 sequential calls", n)
	}
}
