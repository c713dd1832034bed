package generator

import (
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
)

// pageData is the JSON each page carries (DESIGN §2). Its shape is
// internal/contract's, from which components/runtime/contract.gen.ts is
// generated, so the generator and the page runtime cannot disagree on it.
// "stable" is appended after prerendering (contract.StableMember).
type pageData = contract.PageData

func isoTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// newCampaignData is the part of the page data that is the same in every locale;
// art is the published art of its hero section, if any.
func newCampaignData(c *content.Campaign, image string, art *contract.Art) contract.CampaignConfig {
	d := contract.CampaignConfig{
		Slug: c.Slug, ID: c.ID, Namespace: c.Namespace, API: c.API, Image: image,
		Schedule: contract.Schedule{
			Start: isoTime(c.Schedule.Start), End: isoTime(c.Schedule.End),
			EnrollStart: isoTime(c.Schedule.EnrollStart), EnrollEnd: isoTime(c.Schedule.EnrollEnd),
		},
	}
	w := c.Widgets
	if qa := w.QuickApply; qa != nil {
		q := &contract.QuickApplyWidget{Style: qa.Style, AfterEnroll: qa.AfterEnroll, AutoSignUp: qa.AutoSignUp,
			Popup: contract.ApplyPopup{Title: qa.Popup.Title, Description: qa.Popup.Description, Button: qa.Popup.Button, Redirect: qa.Popup.Redirect}}
		for _, l := range qa.Links {
			q.Links = append(q.Links, contract.LinkButton{Text: l.Text, Href: l.Href, NewTab: l.NewTab})
		}
		d.Widgets.QuickApply = q
	}
	if ql := w.QuickLogin; ql != nil {
		d.Widgets.QuickLogin = &contract.QuickLoginWidget{Action: ql.Action, Redirect: ql.Redirect}
	}
	if ic := w.InvitationCode; ic != nil {
		d.Widgets.InvitationCode = &contract.InvitationCodeWidget{Enabled: ic.Enabled}
	}
	if m := w.Market; m != nil {
		d.Widgets.Market = &contract.MarketWidget{Symbols: m.Symbols}
	}
	if pd := w.PrizeDraw; pd != nil {
		p := &contract.PrizeDrawWidget{ChancesPerUser: pd.ChancesPerUser}
		for _, pr := range pd.Prizes {
			p.Prizes = append(p.Prizes, contract.Prize{ID: pr.ID, Name: pr.Name, Weight: pr.Weight})
		}
		d.Widgets.PrizeDraw = p
	}
	for _, s := range c.Sections {
		cs := contract.Section{Type: s.Type, Title: s.Title, Amount: s.Amount, Unit: s.Unit, Items: s.Items,
			Columns: s.Columns, Units: s.Units, Rows: s.Rows}
		if s.Type == contract.SectionHero {
			cs.Art = art
		}
		d.Sections = append(d.Sections, cs)
	}
	return d
}

func newAppData(cfg *content.Config) contract.AppConfig {
	return contract.AppConfig{Name: cfg.App.Name, UserAgentMarker: cfg.App.UserAgentMarker, Scheme: cfg.App.Scheme, IOSAppID: cfg.App.IOSAppID,
		Bridge: cfg.App.Bridge, BridgeLogin: cfg.App.BridgeLogin}
}
