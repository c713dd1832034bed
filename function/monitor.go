package function

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
)

// maxReport bounds one client error report; a report is a small JSON object.
const maxReport = 16 << 10

// reportFields are the client error report's fields that get logged, each
// with its length limit. Anything else in a report is ignored.
var reportFields = []struct {
	name string
	max  int
}{
	{"type", 64}, {"message", 1024}, {"stack", 4096}, {"url", 512}, {"source", 512},
	{"line", 16}, {"column", 16}, {"campaign", 128}, {"locale", 16}, {"release", 64},
	{"ua", 256}, {"level", 16},
}

// serveMonitor is the monitoring collector of seed §7: pages post their
// script errors here. A report is bounded, rate-limited per client address,
// logged and never forwarded to the upstream. It accepts text/plain too,
// because navigator.sendBeacon posts strings that way.
func (h *Handler) serveMonitor(w http.ResponseWriter, r *http.Request, c *call) {
	b, e := readBody(w, r, min(maxReport, h.cfg.Limits.MaxBody), true)
	if e != nil {
		refuse(w, c, e)
		return
	}
	// A shared store that fails lets beacons through (fails open, logged).
	if ok, retry, err := h.monitor.allow(addrKey(clientAddr(r, h.cfg.TrustedHops)), h.cfg.Now()); err != nil {
		h.sharedFailed("monitor limit", err)
	} else if !ok {
		tooFrequent(w, c, "monitor limit", retry)
		return
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil || len(m) == 0 {
		refuse(w, c, badRequest("a report is a non-empty JSON object"))
		return
	}
	attrs := []slog.Attr{slog.String("request_id", c.id)}
	for _, f := range reportFields {
		raw, ok := m[f.name]
		if !ok {
			continue
		}
		var v any
		if json.Unmarshal(raw, &v) != nil {
			continue
		}
		var s string
		switch t := v.(type) {
		case string:
			s = t
		case float64, bool:
			s = strings.TrimSpace(string(raw))
		default:
			continue
		}
		attrs = append(attrs, slog.String(f.name, clip(s, f.max)))
	}
	h.cfg.Logger.LogAttrs(r.Context(), slog.LevelWarn, "client report", attrs...)
	writeJSON(w, http.StatusOK, envelope{RetMsg: "OK"})
}

// clip shortens s to max bytes at a rune boundary and drops control
// characters, so a report cannot forge log lines or flood the log.
func clip(s string, max int) string {
	var b strings.Builder
	for _, r := range s {
		if r < ' ' && r != '\n' && r != '\t' || r == 0x7f {
			continue
		}
		if b.Len()+len(string(r)) > max {
			break
		}
		b.WriteRune(r)
	}
	return b.String()
}
