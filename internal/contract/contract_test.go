package contract

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestRoutes: names and paths are unique, methods are GET or POST, paths are
// clean site paths, and the function's own routes are the three of DESIGN §4.
func TestRoutes(t *testing.T) {
	names, paths := map[string]bool{}, map[string]bool{}
	for _, r := range Routes() {
		if names[r.Name] || paths[r.Path] {
			t.Errorf("%s %s: name or path listed twice", r.Name, r.Path)
		}
		names[r.Name], paths[r.Path] = true, true
		if r.Method != http.MethodGet && r.Method != http.MethodPost {
			t.Errorf("%s: method %q", r.Name, r.Method)
		}
		if !strings.HasPrefix(r.Path, "/") || strings.HasSuffix(r.Path, "/") || strings.Contains(r.Path, "//") || strings.ContainsAny(r.Path, "?#%. ") {
			t.Errorf("%s: path %q is not a clean site path", r.Name, r.Path)
		}
		if r.Side < Upstream || r.Side > MockControl {
			t.Errorf("%s: no side", r.Name)
		}
	}
	// Seed §7 has 15 calls, DESIGN §4 adds 4 account calls.
	if n := len(RoutesOf(Upstream)); n != 19 {
		t.Errorf("%d upstream routes, want 19", n)
	}
	var own []string
	for _, r := range RoutesOf(Function) {
		own = append(own, r.Path)
	}
	if !slices.Equal(own, []string{"/session", "/healthz", "/monitor"}) {
		t.Errorf("the function's own routes are %v", own)
	}
}

// TestQueries: only GET routes of the upstream take query parameters, each
// named once like a JavaScript identifier (the page's params object spells
// them), and the three K-lines of seed §7 take theirs, the spot one with its
// symbol list under `symbol` (seed §7's name, the exchange's own).
func TestQueries(t *testing.T) {
	for _, r := range Routes() {
		q := r.Query()
		if len(q) > 0 && (r.Method != http.MethodGet || r.Side != Upstream) {
			t.Errorf("%s: a %s %s route with query parameters", r.Name, r.Side, r.Method)
		}
		seen := map[string]bool{}
		for _, n := range q {
			if seen[n] || n == "" || strings.Trim(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
				t.Errorf("%s: query parameter %q repeated or not an identifier", r.Name, n)
			}
			seen[n] = true
		}
	}
	want := map[Route][]string{
		SpotKline:    {"symbol", "exchangeId", "interval", "limit"},
		InverseKline: {"symbol", "resolution", "from", "to"},
		LinearKline:  {"symbol", "resolution", "from", "to"},
	}
	for r, w := range want {
		if got := r.Query(); !slices.Equal(got, w) {
			t.Errorf("%s takes %v, want %v", r.Name, got, w)
		}
	}
	q := SpotKline.Query()
	q[0] = "changed"
	if SpotKline.Query()[0] != "symbol" {
		t.Error("Query hands out the table itself")
	}
}

// TestCatalogue: the codes of seed §8 and the statuses of seed §4 are all
// named, and the message helper's codes are those of seed §8.
func TestCatalogue(t *testing.T) {
	for _, c := range []int{-1, 10000, 20001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 3580000, 3570011, 35732, 35731, 10007} {
		if CodeText(c) == "" {
			t.Errorf("code %d of seed §8 has no meaning", c)
		}
	}
	for c := 9990; c < 20020; c++ {
		want := c == 10000 || c >= 20001 && c <= 20003 || c >= 20005 && c <= 20008
		if IsRetry(c) != want {
			t.Errorf("IsRetry(%d) = %v", c, !want)
		}
	}
	if !slices.Equal(CampaignStatuses(), []int{4, 5, 6, 7}) {
		t.Errorf("campaign statuses %v", CampaignStatuses())
	}
	if !slices.Equal(ActivityStatuses(), []int{0, 3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("activity statuses %v", ActivityStatuses())
	}
	if CampaignStatusText(CampaignOngoing) != "ongoing" || ActivityStatusText(ActivityReviewSuccess) != "review success" || CampaignStatusText(0) != "" {
		t.Error("status names")
	}
	// Seed §3: the draw record order type is asc 1, desc 2.
	if DrawOrderAsc != 1 || DrawOrderDesc != 2 || !slices.Equal(DrawOrders(), []int{1, 2}) || DrawOrderText(DrawOrderDesc) != "newest first" {
		t.Errorf("draw orders %v", DrawOrders())
	}
}

func TestTSKey(t *testing.T) {
	for name, want := range map[string]string{"info-new": "info.new", "enroll-old": "enroll.old", "verification-code": "verificationCode", "profile": "profile"} {
		k, fam := tsKey(name)
		if fam != "" {
			k += "." + fam
		}
		if k != want {
			t.Errorf("%s → %s, want %s", name, k, want)
		}
	}
	if got := screaming("CodeParentIDFail"); got != "CODE_PARENT_ID_FAIL" {
		t.Errorf("screaming: %s", got)
	}
}
