package mock

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/promohq/promo/internal/contract"
)

// Control is the test control of DESIGN §5, to be mounted (by the function,
// in the local environment only) at <apiBase>/__mock/*. Its paths are
// /__mock/reset, /__mock/fault, /__mock/campaign, /__mock/state and /__mock/token.
func (m *Mock) Control() http.Handler {
	return http.HandlerFunc(m.serveControl)
}

func (m *Mock) serveControl(w http.ResponseWriter, r *http.Request) {
	var want string
	for _, c := range contract.RoutesOf(contract.MockControl) {
		if c.Path == r.URL.Path {
			want = c.Method
		}
	}
	switch {
	case want == "":
		writeEnvelope(w, famOld, http.StatusNotFound, contract.CodeSystemError, "not found", nil)
		return
	case r.Method != want:
		w.Header().Set("Allow", want)
		writeEnvelope(w, famOld, http.StatusMethodNotAllowed, contract.CodeSystemError, "method not allowed", nil)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		writeEnvelope(w, famOld, http.StatusBadRequest, contract.CodeParamError, "unreadable body", nil)
		return
	}
	switch r.URL.Path {
	case contract.MockReset.Path:
		m.Reset()
		writeEnvelope(w, famOld, http.StatusOK, contract.CodeOK, "OK", nil)
	case contract.MockFault.Path:
		m.addFault(w, body)
	case contract.MockCampaign.Path:
		m.setCampaign(w, body)
	case contract.MockState.Path:
		writeEnvelope(w, famOld, http.StatusOK, contract.CodeOK, "OK", m.State())
	case contract.MockToken.Path:
		m.issueToken(w, body)
	}
}

func badControl(w http.ResponseWriter, msg string) {
	writeEnvelope(w, famOld, http.StatusBadRequest, contract.CodeParamError, msg, nil)
}

// issueToken applies {email}: it opens a session for that seeded account and
// answers {userToken, id}, the token the app would hand the page over its bridge
// (DESIGN §8). Only the control answers it (local only): the function scrubs
// tokens from every spec route's answer, so page scripts never see one there.
func (m *Mock) issueToken(w http.ResponseWriter, body []byte) {
	var in struct {
		Email string `json:"email"`
	}
	if json.Unmarshal(body, &in) != nil || in.Email == "" {
		badControl(w, "want {email}")
		return
	}
	m.mu.Lock()
	a := m.st.accounts[strings.ToLower(strings.TrimSpace(in.Email))]
	var token string
	if a != nil {
		_, reply := m.session(a)
		token = reply.(oldEnvelope).Token
	}
	m.mu.Unlock()
	if a == nil {
		writeEnvelope(w, famOld, http.StatusNotFound, contract.CodeUserNotExist, "no account "+in.Email, nil)
		return
	}
	writeEnvelope(w, famOld, http.StatusOK, contract.CodeOK, "OK", map[string]any{"userToken": token, "id": a.UID})
}

// addFault queues {path, ret_code?, http_status?, delay_ms?, times?, drop?}:
// the next `times` (default 1) calls to the spec path fail that way.
func (m *Mock) addFault(w http.ResponseWriter, body []byte) {
	var f fault
	if json.Unmarshal(body, &f) != nil {
		badControl(w, "want {path, ret_code?, http_status?, delay_ms?, times?, drop?}")
		return
	}
	if _, known := m.routes[f.Path]; !known {
		badControl(w, "path must be a spec path without /api, e.g. /segw/sact/activity/enroll")
		return
	}
	if f.Times == 0 {
		f.Times = 1
	}
	switch {
	case f.Times < 1 || f.Times > 1000:
		badControl(w, "times must be 1 to 1000")
		return
	case f.HTTPStatus != 0 && (f.HTTPStatus < 200 || f.HTTPStatus > 599):
		badControl(w, "http_status must be 200 to 599")
		return
	case f.DelayMS < 0 || f.DelayMS > 120_000:
		badControl(w, "delay_ms must be 0 to 120000")
		return
	case !f.Drop && f.RetCode == nil && f.HTTPStatus == 0 && f.DelayMS == 0:
		badControl(w, "a fault needs ret_code, http_status, delay_ms or drop")
		return
	}
	m.mu.Lock()
	m.st.faults[f.Path] = append(m.st.faults[f.Path], &f)
	m.mu.Unlock()
	writeEnvelope(w, famOld, http.StatusOK, contract.CodeOK, "OK", f)
}

// setCampaign applies {id, status?, unavailable?}: status 4, 5, 6 or 7
// overrides the schedule, 0 returns to it; unavailable makes info and enrol
// answer 3580000.
func (m *Mock) setCampaign(w http.ResponseWriter, body []byte) {
	var in struct {
		ID          string `json:"id"`
		Status      *int   `json:"status"`
		Unavailable *bool  `json:"unavailable"`
	}
	if json.Unmarshal(body, &in) != nil || in.ID == "" {
		badControl(w, "want {id, status?, unavailable?}")
		return
	}
	if in.Status != nil && *in.Status != 0 && contract.CampaignStatusText(*in.Status) == "" {
		badControl(w, fmt.Sprintf("status must be a campaign status %v, or 0 for the schedule", contract.CampaignStatuses()))
		return
	}
	m.mu.Lock()
	cs := m.st.camps[in.ID]
	if cs != nil {
		if in.Status != nil {
			cs.override = *in.Status
		}
		if in.Unavailable != nil {
			cs.unavailable = *in.Unavailable
		}
	}
	m.mu.Unlock()
	if cs == nil {
		writeEnvelope(w, famOld, http.StatusNotFound, contract.CodeParamError, "unknown campaign "+in.ID, nil)
		return
	}
	st := m.State()
	for _, c := range st.Campaigns {
		if c.ID == in.ID {
			writeEnvelope(w, famOld, http.StatusOK, contract.CodeOK, "OK", c)
			return
		}
	}
}

// State is a snapshot of the mock for tests (GET /__mock/state).
type State struct {
	Now       int64           `json:"now"`
	Campaigns []CampaignState `json:"campaigns"`
	Accounts  []AccountState  `json:"accounts"`
	Sessions  int             `json:"sessions"`
	Faults    []FaultState    `json:"faults"`
	Draws     int             `json:"draws"`
}

// CampaignState is one campaign in State.
type CampaignState struct {
	ID          string  `json:"id"`
	Family      string  `json:"family"`
	Status      int     `json:"status"`
	Overridden  bool    `json:"status_overridden"`
	Unavailable bool    `json:"unavailable"`
	Enrolled    []int64 `json:"enrolled"`
	HasDraw     bool    `json:"prize_draw"`
}

// AccountState is one account in State (never its password or tokens).
type AccountState struct {
	ID     int64  `json:"id"`
	Email  string `json:"email,omitempty"`
	Mobile string `json:"mobile,omitempty"`
}

// FaultState is one queued fault in State.
type FaultState struct {
	Path       string `json:"path"`
	RetCode    *int   `json:"ret_code,omitempty"`
	HTTPStatus int    `json:"http_status,omitempty"`
	DelayMS    int    `json:"delay_ms,omitempty"`
	Times      int    `json:"times"`
	Drop       bool   `json:"drop,omitempty"`
}

// State returns a snapshot of the mock's state.
func (m *Mock) State() State {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	st := State{Now: now.UnixMilli(), Sessions: len(m.st.sessions), Draws: len(m.st.draws),
		Campaigns: []CampaignState{}, Accounts: []AccountState{}, Faults: []FaultState{}}
	for _, id := range m.st.order {
		cs := m.st.camps[id]
		c := CampaignState{ID: id, Family: cs.c.API, Status: cs.status(now), Overridden: cs.override != 0,
			Unavailable: cs.unavailable, Enrolled: []int64{}, HasDraw: cs.c.Widgets.PrizeDraw != nil}
		for uid := range cs.enrolled {
			c.Enrolled = append(c.Enrolled, uid)
		}
		sort.Slice(c.Enrolled, func(i, j int) bool { return c.Enrolled[i] < c.Enrolled[j] })
		st.Campaigns = append(st.Campaigns, c)
	}
	for _, a := range m.st.byUID {
		st.Accounts = append(st.Accounts, AccountState{a.UID, a.Email, a.Mobile})
	}
	sort.Slice(st.Accounts, func(i, j int) bool { return st.Accounts[i].ID < st.Accounts[j].ID })
	var paths []string
	for p := range m.st.faults {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		for _, f := range m.st.faults[p] {
			st.Faults = append(st.Faults, FaultState(*f))
		}
	}
	return st
}
