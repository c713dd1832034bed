package function_test

import (
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/promohq/promo/function"
	"github.com/promohq/promo/internal/mock"
)

// The local environment, as `promo serve` runs it: the embedded mock stands
// in for the exchange API, in process, so nothing else needs to run.
func Example() {
	h, err := function.New(function.Config{
		Env:    function.EnvLocal,
		Local:  mock.New(mock.Options{}),
		Logger: slog.New(slog.DiscardHandler), // one line per request otherwise
	})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()

	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/healthz", nil))
	fmt.Println(w.Code, w.Body)
	// Output:
	// 200 {"ret_code":0,"ret_msg":"OK","result":{"env":"local","status":"ok"}}
}

// A login through the function against the mock's seeded account: the token
// becomes an HttpOnly cookie and is taken out of the answer, so page scripts
// never hold it; the companion cookie tells them they are logged in.
func Example_login() {
	h, err := function.New(function.Config{
		Env:    function.EnvLocal,
		Local:  mock.New(mock.Options{}),
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()

	r := httptest.NewRequest("POST", "/api/user/public/login",
		strings.NewReader(`{"email":"demo@example.com","password":"Demo1234!"}`))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)

	fmt.Println(w.Code, w.Body)
	for _, c := range w.Result().Cookies() {
		fmt.Printf("%s HttpOnly=%t Secure=%t MaxAge=%d\n", c.Name, c.HttpOnly, c.Secure, c.MaxAge)
	}
	// Output:
	// 200 {"result":{"id":100001},"ret_code":0,"ret_msg":"OK"}
	// b_t_c_k_local HttpOnly=true Secure=true MaxAge=604800
	// promo_session HttpOnly=false Secure=true MaxAge=604800
}

// Mount puts the function in front of the static pages: everything under the
// API base is the function's, the rest goes to the pages. A path that an
// http.ServeMux would clean and redirect is refused with an envelope instead.
func ExampleHandler_Mount() {
	h, err := function.New(function.Config{
		Env:    function.EnvLocal,
		Local:  mock.New(mock.Options{}),
		Logger: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()

	pages := http.NewServeMux()
	pages.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "page %s", r.URL.Path)
	})
	site := h.Mount(pages)

	for _, target := range []string{"/launch-home/", "/api/healthz", "/api/../etc/passwd", "/api/not-a-spec-path"} {
		w := httptest.NewRecorder()
		site.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		fmt.Println(target, w.Code, w.Body)
	}
	// Output:
	// /launch-home/ 200 page /launch-home/
	// /api/healthz 200 {"ret_code":0,"ret_msg":"OK","result":{"env":"local","status":"ok"}}
	// /api/../etc/passwd 404 {"ret_code":10000,"ret_msg":"not found","result":null}
	// /api/not-a-spec-path 404 {"ret_code":10000,"ret_msg":"not found","result":null}
}

// A deployment (the Lambda entry, a container) takes its configuration from
// the environment: pass os.Getenv, or nil, which means the same. Here a map
// stands in for it.
func ExampleConfigFromEnv() {
	vars := map[string]string{
		"PROMO_ENV":      function.EnvTest,
		"PROMO_UPSTREAM": "https://api-test.example.com",
		"PROMO_TIMEOUT":  "20s",
	}
	cfg, err := function.ConfigFromEnv(function.Config{TrustedHops: 1}, func(k string) string { return vars[k] })
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(cfg.Env, cfg.Upstream, cfg.Timeout, cfg.TrustedHops)

	vars["PROMO_TIMEOUT"] = "soon"
	_, err = function.ConfigFromEnv(function.Config{}, func(k string) string { return vars[k] })
	fmt.Println(err)
	// Output:
	// test https://api-test.example.com 20s 1
	// PROMO_TIMEOUT="soon": want a positive duration such as 50s
}

// Outside the local environment the function forwards to the exchange API of
// Config.Upstream. The upstream request is built from nothing: the client's
// cookies and headers stay behind, and only the token (as UserToken), Lang
// and Guid go along.
func ExampleNew() {
	exchange := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Printf("exchange: %s %s UserToken=%q Lang=%q Cookie=%q Referer=%q\n", r.Method, r.URL.Path,
			r.Header.Get("UserToken"), r.Header.Get("Lang"), r.Header.Get("Cookie"), r.Header.Get("Referer"))
		io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":{"code":"ABC123"}}`)
	}))
	defer exchange.Close()

	h, err := function.New(function.Config{
		Env:      function.EnvTest,
		Upstream: exchange.URL,
		Logger:   slog.New(slog.DiscardHandler),
	})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()

	r := httptest.NewRequest("GET", "/api/segw/sact/activity/invitation-code", nil)
	r.AddCookie(&http.Cookie{Name: "b_t_c_k_test", Value: "token-of-the-visitor"})
	r.AddCookie(&http.Cookie{Name: "analytics", Value: "abc"})
	r.Header.Set("Lang", "ja-JP")
	r.Header.Set("Referer", "https://promo.example.com/ja-JP/launch-home/")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	fmt.Println(w.Code, w.Body)
	// Output:
	// exchange: GET /segw/sact/activity/invitation-code UserToken="token-of-the-visitor" Lang="ja-JP" Cookie="" Referer=""
	// 200 {"ret_code":0,"ret_msg":"OK","result":{"code":"ABC123"}}
}
