package dev

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
)

// clientTag loads the dev client (live reload, style swap, error overlay, device and
// clock emulation) before the page's own scripts. It is same-origin, so the pages'
// Content-Security-Policy allows it; built pages never carry it.
const clientTag = `<script src="/__promo/client.js"></script>`

// injectClient adds clientTag to every HTML response of next. Pages are asked for
// uncompressed, so the tag can go in before </head>.
func injectClient(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("Accept-Encoding")
		rec := &htmlRecorder{header: http.Header{}, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		for k, v := range rec.header {
			w.Header()[k] = v
		}
		body := rec.body.Bytes()
		if strings.HasPrefix(rec.header.Get("Content-Type"), "text/html") {
			if i := bytes.Index(body, []byte("</head>")); i >= 0 {
				body = append(body[:i:i], append([]byte(clientTag), body[i:]...)...)
			}
			w.Header().Del("ETag")
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		}
		w.WriteHeader(rec.status)
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
	})
}

// htmlRecorder buffers a response so its HTML can be changed before it is sent.
type htmlRecorder struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (h *htmlRecorder) Header() http.Header { return h.header }

func (h *htmlRecorder) WriteHeader(status int) {
	if !h.wrote {
		h.status, h.wrote = status, true
	}
}

func (h *htmlRecorder) Write(p []byte) (int, error) {
	h.wrote = true
	return h.body.Write(p)
}
