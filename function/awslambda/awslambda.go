// Package awslambda serves an http.Handler from AWS Lambda events: Function
// URLs and API Gateway HTTP APIs (payload format 2.0) and API Gateway REST
// APIs (format 1.0). The answer is buffered, which suits the function: its
// answers are small JSON envelopes (DESIGN §4).
package awslambda

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
	"github.com/promohq/promo/internal/contract"
)

// Adapter is a lambda.Handler (Invoke) serving H.
type Adapter struct {
	H http.Handler
}

// probe tells the payload formats apart.
type probe struct {
	Version        string `json:"version"`
	HTTPMethod     string `json:"httpMethod"`
	RequestContext struct {
		HTTP *struct {
			Method string `json:"method"`
		} `json:"http"`
	} `json:"requestContext"`
}

// ErrUnsupported is returned for events that are not HTTP requests.
var ErrUnsupported = errors.New("awslambda: not an HTTP event (want a Function URL or API Gateway request)")

// Invoke handles one event and returns the matching response event.
func (a Adapter) Invoke(ctx context.Context, payload []byte) ([]byte, error) {
	var p probe
	if err := json.Unmarshal(payload, &p); err != nil {
		return nil, fmt.Errorf("awslambda: %w", err)
	}
	switch {
	case p.Version == "2.0" || p.RequestContext.HTTP != nil:
		var e events.APIGatewayV2HTTPRequest
		if err := json.Unmarshal(payload, &e); err != nil {
			return nil, fmt.Errorf("awslambda: %w", err)
		}
		r, err := requestV2(ctx, &e)
		if err != nil {
			return nil, err
		}
		rec := a.serve(r)
		return json.Marshal(responseV2(rec))
	case p.HTTPMethod != "":
		var e events.APIGatewayProxyRequest
		if err := json.Unmarshal(payload, &e); err != nil {
			return nil, fmt.Errorf("awslambda: %w", err)
		}
		r, err := requestV1(ctx, &e)
		if err != nil {
			return nil, err
		}
		rec := a.serve(r)
		return json.Marshal(responseV1(rec))
	}
	return nil, ErrUnsupported
}

// serve runs the handler into a buffer; a panic is a 500 like net/http's.
func (a Adapter) serve(r *http.Request) (rec *recorder) {
	rec = &recorder{header: http.Header{}}
	defer func() {
		if p := recover(); p != nil {
			rec = &recorder{header: http.Header{"Content-Type": {"application/json"}}, status: http.StatusInternalServerError}
			fmt.Fprintf(&rec.body, `{"ret_code":%d,"ret_msg":"internal error","result":null}`, contract.CodeSystemError)
		}
	}()
	a.H.ServeHTTP(rec, r)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return rec
}

func decodeBody(body string, b64 bool) (io.Reader, int, error) {
	if !b64 {
		return strings.NewReader(body), len(body), nil
	}
	b, err := base64.StdEncoding.DecodeString(body)
	if err != nil {
		return nil, 0, fmt.Errorf("awslambda: body: %w", err)
	}
	return bytes.NewReader(b), len(b), nil
}

// requestV2 rebuilds the request of a Function URL or HTTP API event. The
// raw path is used as sent, so the handler sees encodings and dot segments
// exactly as the client wrote them.
func requestV2(ctx context.Context, e *events.APIGatewayV2HTTPRequest) (*http.Request, error) {
	body, n, err := decodeBody(e.Body, e.IsBase64Encoded)
	if err != nil {
		return nil, err
	}
	path := e.RawPath
	if path == "" {
		path = e.RequestContext.HTTP.Path
	}
	uri := path
	if e.RawQueryString != "" {
		uri += "?" + e.RawQueryString
	}
	r, err := newRequest(ctx, e.RequestContext.HTTP.Method, uri, body, n)
	if err != nil {
		return nil, err
	}
	for k, v := range e.Headers {
		r.Header.Set(k, v)
	}
	if len(e.Cookies) > 0 {
		r.Header.Set("Cookie", strings.Join(e.Cookies, "; "))
	}
	r.Host = firstNonEmpty(r.Header.Get("Host"), e.RequestContext.DomainName)
	r.RemoteAddr = e.RequestContext.HTTP.SourceIP
	return r, nil
}

// requestV1 rebuilds the request of a REST API event, whose path and query
// arrive already decoded.
func requestV1(ctx context.Context, e *events.APIGatewayProxyRequest) (*http.Request, error) {
	body, n, err := decodeBody(e.Body, e.IsBase64Encoded)
	if err != nil {
		return nil, err
	}
	q := url.Values(e.MultiValueQueryStringParameters)
	if len(q) == 0 && len(e.QueryStringParameters) > 0 {
		q = url.Values{}
		for k, v := range e.QueryStringParameters {
			q.Set(k, v)
		}
	}
	uri := (&url.URL{Path: e.Path}).EscapedPath()
	if len(q) > 0 {
		uri += "?" + q.Encode()
	}
	r, err := newRequest(ctx, e.HTTPMethod, uri, body, n)
	if err != nil {
		return nil, err
	}
	if len(e.MultiValueHeaders) > 0 {
		for k, vs := range e.MultiValueHeaders {
			for _, v := range vs {
				r.Header.Add(k, v)
			}
		}
	} else {
		for k, v := range e.Headers {
			r.Header.Set(k, v)
		}
	}
	r.Host = firstNonEmpty(r.Header.Get("Host"), e.RequestContext.DomainName)
	r.RemoteAddr = e.RequestContext.Identity.SourceIP
	return r, nil
}

func newRequest(ctx context.Context, method, uri string, body io.Reader, n int) (*http.Request, error) {
	if !strings.HasPrefix(uri, "/") {
		uri = "/" + uri
	}
	u, err := url.ParseRequestURI(uri)
	if err != nil {
		// Still a request: let the handler refuse it (404), as a server would
		// for a target it cannot route.
		u = &url.URL{Path: "/\x00invalid"}
	}
	r, err := http.NewRequestWithContext(ctx, method, "/", body)
	if err != nil {
		return nil, fmt.Errorf("awslambda: %w", err)
	}
	r.URL = u
	r.RequestURI = uri
	r.ContentLength = int64(n)
	r.Proto, r.ProtoMajor, r.ProtoMinor = "HTTP/1.1", 1, 1
	return r, nil
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// recorder buffers a response.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *recorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(p)
}

// encodedBody is the body as Lambda wants it: text as is, bytes in base64.
func (r *recorder) encodedBody() (string, bool) {
	if utf8.Valid(r.body.Bytes()) {
		return r.body.String(), false
	}
	return base64.StdEncoding.EncodeToString(r.body.Bytes()), true
}

func responseV2(rec *recorder) events.APIGatewayV2HTTPResponse {
	body, b64 := rec.encodedBody()
	resp := events.APIGatewayV2HTTPResponse{StatusCode: rec.status, Headers: map[string]string{}, Body: body, IsBase64Encoded: b64}
	for k, vs := range rec.header {
		if k == "Set-Cookie" {
			resp.Cookies = append(resp.Cookies, vs...)
			continue
		}
		resp.Headers[k] = strings.Join(vs, ", ")
	}
	return resp
}

func responseV1(rec *recorder) events.APIGatewayProxyResponse {
	body, b64 := rec.encodedBody()
	mv := map[string][]string{}
	for k, vs := range rec.header {
		mv[k] = append([]string(nil), vs...)
	}
	return events.APIGatewayProxyResponse{StatusCode: rec.status, MultiValueHeaders: mv, Body: body, IsBase64Encoded: b64}
}
