package mock

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/promohq/promo/internal/contract"
)

// TestServesTheContract: the mock implements every upstream route of
// internal/contract and nothing else (DESIGN §5): each path answers its
// method (neither 404 nor 405) and refuses any other with 405 and Allow. The
// test control answers the contract's control routes the same way.
func TestServesTheContract(t *testing.T) {
	m, _ := newTestMock()
	up := contract.RoutesOf(contract.Upstream)
	want := map[string]bool{}
	for _, c := range up {
		want[c.Path] = true
	}
	for _, p := range m.Paths() {
		if !want[p] {
			t.Errorf("the mock serves %s, which is not an upstream route of internal/contract", p)
		}
		delete(want, p)
	}
	for _, p := range slices.Sorted(maps.Keys(want)) {
		t.Errorf("the mock does not serve %s, an upstream route of internal/contract", p)
	}
	methods := []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch}
	for _, c := range up {
		for _, method := range methods {
			w := httptest.NewRecorder()
			m.ServeHTTP(w, httptest.NewRequest(method, c.Path, strings.NewReader("{}")))
			switch {
			case method == c.Method && (w.Code == http.StatusNotFound || w.Code == http.StatusMethodNotAllowed):
				t.Errorf("%s %s (%s): status %d, want the route answered: %s", method, c.Path, c.Name, w.Code, w.Body)
			case method != c.Method && (w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != c.Method):
				t.Errorf("%s %s (%s): status %d Allow %q, want 405 Allow %s as internal/contract says", method, c.Path, c.Name, w.Code, w.Header().Get("Allow"), c.Method)
			}
		}
	}
	for _, c := range contract.RoutesOf(contract.MockControl) {
		for _, method := range methods {
			w := httptest.NewRecorder()
			m.Control().ServeHTTP(w, httptest.NewRequest(method, c.Path, strings.NewReader("{}")))
			switch {
			case method == c.Method && (w.Code == http.StatusNotFound || w.Code == http.StatusMethodNotAllowed):
				t.Errorf("control %s %s: status %d, want the route answered: %s", method, c.Path, w.Code, w.Body)
			case method != c.Method && (w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != c.Method):
				t.Errorf("control %s %s: status %d Allow %q, want 405 Allow %s", method, c.Path, w.Code, w.Header().Get("Allow"), c.Method)
			}
		}
	}
}
