package function

import (
	"io"
	"net/http"
	"strings"

	"github.com/promohq/promo/internal/contract"
)

// serveControl hands <APIBase>/__mock/* to the embedded mock's test control.
// The routes exist only when New was given a local upstream with a control
// handler, which resolve allows in the local environment alone (DESIGN §5).
// A successful reset also forgets the function's rate-limit counters and
// stored idempotent answers, so every test starts from the same state.
func (h *Handler) serveControl(w http.ResponseWriter, r *http.Request, rt *route, c *call) {
	body, e := readBody(w, r, h.cfg.Limits.MaxBody, false)
	if e != nil {
		refuse(w, c, e)
		return
	}
	if r.Method == http.MethodGet {
		body = nil
	}
	req := r.Clone(r.Context())
	req.URL.Path = strings.TrimPrefix(r.URL.Path, h.cfg.APIBase)
	req.URL.RawPath = ""
	req.RequestURI = ""
	req.Body = io.NopCloser(strings.NewReader(string(body)))
	req.ContentLength = int64(len(body))
	rec := &memResponse{header: http.Header{}}
	h.control.ServeHTTP(rec, req)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	if rt.name == contract.MockReset.Name && rec.status < 300 {
		h.resetState()
	}
	writeBody(w, rec.status, rec.body.Bytes())
}
