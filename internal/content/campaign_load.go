package content

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/diag"
	"github.com/promohq/promo/internal/yamlpos"
)

// Dir is the folder of campaigns, relative to the site root.
const CampaignsDir = "campaigns"

var (
	slugShape      = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	namespaceShape = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)
	symbolShape    = regexp.MustCompile(`^[A-Z0-9]{2,20}$`)
	unitShape      = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)
	imageExts      = []string{".png", ".jpg", ".jpeg", ".webp", ".svg", ".gif"}
	// reservedSlugs are top-level paths the build writes itself.
	reservedSlugs = []string{"assets", "api", "404", "sitemap.xml", "robots.txt"}
)

// LoadCampaigns reads every campaigns/<slug>/ under root. Rules files must be named
// after one of cfg's locales, and exist in its default locale if in any. Problems go to diags; campaigns with
// errors are still returned, so one run reports everything.
func LoadCampaigns(root string, cfg *Config, diags *diag.List) []*Campaign {
	locales := cfg.Locales
	entries, err := os.ReadDir(filepath.Join(root, CampaignsDir))
	if errors.Is(err, os.ErrNotExist) {
		diags.Warnf(CampaignsDir, 0, 0, "no-campaigns", "create campaigns/<slug>/campaign.yaml", "there is no campaigns folder; nothing to build")
		return nil
	}
	if err != nil {
		diags.Errorf(CampaignsDir, 0, 0, "read", "", "cannot read: %v", err)
		return nil
	}
	var out []*Campaign
	bySlug := map[string]string{}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || strings.HasPrefix(e.Name(), "_") {
			continue
		}
		slug := e.Name()
		dir := path.Join(CampaignsDir, slug)
		if !slugShape.MatchString(slug) {
			diags.Errorf(dir, 0, 0, "bad-slug", "rename the folder to lower-case letters, digits and hyphens, like "+strings.ToLower(regexp.MustCompile(`[^A-Za-z0-9-]+`).ReplaceAllString(slug, "-")), "campaign folder %q is not a valid URL segment", slug)
		}
		if prev, ok := bySlug[strings.ToLower(slug)]; ok {
			diags.Errorf(dir, 0, 0, "duplicate-slug", "rename one of the folders", "campaign %q has the same URL as %q", slug, prev)
		}
		bySlug[strings.ToLower(slug)] = slug
		if isLocaleLike(slug, locales) || slices.Contains(reservedSlugs, slug) {
			diags.Errorf(dir, 0, 0, "reserved-slug", "choose a name that is not a locale code or a reserved path", "campaign folder %q would collide with a site path", slug)
		}
		if c := load(root, slug, cfg, diags); c != nil {
			out = append(out, c)
		}
	}
	checkUniqueIDs(out, diags)
	return out
}

func isLocaleLike(slug string, locales []string) bool {
	for _, l := range locales {
		if strings.EqualFold(slug, l) {
			return true
		}
	}
	return strings.EqualFold(slug, "en-US")
}

func load(root, slug string, cfg *Config, diags *diag.List) *Campaign {
	dir := path.Join(CampaignsDir, slug)
	file := path.Join(dir, "campaign.yaml")
	abs := filepath.Join(root, filepath.FromSlash(file))
	data, err := os.ReadFile(abs)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			diags.Errorf(dir, 0, 0, "missing-campaign-yaml", "add campaign.yaml (see internal/content/campaign.schema.json) or remove the folder", "campaign folder has no campaign.yaml")
		} else {
			diags.Errorf(file, 0, 0, "read", "", "cannot read: %v", err)
		}
		return nil
	}
	c := &Campaign{Slug: slug, File: file, Rules: map[string]string{}}
	if !yamlpos.Decode(file, data, c, diags) {
		return c
	}
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), "page.tsx")); err == nil {
		c.Page = path.Join(dir, "page.tsx")
	}
	c.loadRules(root, cfg, diags)
	c.validate(root, diags)
	return c
}

func (c *Campaign) loadRules(root string, cfg *Config, diags *diag.List) {
	locales := cfg.Locales
	dir := path.Join(CampaignsDir, c.Slug, "rules")
	entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(dir)))
	if err != nil {
		return // rules are optional
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") {
			continue
		}
		file := path.Join(dir, name)
		locale, ok := strings.CutSuffix(name, ".md")
		if !ok {
			diags.Errorf(file, 0, 0, "bad-rules-file", "rules files are Markdown named <locale>.md", "unexpected file in rules/")
			continue
		}
		if !slices.Contains(locales, locale) {
			hint := "name it after one of the site's locales"
			if s := diag.DidYouMean(diag.SuggestLocales(locale, locales), ".md"); s != "" {
				hint = s
			}
			diags.Errorf(file, 0, 0, "unknown-locale", hint, "%q is not a locale of the site", locale)
			continue
		}
		c.Rules[locale] = file
	}
	// Every chain ends in the default locale (DESIGN §2), wherever it is listed.
	if en := cfg.DefaultLocale; len(c.Rules) > 0 && c.Rules[en] == "" {
		diags.Errorf(dir, 0, 0, "missing-english", fmt.Sprintf("add rules/%s.md: every locale falls back to it", en), "rules exist in some locales but not in %s", en)
	}
}

func (c *Campaign) validate(root string, diags *diag.List) {
	errAt := func(at yamlpos.At, field, code, hint, format string, args ...any) {
		p := at.Field(field)
		diags.Errorf(c.File, p.Line, p.Column, code, hint, format, args...)
	}
	if strings.TrimSpace(c.ID) == "" {
		errAt(c.At, "id", "missing-field", "write the campaign id the exchange API knows, e.g. id: \"10086\"", "campaign id is missing")
	}
	if c.Namespace == "" {
		errAt(c.At, "namespace", "missing-field", "name the translation namespace of the page texts, e.g. namespace: "+c.Slug, "namespace is missing")
	} else if !namespaceShape.MatchString(c.Namespace) {
		errAt(c.At, "namespace", "bad-namespace", "use lower-case letters, digits and hyphens", "namespace %q is not a valid bundle name", c.Namespace)
	}
	if c.API == "" {
		c.API = APINew
	} else if !slices.Contains(contract.Enums["CampaignConfig.API"], c.API) {
		errAt(c.At, "api", "bad-value", `write "new" (/fht/growth/activity-api/v1) or "old" (/segw/sact/activity)`, "api %q is not an API family", c.API)
	}
	c.Schedule.validate(c, diags)
	if c.Image != "" {
		checkImage(root, c, c.At, "image", c.Image, errAt)
	}
	if qa := c.Widgets.QuickApply; qa != nil && qa.AfterEnrol != "" {
		p := qa.At.Field("afterEnrol")
		if qa.AfterEnroll != "" {
			diags.Errorf(c.File, p.Line, p.Column, "duplicate-field", "remove afterEnrol", "afterEnrol and afterEnroll are the same setting; both are given")
		} else {
			diags.Warnf(c.File, p.Line, p.Column, "renamed-field", "rename it afterEnroll", "afterEnrol is spelled afterEnroll now, like enrollStart and the API's /enroll")
			qa.AfterEnroll = qa.AfterEnrol
		}
	}
	c.Widgets.validate(c, errAt)
	c.validateSections(root, errAt)
	for _, k := range c.Keys {
		if !declaredKeyShape.MatchString(k) {
			errAt(c.At, "keys", "bad-key", "write a text key, with {a,b} for its variants: tasks.{register,deposit}.title", "keys: %q is not a text key", k)
		}
	}
}

// declaredKeyShape is a key of keys:, with at most simple {a,b} groups.
var declaredKeyShape = regexp.MustCompile(`^(?:[A-Za-z0-9_-]+|\{[A-Za-z0-9_-]+(?:,[A-Za-z0-9_-]+)*\})+(?:\.(?:[A-Za-z0-9_-]+|\{[A-Za-z0-9_-]+(?:,[A-Za-z0-9_-]+)*\})+)*$`)

// sectionFields says which options each section type takes (besides type and title).
var sectionFields = map[string][]string{
	contract.SectionHero:      {"art"},
	contract.SectionPrizePool: {"amount", "unit"},
	contract.SectionSteps:     {"items"},
	contract.SectionFAQ:       {"items"},
	contract.SectionTiers:     {"columns", "units", "rows"},
}

func (c *Campaign) validateSections(root string, errAt errAtFunc) {
	types := contract.Enums["Section.Type"]
	seen := map[string]bool{}
	for _, s := range c.Sections {
		if !slices.Contains(types, s.Type) {
			hint := "use one of: " + strings.Join(types, ", ")
			if d := diag.Suggest(s.Type, types); d != "" {
				hint = fmt.Sprintf("did you mean %s?", d)
			}
			errAt(s.At, "type", "bad-value", hint, "section type %q is not a section", s.Type)
			continue
		}
		if seen[s.Type] && (s.Type == contract.SectionHero || s.Type == contract.SectionActions) {
			errAt(s.At, "type", "duplicate-section", "keep one", "the page can have one %s section", s.Type)
		}
		seen[s.Type] = true
		given := map[string]bool{"art": s.Art != "", "amount": s.Amount != 0, "unit": s.Unit != "", "items": len(s.Items) > 0,
			"columns": len(s.Columns) > 0, "units": len(s.Units) > 0, "rows": len(s.Rows) > 0}
		for _, f := range []string{"art", "amount", "unit", "items", "columns", "units", "rows"} {
			if given[f] && !slices.Contains(sectionFields[s.Type], f) {
				errAt(s.At, f, "unused-field", "remove it: a "+s.Type+" section has no "+f, "%s does not apply to a %s section", f, s.Type)
			}
		}
		switch s.Type {
		case contract.SectionHero:
			if s.Art != "" {
				checkImage(root, c, s.At, "art", s.Art, errAt)
			}
		case contract.SectionPrizePool:
			if s.Amount <= 0 {
				errAt(s.At, "amount", "missing-field", "write the pool, like amount: 500000", "a prizePool section needs a positive amount")
			}
			if !unitShape.MatchString(s.Unit) {
				errAt(s.At, "unit", "bad-value", "write the currency in capitals, like unit: USDT", "unit %q is not a currency", s.Unit)
			}
		case contract.SectionPrizeDraw, contract.SectionMarket, contract.SectionInvitationCode:
			configured := map[string]bool{contract.SectionPrizeDraw: c.Widgets.PrizeDraw != nil, contract.SectionMarket: c.Widgets.Market != nil,
				contract.SectionInvitationCode: c.Widgets.InvitationCode != nil && c.Widgets.InvitationCode.Enabled}
			if !configured[s.Type] {
				errAt(s.At, "type", "missing-widget", "configure widgets."+s.Type+" or remove the section", "a %s section shows widgets.%s, which this campaign does not configure", s.Type, s.Type)
			}
		case contract.SectionSteps, contract.SectionFAQ:
			if len(s.Items) == 0 || slices.Contains(s.Items, "") {
				errAt(s.At, "items", "missing-field", "list text-key prefixes, like items: [steps.register, steps.deposit]", "a %s section needs items", s.Type)
			}
		case contract.SectionTiers:
			if len(s.Columns) == 0 || len(s.Rows) == 0 {
				errAt(s.At, "rows", "missing-field", "give columns (heading keys) and rows of numbers, a cell per column", "a tiers section needs columns and rows")
			}
			if len(s.Units) > 0 && len(s.Units) != len(s.Columns) {
				errAt(s.At, "units", "bad-value", "give a unit per column (\"\" for none)", "%d units for %d columns", len(s.Units), len(s.Columns))
			}
			for i, row := range s.Rows {
				if len(row) != len(s.Columns) {
					errAt(s.At, "rows", "bad-value", "give a cell per column", "row %d has %d cells for %d columns", i+1, len(row), len(s.Columns))
				}
			}
		}
	}
}

func (s *Schedule) validate(c *Campaign, diags *diag.List) {
	errAt := func(field, code, hint, format string, args ...any) {
		p := s.At.Field(field)
		if s.At.Pos.Line == 0 {
			p = c.At.Field("schedule")
		}
		diags.Errorf(c.File, p.Line, p.Column, code, hint, format, args...)
	}
	// A field written but unreadable (no zone, not a time) has its error already.
	_, hasStart := s.At.Fields["start"]
	_, hasEnd := s.At.Fields["end"]
	if s.Start.IsZero() && !hasStart {
		errAt("start", "missing-field", "write schedule.start like 2026-11-01T00:00:00Z", "schedule.start is missing")
	}
	if s.End.IsZero() && !hasEnd {
		errAt("end", "missing-field", "write schedule.end like 2026-11-30T23:59:59Z", "schedule.end is missing")
	}
	line := func(field string) int { return s.At.Field(field).Line }
	if !s.Start.IsZero() && !s.End.IsZero() && !s.End.After(s.Start) {
		errAt("end", "bad-schedule", "the end must come after the start", "schedule.end (line %d) is not after schedule.start (line %d)", line("end"), line("start"))
	}
	// Enrolment happens while the campaign runs (spec §4: the apply button's window):
	// a window reaching outside it would take enrolments the campaign never counts.
	enrollStart, enrollEnd := !s.EnrollStart.IsZero(), !s.EnrollEnd.IsZero()
	if enrollStart && !s.Start.IsZero() && s.EnrollStart.Before(s.Start) {
		errAt("enrollStart", "bad-schedule", "start the enrolment at or after the campaign's start", "schedule.enrollStart (line %d) is before schedule.start (line %d)", line("enrollStart"), line("start"))
	}
	if enrollEnd && !s.End.IsZero() && s.EnrollEnd.After(s.End) {
		errAt("enrollEnd", "bad-schedule", "end the enrolment at or before the campaign's end", "schedule.enrollEnd (line %d) is after schedule.end (line %d)", line("enrollEnd"), line("end"))
	}
	if !enrollStart {
		s.EnrollStart = s.Start
	}
	if !enrollEnd {
		s.EnrollEnd = s.End
	}
	if (enrollStart || enrollEnd) && s.EnrollEnd.Before(s.EnrollStart) {
		errAt("enrollEnd", "bad-schedule", "the enrolment must end after it starts", "schedule.enrollEnd (line %d) is before schedule.enrollStart (line %d)", line("enrollEnd"), line("enrollStart"))
	}
}

// checkImage checks that name is an image file in the campaign folder.
func checkImage(root string, c *Campaign, at yamlpos.At, field, name string, errAt errAtFunc) {
	ext := strings.ToLower(path.Ext(name))
	if strings.Contains(name, "..") || strings.HasPrefix(name, "/") || !slices.Contains(imageExts, ext) {
		errAt(at, field, "bad-image", "name an image file in the campaign folder ("+strings.Join(imageExts, ", ")+")", "%s %q is not an image in the campaign folder", field, name)
	} else if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(path.Join(CampaignsDir, c.Slug, name)))); err != nil {
		errAt(at, field, "missing-file", "put the file in "+path.Join(CampaignsDir, c.Slug), "%s %q does not exist", field, name)
	}
}

type errAtFunc func(at yamlpos.At, field, code, hint, format string, args ...any)

func (w *Widgets) validate(c *Campaign, errAt errAtFunc) {
	if qa := w.QuickApply; qa != nil {
		oneOf(errAt, qa.At, "style", &qa.Style, contract.Enums["QuickApplyWidget.Style"]...)
		oneOf(errAt, qa.At, "afterEnroll", &qa.AfterEnroll, contract.Enums["QuickApplyWidget.AfterEnroll"]...)
		if qa.AfterEnroll == AfterLinks && len(qa.Links) == 0 {
			errAt(qa.At, "afterEnroll", "missing-field", "add links: [{text, href, newTab}] or choose keep or hide", "afterEnroll is links but no links are given")
		}
		if qa.AfterEnroll != AfterLinks && len(qa.Links) > 0 {
			errAt(qa.At, "links", "unused-field", "set afterEnroll: links, or remove links", "links are given but afterEnroll is %s", qa.AfterEnroll)
		}
		for _, l := range qa.Links {
			if l.Text == "" {
				errAt(l.At, "text", "missing-field", "name a translation key of the campaign's namespace", "link button has no text")
			}
			checkLink(errAt, l.At, "href", l.Href, true)
		}
		checkLink(errAt, qa.Popup.At, "redirect", qa.Popup.Redirect, false)
	}
	if ql := w.QuickLogin; ql != nil {
		oneOf(errAt, ql.At, "action", &ql.Action, contract.Enums["QuickLoginWidget.Action"]...)
		checkLink(errAt, ql.At, "redirect", ql.Redirect, false)
	}
	if m := w.Market; m != nil {
		if len(m.Symbols) == 0 {
			errAt(m.At, "symbols", "missing-field", "list spot symbols like [BTCUSDT, ETHUSDT]", "market has no symbols")
		}
		for _, s := range m.Symbols {
			if !symbolShape.MatchString(s) {
				errAt(m.At, "symbols", "bad-symbol", "spot symbols are upper-case letters and digits, like BTCUSDT", "symbol %q is not a spot symbol", s)
			}
		}
	}
	if pd := w.PrizeDraw; pd != nil {
		if pd.ChancesPerUser < 1 {
			errAt(pd.At, "chancesPerUser", "bad-value", "give each user at least one chance", "chancesPerUser must be at least 1")
		}
		if len(pd.Prizes) == 0 {
			errAt(pd.At, "prizes", "missing-field", "list prizes with id, name and weight", "prize draw has no prizes")
		}
		ids := map[string]bool{}
		for _, p := range pd.Prizes {
			if p.ID == "" || ids[p.ID] {
				errAt(p.At, "id", "bad-prize", "give every prize its own id", "prize id %q is empty or repeated", p.ID)
			}
			ids[p.ID] = true
			if p.Weight <= 0 {
				errAt(p.At, "weight", "bad-value", "weights are positive whole numbers", "prize %q has weight %d", p.ID, p.Weight)
			}
			if p.Name == "" {
				errAt(p.At, "name", "missing-field", "name a translation key of the campaign's namespace", "prize %q has no name", p.ID)
			}
		}
	}
}

// oneOf checks *v against allowed; an empty value takes the first (the default).
func oneOf(errAt errAtFunc, at yamlpos.At, field string, v *string, allowed ...string) {
	if *v == "" {
		*v = allowed[0]
		return
	}
	if !slices.Contains(allowed, *v) {
		errAt(at, field, "bad-value", "use one of: "+strings.Join(allowed, ", "), "%s %q is not allowed", field, *v)
	}
}

func checkLink(errAt errAtFunc, at yamlpos.At, field, link string, required bool) {
	if link == "" {
		if required {
			errAt(at, field, "missing-field", "write an https:// URL or a site path like /en/markets/", "%s is missing", field)
		}
		return
	}
	if err := CheckLink(link); err != nil {
		errAt(at, field, "bad-link", "write an https:// URL or a site path like /en/markets/", "%s: %v", field, err)
	}
}

// CheckLink accepts http(s) URLs with a host and site-relative paths ("/x"), and
// refuses everything else: other schemes (javascript:, data:), protocol-relative
// "//host" and backslash tricks that browsers treat as another host.
func CheckLink(link string) error {
	if strings.ContainsAny(link, "\\\x00\r\n\t ") {
		return fmt.Errorf("link %q contains a backslash or whitespace", link)
	}
	if strings.HasPrefix(link, "/") {
		if strings.HasPrefix(link, "//") {
			return fmt.Errorf("link %q is protocol-relative; write https:// in full", link)
		}
		return nil
	}
	u, err := url.Parse(link)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("link %q is neither http(s) nor site-relative", link)
	}
	return nil
}

func checkUniqueIDs(cs []*Campaign, diags *diag.List) {
	byID := map[string][]*Campaign{}
	for _, c := range cs {
		if c.ID != "" {
			byID[c.ID] = append(byID[c.ID], c)
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		same := byID[id]
		if len(same) < 2 {
			continue
		}
		for _, c := range same {
			var others []string
			for _, o := range same {
				if o != c {
					others = append(others, o.File)
				}
			}
			p := c.At.Field("id")
			diags.Errorf(c.File, p.Line, p.Column, "duplicate-id", "every campaign needs its own id", "campaign id %q is also used by %s", id, strings.Join(others, ", "))
		}
	}
}
