package mock

import (
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
)

// Options configure a Mock.
type Options struct {
	// Campaigns are the site's (content.Load): ids, API families, schedules and
	// prize draws. A zero schedule time is open-ended.
	Campaigns []*content.Campaign
	Now       func() time.Time // nil → time.Now
	Seed      int64            // seeds the price series and the draws
	// Title names a campaign in the activity list in lang (the Lang header) and
	// says which language that text is in: the site's texts along lang's
	// fallback chain. nil, or an empty title: the campaign id, untranslated.
	Title func(c *content.Campaign, lang string) (title, titleLang string)
}

// Mock is the in-memory exchange API of the local environment (DESIGN §5). It
// serves the spec paths without the /api prefix; Control serves /__mock/*.
type Mock struct {
	now    func() time.Time
	seed   int64
	camps  []*content.Campaign
	title  func(c *content.Campaign, lang string) (string, string)
	routes map[string]endpoint

	mu sync.Mutex
	st *state
}

// request is what an endpoint gets: the decoded body, the query and the user
// the UserToken header belongs to (0 when none or unknown).
type request struct {
	http  *http.Request
	body  []byte
	uid   int64
	token string
	now   time.Time
	fam   family
}

// endpoint answers one path; it runs with m.mu held.
type endpoint struct {
	method string
	fam    family
	fn     func(m *Mock, r *request) (int, any)
}

// handler answers one upstream route of the contract in its family's envelope.
type handler struct {
	fam family
	fn  func(m *Mock, r *request) (int, any)
}

// handlers implements every upstream route of internal/contract (DESIGN §5:
// every forwarded path); the path and method are the contract's.
var handlers = map[contract.Route]handler{
	contract.Login:            {famOld, (*Mock).login},
	contract.Register:         {famOld, (*Mock).register},
	contract.VerificationCode: {famOld, (*Mock).verificationCode},
	contract.Logout:           {famOld, (*Mock).logout},
	contract.Profile:          {famOld, (*Mock).profile},
	contract.InvitationCode:   {famOld, (*Mock).invitationCode},
	contract.InfoOld:          {famOld, (*Mock).info},
	contract.InfoNew:          {famNew, (*Mock).info},
	contract.EnrollOld:        {famOld, (*Mock).enroll},
	contract.EnrollNew:        {famNew, (*Mock).enroll},
	contract.ActivityList:     {famOld, (*Mock).activityList},
	contract.QuoteTokens:      {famOld, (*Mock).quoteTokens},
	contract.DynamicSymbol:    {famOld, (*Mock).dynamicSymbols},
	contract.SpotKline:        {famOld, (*Mock).spotKline},
	contract.InverseKline:     {famOld, (*Mock).inverseKline},
	contract.LinearKline:      {famOld, (*Mock).linearKline},
	contract.DrawConfig:       {famOld, (*Mock).drawConfig},
	contract.DrawRecords:      {famOld, (*Mock).drawRecords},
	contract.Draw:             {famOld, (*Mock).drawItem},
}

// New builds a mock in its seeded state.
func New(opts Options) *Mock {
	m := &Mock{now: opts.Now, seed: opts.Seed, camps: append([]*content.Campaign(nil), opts.Campaigns...), title: opts.Title}
	if m.now == nil {
		m.now = time.Now
	}
	m.routes = make(map[string]endpoint, len(handlers))
	for r, h := range handlers {
		m.routes[r.Path] = endpoint{r.Method, h.fam, h.fn}
	}
	m.Reset()
	return m
}

// Paths lists the upstream paths the mock serves.
func (m *Mock) Paths() []string {
	out := make([]string, 0, len(m.routes))
	for p := range m.routes {
		out = append(out, p)
	}
	return out
}

// Reset returns to the seeded state: only the seeded account, no sessions,
// enrolments, draws, faults or campaign overrides, and the draw generator
// restarted from the seed (DESIGN §5).
func (m *Mock) Reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.st = newState(m.camps, rand.New(rand.NewPCG(uint64(m.seed), 0x9e3779b97f4a7c15)))
}

// SetCampaigns replaces the campaigns the mock knows and keeps everything
// else: accounts, sessions, draws, and for a campaign that stays (same id) its
// enrolments and control overrides. Watch mode calls it when campaign.yaml
// files change, so a designer's preview login survives the edit. A reset
// afterwards starts from these campaigns.
func (m *Mock) SetCampaigns(camps []*content.Campaign) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.camps = append([]*content.Campaign(nil), camps...)
	m.st.setCampaigns(m.camps)
}

// maxBody bounds a request body; the function sends far less.
const maxBody = 64 << 10

// ServeHTTP answers one spec path, after any fault the test control queued.
func (m *Mock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ep, ok := m.routes[r.URL.Path]
	if !ok {
		writeEnvelope(w, famOld, http.StatusNotFound, contract.CodeSystemError, "not found", nil)
		return
	}
	if r.Method != ep.method {
		w.Header().Set("Allow", ep.method)
		writeEnvelope(w, ep.fam, http.StatusMethodNotAllowed, contract.CodeSystemError, "method not allowed", nil)
		return
	}
	m.mu.Lock()
	f := m.st.takeFault(r.URL.Path)
	m.mu.Unlock()
	if f != nil {
		if f.DelayMS > 0 && !sleep(r.Context(), time.Duration(f.DelayMS)*time.Millisecond) {
			return // the caller gave up; nobody reads an answer
		}
		if f.Drop {
			// net/http closes the connection without a response; the
			// function's in-process transport reports the same failure.
			panic(http.ErrAbortHandler)
		}
		if f.RetCode != nil || f.HTTPStatus != 0 {
			status, code := f.HTTPStatus, contract.CodeSystemError
			if status == 0 {
				status = http.StatusOK
			}
			if f.RetCode != nil {
				code = *f.RetCode
			}
			writeEnvelope(w, ep.fam, status, code, "injected fault", nil)
			return
		}
	}
	if r.Body == nil {
		r.Body = http.NoBody
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil || len(body) > maxBody {
		writeEnvelope(w, ep.fam, http.StatusBadRequest, contract.CodeParamError, "request body too large or unreadable", nil)
		return
	}
	if ep.method == http.MethodPost && len(strings.TrimSpace(string(body))) > 0 && !json.Valid(body) {
		writeEnvelope(w, ep.fam, http.StatusOK, contract.CodeParamError, "request body is not JSON", nil)
		return
	}
	token := r.Header.Get("UserToken")
	m.mu.Lock()
	req := &request{http: r, body: body, token: token, uid: m.st.sessions[token], now: m.now(), fam: ep.fam}
	status, out := m.idempotent(ep, req)
	m.mu.Unlock()
	writeJSON(w, status, out)
}

// idempotent replays the first answer to a repeated Idempotency-Key of the
// same user on enrol and draw, as the real exchange deduplicates retries.
func (m *Mock) idempotent(ep endpoint, r *request) (int, any) {
	key := r.http.Header.Get("Idempotency-Key")
	p := r.http.URL.Path
	if key == "" || r.uid == 0 || !(p == contract.EnrollNew.Path || p == contract.EnrollOld.Path || p == contract.Draw.Path) {
		return ep.fn(m, r)
	}
	k := idemKey{r.uid, p, key}
	if prev, ok := m.st.idem[k]; ok {
		return prev.status, prev.body
	}
	status, out := ep.fn(m, r)
	b, _ := json.Marshal(out)
	m.st.idem[k] = stored{status, json.RawMessage(b)}
	return status, out
}

// sleep waits d unless ctx ends first; it reports whether d elapsed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// decode reads the request body into v; an empty body leaves v as it is.
func (r *request) decode(v any) bool {
	if len(strings.TrimSpace(string(r.body))) == 0 {
		return true
	}
	return json.Unmarshal(r.body, v) == nil
}
