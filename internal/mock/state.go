package mock

import (
	"encoding/json"
	"math/rand/v2"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
)

// Seeded account (DESIGN §5).
const (
	SeedEmail    = "demo@example.com"
	SeedPassword = "Demo1234!"
	SeedUID      = 100001
	// VerificationCode is the one code registration accepts.
	VerificationCode = "123456"
)

// state is everything a reset forgets.
type state struct {
	accounts  map[string]*account // by normalised email or mobile
	byUID     map[int64]*account
	nextUID   int64
	sessions  map[string]int64     // token → uid
	codesSent map[string]time.Time // address → last verification code
	camps     map[string]*campaignState
	order     []string // campaign ids as configured, for lists
	faults    map[string][]*fault
	draws     []drawRecord
	drawn     map[drawKey]int // draws per campaign and user
	drawSeq   int64
	rng       *rand.Rand
	idem      map[idemKey]stored
}

type account struct {
	UID      int64  `json:"id"`
	Email    string `json:"email,omitempty"`
	Mobile   string `json:"mobile,omitempty"`
	password string
	Referral string `json:"referral_code,omitempty"`
}

type campaignState struct {
	c           *content.Campaign
	override    int // 0: status follows the schedule
	unavailable bool
	enrolled    map[int64]string // uid → referral code used
}

type fault struct {
	Path       string `json:"path"`
	RetCode    *int   `json:"ret_code,omitempty"`
	HTTPStatus int    `json:"http_status,omitempty"`
	DelayMS    int    `json:"delay_ms,omitempty"`
	Times      int    `json:"times"`
	Drop       bool   `json:"drop,omitempty"`
}

type drawRecord struct {
	ID         int64  `json:"id"`
	CampaignID string `json:"campaign_id"`
	UID        int64  `json:"-"`
	PrizeID    string `json:"prize_id"`
	PrizeName  string `json:"prize_name"`
	CreatedAt  int64  `json:"created_at"`
}

type drawKey struct {
	campaign string
	uid      int64
}

type idemKey struct {
	uid  int64
	path string
	key  string
}

type stored struct {
	status int
	body   json.RawMessage
}

func newState(camps []*content.Campaign, rng *rand.Rand) *state {
	s := &state{
		accounts:  map[string]*account{},
		byUID:     map[int64]*account{},
		nextUID:   SeedUID,
		sessions:  map[string]int64{},
		codesSent: map[string]time.Time{},
		camps:     map[string]*campaignState{},
		faults:    map[string][]*fault{},
		drawn:     map[drawKey]int{},
		rng:       rng,
		idem:      map[idemKey]stored{},
	}
	s.addAccount(&account{Email: SeedEmail, password: SeedPassword})
	s.setCampaigns(camps)
	return s
}

// setCampaigns makes camps the configured campaigns, in their order. A
// campaign whose id was known keeps its enrolments and overrides; the later
// of two with one id wins.
func (s *state) setCampaigns(camps []*content.Campaign) {
	old := s.camps
	s.camps, s.order = map[string]*campaignState{}, nil
	for _, c := range camps {
		cs, seen := s.camps[c.ID]
		if !seen {
			s.order = append(s.order, c.ID)
			cs = old[c.ID]
		}
		if cs == nil {
			cs = &campaignState{enrolled: map[int64]string{}}
		}
		cs.c = c
		s.camps[c.ID] = cs
	}
}

func (s *state) addAccount(a *account) {
	a.UID = s.nextUID
	s.nextUID++
	if a.Email != "" {
		s.accounts[a.Email] = a
	}
	if a.Mobile != "" {
		s.accounts[a.Mobile] = a
	}
	s.byUID[a.UID] = a
}

// takeFault consumes one use of the oldest fault queued for path.
func (s *state) takeFault(path string) *fault {
	q := s.faults[path]
	if len(q) == 0 {
		return nil
	}
	f := q[0]
	f.Times--
	if f.Times <= 0 {
		q = q[1:]
		if len(q) == 0 {
			delete(s.faults, path)
		} else {
			s.faults[path] = q
		}
	}
	cp := *f
	return &cp
}

// status is the campaign status of seed §4: 4 not started, 5 ongoing,
// 6 finished, from the schedule and the clock unless overridden (4–7).
func (cs *campaignState) status(now time.Time) int {
	if cs.override != 0 {
		return cs.override
	}
	return cs.c.Schedule.Status(now)
}

// enrolOpen: an overridden campaign is open exactly when it is ongoing; else
// the enrolment window decides, within the activity.
func (cs *campaignState) enrolOpen(now time.Time) bool {
	if cs.status(now) != contract.CampaignOngoing {
		return false
	}
	if cs.override != 0 {
		return true
	}
	s := cs.c.Schedule
	return (s.EnrollStart.IsZero() || !now.Before(s.EnrollStart)) && (s.EnrollEnd.IsZero() || now.Before(s.EnrollEnd))
}

// campaign finds an available campaign of the calling family.
func (s *state) campaign(id string, fam family) *campaignState {
	cs := s.camps[id]
	if cs == nil || cs.unavailable {
		return nil
	}
	if f := cs.c.API; f != "" && fam != famAny && f != fam.name() {
		return nil
	}
	return cs
}

func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}
