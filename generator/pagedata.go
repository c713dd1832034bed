package generator

import (
	"time"

	"github.com/promohq/promo/internal/content"
)

// pageData is the JSON each page carries (DESIGN §2); components/runtime/types.ts is
// the other side of this contract. "stable" is appended after prerendering.
type pageData struct {
	Locale        string                    `json:"locale"`
	DefaultLocale string                    `json:"defaultLocale"`
	Dir           string                    `json:"dir"`
	Campaign      campaignData              `json:"campaign"`
	Resources     map[string]map[string]any `json:"resources"`
	ErrorCodesURL string                    `json:"errorCodesUrl"`
	// The default locale's dictionary: fetched when the locale's own fails to load.
	ErrorCodesFallbackURL string  `json:"errorCodesFallbackUrl"`
	APIBase               string  `json:"apiBase"`
	Env                   string  `json:"env"`
	Brand                 string  `json:"brand"`
	App                   appData `json:"app"`
	Home                  string  `json:"home"`
}

type appData struct {
	Name            string `json:"name"`
	UserAgentMarker string `json:"userAgentMarker"`
	Scheme          string `json:"scheme"`
	IOSAppID        string `json:"iosAppId"`
}

type campaignData struct {
	Slug      string       `json:"slug"`
	ID        string       `json:"id"`
	Namespace string       `json:"namespace"`
	API       string       `json:"api"`
	Schedule  scheduleData `json:"schedule"`
	Image     string       `json:"image,omitempty"`
	Widgets   widgetsData  `json:"widgets"`
}

type scheduleData struct {
	Start       string `json:"start"`
	End         string `json:"end"`
	EnrollStart string `json:"enrollStart"`
	EnrollEnd   string `json:"enrollEnd"`
}

type widgetsData struct {
	QuickApply     *quickApplyData     `json:"quickApply,omitempty"`
	QuickLogin     *quickLoginData     `json:"quickLogin,omitempty"`
	InvitationCode *invitationCodeData `json:"invitationCode,omitempty"`
	Market         *marketData         `json:"market,omitempty"`
	PrizeDraw      *prizeDrawData      `json:"prizeDraw,omitempty"`
}

type quickApplyData struct {
	Style      string     `json:"style"`
	AfterEnrol string     `json:"afterEnrol"`
	Links      []linkData `json:"links,omitempty"`
	Popup      popupData  `json:"popup"`
	AutoSignUp bool       `json:"autoSignUp"`
}

type linkData struct {
	Text   string `json:"text"`
	Href   string `json:"href"`
	NewTab bool   `json:"newTab"`
}

type popupData struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Button      string `json:"button,omitempty"`
	Redirect    string `json:"redirect,omitempty"`
}

type quickLoginData struct {
	Action   string `json:"action"`
	Redirect string `json:"redirect,omitempty"`
}

type invitationCodeData struct {
	Enabled bool `json:"enabled"`
}

type marketData struct {
	Symbols []string `json:"symbols"`
}

type prizeDrawData struct {
	ChancesPerUser int         `json:"chancesPerUser"`
	Prizes         []prizeData `json:"prizes"`
}

type prizeData struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Weight int    `json:"weight"`
}

func isoTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// newCampaignData is the part of the page data that is the same in every locale.
func newCampaignData(c *content.Campaign, image string) campaignData {
	d := campaignData{
		Slug: c.Slug, ID: c.ID, Namespace: c.Namespace, API: c.API, Image: image,
		Schedule: scheduleData{
			Start: isoTime(c.Schedule.Start), End: isoTime(c.Schedule.End),
			EnrollStart: isoTime(c.Schedule.EnrollStart), EnrollEnd: isoTime(c.Schedule.EnrollEnd),
		},
	}
	w := c.Widgets
	if qa := w.QuickApply; qa != nil {
		q := &quickApplyData{Style: qa.Style, AfterEnrol: qa.AfterEnrol, AutoSignUp: qa.AutoSignUp,
			Popup: popupData{Title: qa.Popup.Title, Description: qa.Popup.Description, Button: qa.Popup.Button, Redirect: qa.Popup.Redirect}}
		for _, l := range qa.Links {
			q.Links = append(q.Links, linkData{Text: l.Text, Href: l.Href, NewTab: l.NewTab})
		}
		d.Widgets.QuickApply = q
	}
	if ql := w.QuickLogin; ql != nil {
		d.Widgets.QuickLogin = &quickLoginData{Action: ql.Action, Redirect: ql.Redirect}
	}
	if ic := w.InvitationCode; ic != nil {
		d.Widgets.InvitationCode = &invitationCodeData{Enabled: ic.Enabled}
	}
	if m := w.Market; m != nil {
		d.Widgets.Market = &marketData{Symbols: m.Symbols}
	}
	if pd := w.PrizeDraw; pd != nil {
		p := &prizeDrawData{ChancesPerUser: pd.ChancesPerUser}
		for _, pr := range pd.Prizes {
			p.Prizes = append(p.Prizes, prizeData{ID: pr.ID, Name: pr.Name, Weight: pr.Weight})
		}
		d.Widgets.PrizeDraw = p
	}
	return d
}

func newAppData(cfg *content.Config) appData {
	return appData{Name: cfg.App.Name, UserAgentMarker: cfg.App.UserAgentMarker, Scheme: cfg.App.Scheme, IOSAppID: cfg.App.IOSAppID}
}
