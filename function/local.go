package function

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
)

// errDropped is what the in-process upstream reports when its handler aborts
// the exchange, as a real server does by closing the connection.
var errDropped = errors.New("local upstream: connection closed before a complete response")

// localTransport serves requests with an in-process handler, so `local` needs
// no second port (DESIGN §5). It behaves like a network transport where it
// matters to the function: a handler that panics (the mock's `drop` fault
// uses http.ErrAbortHandler, as net/http does) is a dropped connection, and a
// request whose context ended is that context's error.
type localTransport struct {
	h http.Handler
}

func (t localTransport) RoundTrip(req *http.Request) (resp *http.Response, err error) {
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	if req.Body == nil {
		req.Body = http.NoBody // a server-side handler may always read it
	}
	// On the wire a receiving server canonicalises header names (UserToken
	// arrives as Usertoken); do the same, on a copy.
	hdr := make(http.Header, len(req.Header))
	for k, v := range req.Header {
		if len(v) > 0 && v[0] != "" {
			hdr[http.CanonicalHeaderKey(k)] = v
		}
	}
	req = req.Clone(req.Context())
	req.Header = hdr
	rec := &memResponse{header: http.Header{}}
	func() {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					err = errDropped
				} else {
					err = fmt.Errorf("%w (handler panic: %v)", errDropped, p)
				}
			}
		}()
		t.h.ServeHTTP(rec, req)
	}()
	if req.Body != nil {
		req.Body.Close()
	}
	if err != nil {
		return nil, err
	}
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return &http.Response{
		Status:        strconv.Itoa(rec.status) + " " + http.StatusText(rec.status),
		StatusCode:    rec.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        rec.header,
		Body:          io.NopCloser(bytes.NewReader(rec.body.Bytes())),
		ContentLength: int64(rec.body.Len()),
		Request:       req,
	}, nil
}

// memResponse is a ResponseWriter that keeps the response in memory.
type memResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (m *memResponse) Header() http.Header { return m.header }

func (m *memResponse) WriteHeader(code int) {
	if m.status == 0 {
		m.status = code
	}
}

func (m *memResponse) Write(p []byte) (int, error) {
	if m.status == 0 {
		m.status = http.StatusOK
	}
	return m.body.Write(p)
}
