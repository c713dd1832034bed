package dev

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// event is one Server-Sent Event for the pages' client script (dev/client/client.js).
type event struct {
	Name string
	Data any
}

// hub fans events out to every open page. Each subscriber has a small buffer; a page
// that does not keep up loses events rather than stalling the rebuild loop.
type hub struct {
	mu   sync.Mutex
	subs map[chan event]struct{}
}

func newHub() *hub { return &hub{subs: map[chan event]struct{}{}} }

func (h *hub) subscribe() chan event {
	ch := make(chan event, 16)
	h.mu.Lock()
	h.subs[ch] = struct{}{}
	h.mu.Unlock()
	return ch
}

func (h *hub) unsubscribe(ch chan event) {
	h.mu.Lock()
	delete(h.subs, ch)
	h.mu.Unlock()
}

func (h *hub) publish(e event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- e:
		default:
		}
	}
}

// serveEvents streams events to one page. The first event says hello with the
// server's instance id (a page that sees another id after reconnecting knows the
// server restarted and reloads) and the current error, if the last build failed.
func (h *hub) serveEvents(w http.ResponseWriter, r *http.Request, hello func() event) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	ch := h.subscribe()
	defer h.unsubscribe(ch)
	if err := writeEvent(w, hello()); err != nil {
		return
	}
	flusher.Flush()
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case e := <-ch:
			if writeEvent(w, e) != nil {
				return
			}
		case <-keepAlive.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
		}
		flusher.Flush()
	}
}

func writeEvent(w http.ResponseWriter, e event) error {
	data, err := json.Marshal(e.Data)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Name, data)
	return err
}
