// Package campaign is the campaign model shared by the generator and the mock
// upstream: what campaigns/<slug>/campaign.yaml says (DESIGN §3).
package content

import (
	"strings"
	"time"

	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/yamlpos"
)

// API families of the info and enrol calls (spec §7), from the contract's one list.
const (
	APINew = contract.APINew
	APIOld = contract.APIOld
)

// Campaign is one campaign, as written in its campaign.yaml plus what its folder holds.
type Campaign struct {
	ID        string    `yaml:"id"`        // sent as campaign_id / campaignId; a string as written
	Namespace string    `yaml:"namespace"` // translation namespace of the page texts
	API       string    `yaml:"api"`       // APINew (default) or APIOld
	Schedule  Schedule  `yaml:"schedule"`
	Image     string    `yaml:"image"` // SEO image, relative to the campaign folder
	Widgets   Widgets   `yaml:"widgets"`
	Sections  []Section `yaml:"sections"` // the page's blocks in order; none: the template's default
	// Keys the page builds at run time (t(`tasks.${task}.title`)): declared so they are
	// checked, counted and shipped like the keys written out; {a,b} lists variants.
	Keys []string   `yaml:"keys"`
	At   yamlpos.At `yaml:"-"`

	Slug  string            `yaml:"-"` // folder name: the page's URL segment
	File  string            `yaml:"-"` // campaigns/<slug>/campaign.yaml
	Page  string            `yaml:"-"` // campaigns/<slug>/page.tsx when present
	Rules map[string]string `yaml:"-"` // locale → campaigns/<slug>/rules/<locale>.md
}

// Schedule is the campaign's activity and enrolment windows, used for previews, the
// schedule widget and the mock's status (4 not started, 5 ongoing, 6 finished).
type Schedule struct {
	Start       time.Time  `yaml:"start"`
	End         time.Time  `yaml:"end"`
	EnrollStart time.Time  `yaml:"enrollStart"` // defaults to Start
	EnrollEnd   time.Time  `yaml:"enrollEnd"`   // defaults to End
	At          yamlpos.At `yaml:"-"`
}

// Widgets configures the widgets of the page; a nil widget is not shown.
type Widgets struct {
	QuickApply     *QuickApply     `yaml:"quickApply"`
	QuickLogin     *QuickLogin     `yaml:"quickLogin"`
	InvitationCode *InvitationCode `yaml:"invitationCode"`
	Market         *Market         `yaml:"market"`
	PrizeDraw      *PrizeDraw      `yaml:"prizeDraw"`
	At             yamlpos.At      `yaml:"-"`
}

// After-enrolment modes of the quick-apply button (spec §2.2), from the contract.
const (
	AfterKeep  = contract.AfterKeep // the default (DESIGN §6)
	AfterHide  = contract.AfterHide
	AfterLinks = contract.AfterLinks
)

// QuickApply is the enrolment button (spec §2.2, §4).
type QuickApply struct {
	Style       string `yaml:"style"`       // contract.StyleButton (default) or StyleLink
	AfterEnroll string `yaml:"afterEnroll"` // AfterKeep (default), AfterHide, AfterLinks
	// AfterEnrol is the old spelling of afterEnroll: read with a warning to rename
	// it, so the fields spell "enroll" one way (enrollStart, the API's /enroll).
	AfterEnrol string       `yaml:"afterEnrol"`
	Links      []LinkButton `yaml:"links"` // with AfterLinks
	Popup      Popup        `yaml:"popup"`
	AutoSignUp bool         `yaml:"autoSignUp"`
	At         yamlpos.At   `yaml:"-"`
}

// LinkButton replaces the quick-apply button after enrolment.
type LinkButton struct {
	Text   string     `yaml:"text"` // translation key in the campaign's namespace
	Href   string     `yaml:"href"` // http(s) or site-relative
	NewTab bool       `yaml:"newTab"`
	At     yamlpos.At `yaml:"-"`
}

// Popup is the apply success pop-up (spec §2.3). Texts are translation keys in the
// campaign's namespace; empty means the library's translated default.
type Popup struct {
	Title       string     `yaml:"title"`
	Description string     `yaml:"description"`
	Button      string     `yaml:"button"`
	Redirect    string     `yaml:"redirect"` // opened in a new tab on close
	At          yamlpos.At `yaml:"-"`
}

// QuickLogin is the quick login/register button (spec §2.4).
type QuickLogin struct {
	Action   string     `yaml:"action"`   // "login" (default) or "register"
	Redirect string     `yaml:"redirect"` // opened in a new tab when the success pop-up closes
	At       yamlpos.At `yaml:"-"`
}

// InvitationCode shows the visitor's invitation code.
type InvitationCode struct {
	Enabled bool       `yaml:"enabled"`
	At      yamlpos.At `yaml:"-"`
}

// Market shows prices and 24 hourly candles of some symbols.
type Market struct {
	Symbols []string   `yaml:"symbols"` // spot symbols like BTCUSDT
	At      yamlpos.At `yaml:"-"`
}

// PrizeDraw is the lottery (spec §3, §7).
type PrizeDraw struct {
	ChancesPerUser int        `yaml:"chancesPerUser"`
	Prizes         []Prize    `yaml:"prizes"`
	At             yamlpos.At `yaml:"-"`
}

// Prize is one prize of a draw, drawn with probability Weight / sum of weights.
type Prize struct {
	ID     string     `yaml:"id"`
	Name   string     `yaml:"name"` // translation key in the campaign's namespace
	Weight int        `yaml:"weight"`
	At     yamlpos.At `yaml:"-"`
}

// Status values of campaign widgets (spec §4), named here for the schedule's
// readers; the values are internal/contract's.
const (
	StatusNotStarted = contract.CampaignNotStarted
	StatusOngoing    = contract.CampaignOngoing
	StatusFinished   = contract.CampaignFinished
	StatusNotEnded   = contract.CampaignNotFinished
)

// Status derives the widget status from the schedule at time now. A zero start or
// end is open on that side (campaign.yaml requires both; the mock's tests leave
// them out).
func (s Schedule) Status(now time.Time) int {
	switch {
	case !s.Start.IsZero() && now.Before(s.Start):
		return StatusNotStarted
	case !s.End.IsZero() && !now.Before(s.End):
		return StatusFinished
	default:
		return StatusOngoing
	}
}

// TextKeys lists the translation keys (in the campaign's namespace) that the
// configuration names, with where each was written, so they can be checked against
// the English bundle and shipped to the page.
func (c *Campaign) TextKeys() []TextKey {
	var out []TextKey
	add := func(key string, at yamlpos.At, field string) {
		if key != "" {
			out = append(out, TextKey{Key: key, Pos: at.Field(field)})
		}
	}
	if qa := c.Widgets.QuickApply; qa != nil {
		add(qa.Popup.Title, qa.Popup.At, "title")
		add(qa.Popup.Description, qa.Popup.At, "description")
		add(qa.Popup.Button, qa.Popup.At, "button")
		for _, l := range qa.Links {
			add(l.Text, l.At, "text")
		}
	}
	if pd := c.Widgets.PrizeDraw; pd != nil {
		for _, p := range pd.Prizes {
			add(p.Name, p.At, "name")
		}
	}
	for _, s := range c.Sections {
		add(s.Title, s.At, "title")
		for _, item := range s.Items {
			for _, part := range sectionItemParts[s.Type] {
				if item != "" {
					add(item+"."+part, s.At, "items")
				}
			}
		}
		for _, col := range s.Columns {
			add(col, s.At, "columns")
		}
	}
	for _, k := range c.Keys {
		for _, key := range ExpandKeys(k) {
			add(key, c.At, "keys")
		}
	}
	return out
}

// ExpandKeys expands the {a,b} variants of a declared key (campaign.yaml keys:):
// "tasks.{register,deposit}.title" is tasks.register.title and tasks.deposit.title.
// Groups multiply; a key without one is itself.
func ExpandKeys(pattern string) []string {
	open := strings.IndexByte(pattern, '{')
	if open < 0 {
		return []string{pattern}
	}
	end := strings.IndexByte(pattern[open:], '}')
	if end < 0 {
		return []string{pattern}
	}
	end += open
	var out []string
	for _, v := range strings.Split(pattern[open+1:end], ",") {
		out = append(out, ExpandKeys(pattern[:open]+v+pattern[end+1:])...)
	}
	return out
}

// sectionItemParts are the texts of each item of a section, under its key prefix.
var sectionItemParts = map[string][]string{
	contract.SectionSteps: {"title", "body"},
	contract.SectionFAQ:   {"question", "answer"},
}

// Section is one block of the page (DESIGN §9); which fields apply depends on its
// type, and validation says so of any other.
type Section struct {
	Type    string      `yaml:"type"`    // contract.Section* (hero, actions, prizePool, …)
	Title   string      `yaml:"title"`   // text key of the heading; empty: the library's
	Art     string      `yaml:"art"`     // hero: an image file in the campaign folder
	Amount  float64     `yaml:"amount"`  // prizePool
	Unit    string      `yaml:"unit"`    // prizePool: the currency, like USDT
	Items   []string    `yaml:"items"`   // steps, faq: text-key prefixes
	Columns []string    `yaml:"columns"` // tiers: heading text keys
	Units   []string    `yaml:"units"`   // tiers: each column's unit ("" for none)
	Rows    [][]float64 `yaml:"rows"`    // tiers: numbers, a cell per column
	At      yamlpos.At  `yaml:"-"`
}

// TextKey is a translation key named in campaign.yaml.
type TextKey struct {
	Key string
	Pos yamlpos.Pos
}
