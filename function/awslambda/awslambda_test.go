package awslambda

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

// echo records the request it was given and answers with cookies, a
// repeated header and a body chosen by the test.
type echo struct {
	got  *http.Request
	body string
	resp []byte
}

func (e *echo) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.got = r
	b, _ := io.ReadAll(r.Body)
	e.body = string(b)
	w.Header().Add("Set-Cookie", "a=1; Path=/; HttpOnly")
	w.Header().Add("Set-Cookie", "b=2; Path=/")
	w.Header().Add("Vary", "Accept")
	w.Header().Add("Vary", "Origin")
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(201)
	w.Write(e.resp)
}

func load(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFunctionURLEvent(t *testing.T) {
	e := &echo{resp: []byte(`{"ret_code":0}`)}
	out, err := Adapter{e}.Invoke(context.Background(), load(t, "function-url-login.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := e.got
	if r.Method != "POST" || r.URL.Path != "/api/user/public/login" || r.RequestURI != "/api/user/public/login" {
		t.Fatalf("%s %s %q", r.Method, r.URL, r.RequestURI)
	}
	if e.body != `{"email":"demo@example.com","password":"Demo1234!"}` || r.ContentLength != int64(len(e.body)) {
		t.Fatalf("body %q (%d)", e.body, r.ContentLength)
	}
	if r.RemoteAddr != "198.51.100.23" || r.Host != "abcdefghijklmnopqrstuvwxyz0123456.lambda-url.eu-west-1.on.aws" {
		t.Fatalf("remote %q host %q", r.RemoteAddr, r.Host)
	}
	if c, err := r.Cookie("guid"); err != nil || c.Value != "0123abcd-4567-89ef-0123-456789abcdef" {
		t.Fatalf("cookie: %v %v", c, err)
	}
	if r.Header.Get("Lang") != "en" || r.Header.Get("Content-Type") != "application/json" {
		t.Fatal(r.Header)
	}
	var resp events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(out, &resp); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 201 || resp.Body != `{"ret_code":0}` || resp.IsBase64Encoded ||
		len(resp.Cookies) != 2 || resp.Cookies[0] != "a=1; Path=/; HttpOnly" || resp.Headers["Vary"] != "Accept, Origin" ||
		resp.Headers["Set-Cookie"] != "" {
		t.Fatalf("%+v", resp)
	}
}

func TestHTTPAPIEvent(t *testing.T) {
	e := &echo{resp: []byte{0xff, 0x00, 0x01}}
	out, err := Adapter{e}.Invoke(context.Background(), load(t, "apigw-v2-enroll.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := e.got
	if r.URL.Path != "/api/fht/growth/activity-api/v1/enroll" || r.URL.RawQuery != "ref=ABC" || r.Host != "promo.example.com" {
		t.Fatalf("%v host %s", r.URL, r.Host)
	}
	if c, _ := r.Cookie("b_t_c_k"); c == nil || c.Value != "TOKEN_FROM_LOGIN" || r.Header.Get("Idempotency-Key") != "0d6c0f4e-enrol-1" {
		t.Fatal(r.Header)
	}
	var resp events.APIGatewayV2HTTPResponse
	json.Unmarshal(out, &resp)
	if b, _ := base64.StdEncoding.DecodeString(resp.Body); !resp.IsBase64Encoded || string(b) != "\xff\x00\x01" {
		t.Fatalf("binary body: %+v", resp)
	}
}

func TestRESTAPIEvent(t *testing.T) {
	e := &echo{resp: []byte(`{}`)}
	out, err := Adapter{e}.Invoke(context.Background(), load(t, "apigw-v1-kline.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := e.got
	if r.Method != "GET" || r.URL.Path != "/api/spot/api/quote/v1/multi/kline" || r.URL.Query().Get("symbol") != "BTCUSDT,ETHUSDT" ||
		r.URL.Query().Get("limit") != "24" || r.RemoteAddr != "192.0.2.10" {
		t.Fatalf("%s %v %s", r.Method, r.URL, r.RemoteAddr)
	}
	if e.body != "" {
		t.Fatalf("body %q", e.body)
	}
	var resp events.APIGatewayProxyResponse
	json.Unmarshal(out, &resp)
	if resp.StatusCode != 201 || len(resp.MultiValueHeaders["Set-Cookie"]) != 2 || resp.Body != "{}" {
		t.Fatalf("%+v", resp)
	}
}

// TestRawPathKept: the handler sees an encoded path as the client sent it.
func TestRawPathKept(t *testing.T) {
	e := &echo{resp: []byte(`{}`)}
	if _, err := (Adapter{e}).Invoke(context.Background(), load(t, "function-url-traversal.json")); err != nil {
		t.Fatal(err)
	}
	if e.got.URL.EscapedPath() != "/api/v2/private/user/profile/..%2F..%2Fadmin" || e.got.RequestURI != "/api/v2/private/user/profile/..%2F..%2Fadmin" {
		t.Fatalf("%q %q", e.got.URL.EscapedPath(), e.got.RequestURI)
	}
}

func TestNotHTTPEvent(t *testing.T) {
	if _, err := (Adapter{&echo{}}).Invoke(context.Background(), []byte(`{"Records":[]}`)); err != ErrUnsupported {
		t.Fatal(err)
	}
	if _, err := (Adapter{&echo{}}).Invoke(context.Background(), []byte(`nope`)); err == nil {
		t.Fatal("accepted junk")
	}
}

func TestPanicIs500(t *testing.T) {
	h := http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("bug") })
	out, err := Adapter{h}.Invoke(context.Background(), load(t, "function-url-login.json"))
	if err != nil {
		t.Fatal(err)
	}
	var resp events.APIGatewayV2HTTPResponse
	json.Unmarshal(out, &resp)
	if resp.StatusCode != 500 {
		t.Fatalf("%+v", resp)
	}
}
