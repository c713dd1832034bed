package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"github.com/promohq/promo/function/awslambda"
)

// exchange is a loopback upstream that records what reaches it.
type exchange struct {
	*httptest.Server
	mu   sync.Mutex
	seen []*http.Request
	body []string
}

func newExchange(t *testing.T) *exchange {
	x := &exchange{}
	x.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		x.mu.Lock()
		x.seen = append(x.seen, r)
		x.body = append(x.body, string(b))
		x.mu.Unlock()
		switch r.URL.Path {
		case "/user/public/login":
			io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":{"id":100001},"token":"tok-from-exchange"}`)
		default:
			io.WriteString(w, `{"ret_code":0,"ret_msg":"OK","result":[]}`)
		}
	}))
	t.Cleanup(x.Close)
	return x
}

func invoke(t *testing.T, a awslambda.Adapter, event string, out any) {
	t.Helper()
	payload, err := os.ReadFile(filepath.Join("..", "..", "function", "awslambda", "testdata", event))
	if err != nil {
		t.Fatal(err)
	}
	b, err := a.Invoke(context.Background(), payload)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
}

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// TestLambdaEvents runs real event payloads through the deployed entry: a
// Function URL login, an HTTP API enrolment, a REST API k-line call and a
// traversal attempt.
func TestLambdaEvents(t *testing.T) {
	x := newExchange(t)
	h, err := build(env(map[string]string{"PROMO_ENV": "production", "PROMO_UPSTREAM": x.URL}))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	a := awslambda.Adapter{H: h}

	var login events.LambdaFunctionURLResponse
	invoke(t, a, "function-url-login.json", &login)
	if login.StatusCode != 200 || strings.Contains(login.Body, "tok-from-exchange") || len(login.Cookies) != 2 {
		t.Fatalf("login: %+v", login)
	}
	tok := login.Cookies[0]
	for _, want := range []string{"b_t_c_k=tok-from-exchange", "HttpOnly", "Secure", "SameSite=Lax", "Max-Age=604800", "Path=/"} {
		if !strings.Contains(tok, want) {
			t.Errorf("token cookie %q lacks %s", tok, want)
		}
	}
	if strings.Contains(tok, "Domain=") {
		t.Errorf("a Function URL host gets a host-only cookie: %q", tok)
	}
	if !strings.HasPrefix(login.Cookies[1], "promo_session=1") || strings.Contains(login.Cookies[1], "HttpOnly") {
		t.Errorf("companion %q", login.Cookies[1])
	}

	var enrol events.APIGatewayV2HTTPResponse
	invoke(t, a, "apigw-v2-enroll.json", &enrol)
	if enrol.StatusCode != 200 || enrol.Headers["Cache-Control"] != "no-store" {
		t.Fatalf("enrol: %+v", enrol)
	}

	var kline events.APIGatewayProxyResponse
	invoke(t, a, "apigw-v1-kline.json", &kline)
	if kline.StatusCode != 200 || !strings.HasPrefix(kline.MultiValueHeaders["Cache-Control"][0], "public") {
		t.Fatalf("kline: %+v", kline)
	}

	var bad events.LambdaFunctionURLResponse
	invoke(t, a, "function-url-traversal.json", &bad)
	if bad.StatusCode != 404 || !strings.Contains(bad.Body, `"ret_code":10000`) {
		t.Fatalf("traversal: %+v", bad)
	}

	x.mu.Lock()
	defer x.mu.Unlock()
	if len(x.seen) != 3 {
		t.Fatalf("exchange saw %d requests", len(x.seen))
	}
	if r := x.seen[0]; r.URL.Path != "/user/public/login" || x.body[0] != `{"email":"demo@example.com","password":"Demo1234!"}` ||
		r.Header.Get("Guid") != "0123abcd-4567-89ef-0123-456789abcdef" || r.Header.Get("Cookie") != "" || r.Header.Get("X-Forwarded-For") != "" ||
		r.Header.Get("Origin") != "" || r.Header.Get("X-Amzn-Trace-Id") != "" {
		t.Fatalf("login upstream: %s %v", r.URL, r.Header)
	}
	if r := x.seen[1]; r.URL.Path != "/fht/growth/activity-api/v1/enroll" || r.Header.Get("UserToken") != "TOKEN_FROM_LOGIN" ||
		r.Header.Get("Idempotency-Key") != "0d6c0f4e-enrol-1" || r.Header.Get("Lang") != "id-ID" || x.body[1] != `{"campaignId":"100234"}` ||
		r.URL.RawQuery != "" {
		t.Fatalf("enrol upstream: %s %v %s", r.URL, r.Header, x.body[1])
	}
	if r := x.seen[2]; r.URL.Path != "/spot/api/quote/v1/multi/kline" || r.URL.RawQuery != "exchangeId=301&interval=1h&limit=24&symbol=BTCUSDT%2CETHUSDT" {
		t.Fatalf("kline upstream: %s", r.URL)
	}
}

// TestLocalDemo: a Lambda in local serves the embedded mock and its control.
func TestLocalDemo(t *testing.T) {
	h, err := build(env(map[string]string{"PROMO_ENV": "local"}))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var login events.LambdaFunctionURLResponse
	invoke(t, awslambda.Adapter{H: h}, "function-url-login.json", &login)
	if login.StatusCode != 200 || !strings.Contains(login.Body, `"id":100001`) || len(login.Cookies) != 2 ||
		!strings.HasPrefix(login.Cookies[0], "b_t_c_k_local=") {
		t.Fatalf("%+v", login)
	}
}

func TestBuildNeedsEnvironment(t *testing.T) {
	for _, vars := range []map[string]string{
		{},
		{"PROMO_ENV": "production"},
		{"PROMO_ENV": "prod", "PROMO_UPSTREAM": "https://api.example.com"},
		{"PROMO_ENV": "production", "PROMO_UPSTREAM": "https://api.example.com", "PROMO_TIMEOUT": "x"},
	} {
		if h, err := build(env(vars)); err == nil {
			h.Close()
			t.Errorf("%v accepted", vars)
		}
	}
}
