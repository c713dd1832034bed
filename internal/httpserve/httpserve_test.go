package httpserve

import (
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// A server on a loopback address answers only requests naming a loopback host: a
// rebinding page's request carries its own name.
func TestLoopbackHosts(t *testing.T) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	loop := LoopbackHosts(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, ok)
	for host, want := range map[string]int{
		"127.0.0.1:8080": 204, "localhost:8080": 204, "LOCALHOST.": 204, "[::1]:8080": 204, "app.localhost:8080": 204,
		"127.0.0.2": 204, "evil.example:8080": 421, "evil.example": 421, "127.0.0.1.nip.io:8080": 421, "": 421,
	} {
		r := httptest.NewRequest("GET", "/api/__mock/state", nil)
		r.Host = host
		w := httptest.NewRecorder()
		loop.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %q: %d, want %d", host, w.Code, want)
		}
	}
	open := LoopbackHosts(&net.TCPAddr{IP: net.IPv4(0, 0, 0, 0), Port: 8080}, ok)
	r := httptest.NewRequest("GET", "/", nil)
	r.Host = "phone-test.example"
	w := httptest.NewRecorder()
	open.ServeHTTP(w, r)
	if w.Code != 204 {
		t.Errorf("a server on all addresses refused Host %q: %d", r.Host, w.Code)
	}
}
