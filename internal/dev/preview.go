package dev

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
	"github.com/promohq/promo/internal/mock"
)

// PreviewEnv is what the preview needs from the dev server (implemented by *Server in dev/server.go).
type PreviewEnv interface {
	Site() *content.Site                                       // the last successfully loaded site (campaigns, config); nil before the first success
	API(method, path string, body any) (*http.Response, error) // an in-process request to the function, path like "/api/__mock/reset"; the response's cookies are the function's
	Now() time.Time                                            // the dev clock
	SetNow(t time.Time)                                        // zero time = the real clock
	BuiltLocales() []string                                    // locales already built (others are built on first request)
}

// Cookies the preview sets for the pages' client script (dev/client/client.js). They
// are session cookies: the choice lasts while the browser does, and `promo serve` on
// the same host ignores them (its pages have no client script).
const (
	previewDeviceCookie = "promo_dev_device" // desktop | phone | app
	previewNowCookie    = "promo_dev_now"    // RFC 3339 time: the pages' clock starts there
	previewFlashCookie  = "promo_dev_flash"  // the outcome of the last control, shown once
	// The fake app bridge of the "In the app" preview (DESIGN §8, dev/client/client.js).
	previewAppVersionCookie = "promo_dev_app_version" // the app's version, e.g. 3.7.0
	previewAppUserCookie    = "promo_dev_app_user"    // login: the app is logged in as the demo account
	previewFailed           = "Failed: "
)

// The mock's seeded account (DESIGN §5): "logged-in user" logs in as it.
const (
	previewDemoEmail    = "demo@example.com"
	previewDemoPassword = "Demo1234!"
)

// The preview's paths. The style sheet is dev/client/preview.css, which the dev server
// also serves with the rest of dev/client at /__promo/; NewPreview serves the same
// embedded bytes so it works whichever handler the path reaches.
const (
	previewPath    = "/"
	previewControl = "/__promo/preview"
	previewCSSPath = "/__promo/preview.css"
)

var (
	//go:embed preview.html
	previewHTML string
	//go:embed client/preview.css
	previewCSS []byte

	previewTmpl = template.Must(template.New("preview").Parse(previewHTML))
)

// NewPreview serves GET / (the matrix), POST /__promo/preview, GET /__promo/preview.css.
// The matrix lists every campaign × locale page with the campaign's status and offers
// the controls as plain forms (no script needed); every control answers 303 to /.
func NewPreview(env PreviewEnv) http.Handler {
	p := &previewHandler{env: env}
	return http.HandlerFunc(p.serveHTTP)
}

type previewHandler struct{ env PreviewEnv }

func (p *previewHandler) serveHTTP(w http.ResponseWriter, r *http.Request) {
	var allow string
	switch r.URL.Path {
	case previewPath:
		allow = "GET, HEAD"
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			p.serveMatrix(w, r)
			return
		}
	case previewControl:
		allow = "POST"
		if r.Method == http.MethodPost {
			p.serveControl(w, r)
			return
		}
	case previewCSSPath:
		allow = "GET, HEAD"
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			w.Header().Set("Content-Type", "text/css; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			w.Write(previewCSS)
			return
		}
	default:
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Allow", allow)
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
}

// ---- The matrix ----

type previewView struct {
	Ready bool // a site was loaded
	Flash string
	// FlashFailed: the last control failed (announced as an alert).
	FlashFailed bool
	LoggedIn    bool
	Device      string
	AppVersion  string // the fake app's version
	AppLoggedIn bool   // the fake app is logged in
	Clock       string // the dev clock, UTC, for humans
	ClockSet    bool   // the pages' clock is moved (the promo_dev_now cookie)
	ClockIn     string // the time input's value
	Control     bool   // the mock's control answers (local environment)
	Campaigns   []previewCampaign
}

type previewCampaign struct {
	Slug, ID, Title string
	Status          string // "Ongoing", "Unavailable": in words, as its buttons say
	Code            string // "4" … "7", "unavailable": which control is pressed
	Overridden      bool
	Links           []previewLink
}

type previewLink struct {
	Locale, Href string
	Built        bool // otherwise built on the first request
	Translated   bool // otherwise the page shows English texts
}

func (p *previewHandler) serveMatrix(w http.ResponseWriter, r *http.Request) {
	v := previewView{Device: "desktop", LoggedIn: previewHasCookie(r, "promo_session", "1"),
		AppVersion: previewDefaultAppVersion, AppLoggedIn: previewHasCookie(r, previewAppUserCookie, "login")}
	if c, err := r.Cookie(previewAppVersionCookie); err == nil && previewVersionShape.MatchString(c.Value) {
		v.AppVersion = c.Value
	}
	if c, err := r.Cookie(previewDeviceCookie); err == nil && slices.Contains([]string{"phone", "app"}, c.Value) {
		v.Device = c.Value
	}
	if c, err := r.Cookie(previewFlashCookie); err == nil {
		v.Flash, _ = url.QueryUnescape(c.Value)
		v.FlashFailed = strings.HasPrefix(v.Flash, previewFailed)
		http.SetCookie(w, &http.Cookie{Name: previewFlashCookie, Path: "/", MaxAge: -1})
	}
	now := p.env.Now().UTC()
	v.Clock = now.Format("2006-01-02 15:04:05 UTC")
	v.ClockIn = now.Format("2006-01-02T15:04")
	if c, err := r.Cookie(previewNowCookie); err == nil && c.Value != "" {
		v.ClockSet = true
	} else if d := time.Until(now); d > time.Minute || d < -time.Minute {
		// The server's clock was moved without the preview (promo dev --now): let the
		// pages follow it from now on, as if the designer had set it here.
		v.ClockSet = true
		http.SetCookie(w, &http.Cookie{Name: previewNowCookie, Value: now.Format(time.RFC3339), Path: "/", SameSite: http.SameSiteLaxMode})
	}
	if s := p.env.Site(); s != nil {
		v.Ready = true
		state, ok := p.mockState(s)
		v.Control = ok
		v.Campaigns = p.campaigns(s, state, now)
	}
	var page bytes.Buffer
	if err := previewTmpl.Execute(&page, v); err != nil {
		http.Error(w, "preview: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// Same policy as the pages: the matrix has no inline script or style either.
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; form-action 'self'; frame-ancestors 'none'")
	w.Write(page.Bytes())
}

// campaigns lays out the matrix rows: the status is the mock's (schedule and dev
// clock, or the control's override) when its control answers, else the schedule's.
func (p *previewHandler) campaigns(s *content.Site, state map[string]mock.CampaignState, now time.Time) []previewCampaign {
	cfg := s.Config
	built := p.env.BuiltLocales()
	var out []previewCampaign
	for _, c := range s.Campaigns {
		mc := previewCampaign{Slug: c.Slug, ID: c.ID, Title: c.Slug}
		if b := s.Catalog.Bundle(cfg.DefaultLocale, c.Namespace); b != nil {
			if e, ok := b.Keys["hero.title"]; ok && e.Value != "" {
				mc.Title = e.Value
			}
		}
		code := c.Schedule.Status(now)
		if st, ok := state[c.ID]; ok {
			code, mc.Overridden = st.Status, st.Overridden
			if st.Unavailable {
				code = 0
			}
		}
		if code == 0 {
			mc.Status, mc.Code = "Unavailable", "unavailable"
		} else {
			mc.Status, mc.Code = statusWords(code), strconv.Itoa(code)
		}
		for _, l := range cfg.Locales {
			mc.Links = append(mc.Links, previewLink{Locale: l, Href: cfg.PagePath(l, c.Slug),
				Built: slices.Contains(built, l), Translated: l == cfg.DefaultLocale || s.Translated(c, l)})
		}
		out = append(out, mc)
	}
	return out
}

// mockState asks the mock's control for the campaigns' state; ok is false when the
// control does not answer (it exists only in the local environment).
func (p *previewHandler) mockState(s *content.Site) (map[string]mock.CampaignState, bool) {
	var st mock.State
	if !p.call(http.MethodGet, previewAPIPath(s, "/__mock/state"), nil, nil, nil, &st) {
		return nil, false
	}
	out := map[string]mock.CampaignState{}
	for _, c := range st.Campaigns {
		out[c.ID] = c
	}
	return out, true
}

// ---- The controls ----

func (p *previewHandler) serveControl(w http.ResponseWriter, r *http.Request) {
	if err := http.NewCrossOriginProtection().Check(r); err != nil {
		// Another site's form must not drive the designer's dev server.
		http.Error(w, err.Error(), http.StatusForbidden)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	f := r.PostForm
	msg, ok := "", true
	switch {
	case f.Has("user"):
		msg, ok = p.setUser(w, r, f.Get("user"))
	case f.Has("device"):
		msg, ok = previewSetDevice(w, f.Get("device"))
	case f.Has("app"):
		msg, ok = previewSetApp(w, f.Get("appVersion"), f.Get("appUser"))
	case f.Has("status"):
		msg, ok = p.setStatus(f.Get("campaign"), f.Get("status"))
	case f.Has("reset"):
		msg, ok = p.mockCall("/__mock/reset", nil, "the mock is back to its seeded state")
	case f.Has("time"):
		msg, ok = p.setTime(w, f.Get("time"), f.Get("now"))
	default:
		http.Error(w, "unknown control", http.StatusBadRequest)
		return
	}
	if !ok {
		msg = previewFailed + msg
	}
	http.SetCookie(w, &http.Cookie{Name: previewFlashCookie, Value: url.QueryEscape(msg), Path: "/", MaxAge: 60, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, previewPath, http.StatusSeeOther)
}

// setUser logs the mock's seeded account in (or out) through the function, and hands
// the function's cookies (the HttpOnly token and its companion) to the browser.
func (p *previewHandler) setUser(w http.ResponseWriter, r *http.Request, user string) (string, bool) {
	s := p.env.Site()
	if s == nil {
		return "no site is loaded yet", false
	}
	switch user {
	case "login":
		body := map[string]string{"email": previewDemoEmail, "password": previewDemoPassword}
		if !p.call(http.MethodPost, previewAPIPath(s, "/user/public/login"), body, w, r, nil) {
			return "could not log in as " + previewDemoEmail + " (is the environment local?)", false
		}
		return "logged in as " + previewDemoEmail, true
	case "visitor":
		if !p.call(http.MethodPost, previewAPIPath(s, "/user/logout"), map[string]string{}, w, r, nil) {
			return "could not log out", false
		}
		return "viewing as a visitor", true
	}
	return "unknown user " + strconv.Quote(user), false
}

func previewSetDevice(w http.ResponseWriter, device string) (string, bool) {
	names := map[string]string{"desktop": "desktop web", "phone": "phone web", "app": "in-app"}
	if names[device] == "" {
		return "unknown device " + strconv.Quote(device), false
	}
	if device == "desktop" {
		http.SetCookie(w, &http.Cookie{Name: previewDeviceCookie, Path: "/", MaxAge: -1})
	} else {
		http.SetCookie(w, &http.Cookie{Name: previewDeviceCookie, Value: device, Path: "/", SameSite: http.SameSiteLaxMode})
	}
	return "pages open as " + names[device], true
}

// previewDefaultAppVersion is recent enough for login through the bridge (3.6.1, spec §9).
const previewDefaultAppVersion = "3.7.0"

var previewVersionShape = regexp.MustCompile(`^\d{1,4}(\.\d{1,4}){0,3}$`)

// previewSetApp sets the fake app bridge's version and login state. Below 3.6.1 the
// pages keep the web dialog in the app, as they would in an old app.
func previewSetApp(w http.ResponseWriter, version, user string) (string, bool) {
	version = strings.TrimSpace(version)
	if !previewVersionShape.MatchString(version) {
		return "the app version " + strconv.Quote(version) + " is not like 3.7.0", false
	}
	if user != "login" && user != "visitor" {
		return "unknown app user " + strconv.Quote(user), false
	}
	http.SetCookie(w, &http.Cookie{Name: previewAppVersionCookie, Value: version, Path: "/", SameSite: http.SameSiteLaxMode})
	if user == "login" {
		http.SetCookie(w, &http.Cookie{Name: previewAppUserCookie, Value: "login", Path: "/", SameSite: http.SameSiteLaxMode})
		return "the app is " + version + ", logged in as " + previewDemoEmail, true
	}
	http.SetCookie(w, &http.Cookie{Name: previewAppUserCookie, Path: "/", MaxAge: -1})
	return "the app is " + version + ", logged out", true
}

func (p *previewHandler) setStatus(id, status string) (string, bool) {
	s := p.env.Site()
	if s == nil || !slices.ContainsFunc(s.Campaigns, func(c *content.Campaign) bool { return c.ID == id }) {
		return "unknown campaign " + strconv.Quote(id), false
	}
	var body map[string]any
	switch status {
	case "4", "5", "6", "7":
		n, _ := strconv.Atoi(status)
		body = map[string]any{"id": id, "status": n, "unavailable": false}
		status = contract.CampaignStatusText(n)
	case "unavailable":
		body = map[string]any{"id": id, "unavailable": true}
	case "schedule":
		body = map[string]any{"id": id, "status": 0, "unavailable": false}
		status = "following its schedule"
	default:
		return "unknown status " + strconv.Quote(status), false
	}
	return p.mockCall("/__mock/campaign", body, "campaign "+id+": "+status)
}

// setTime moves the dev clock: the server's (the mock's statuses) and the pages' (the
// cookie the client script turns into window.__PROMO_NOW_OFFSET__). "now" returns both
// to the real clock. The input is a datetime-local value, read as UTC.
func (p *previewHandler) setTime(w http.ResponseWriter, action, value string) (string, bool) {
	if action == "now" {
		p.env.SetNow(time.Time{})
		http.SetCookie(w, &http.Cookie{Name: previewNowCookie, Path: "/", MaxAge: -1})
		return "the clock is real again", true
	}
	var t time.Time
	var err error
	for _, layout := range []string{"2006-01-02T15:04", "2006-01-02T15:04:05", time.RFC3339} {
		if t, err = time.Parse(layout, strings.TrimSpace(value)); err == nil {
			break
		}
	}
	if err != nil {
		return "the time " + strconv.Quote(value) + " is not YYYY-MM-DDTHH:MM (UTC)", false
	}
	t = t.UTC()
	p.env.SetNow(t)
	http.SetCookie(w, &http.Cookie{Name: previewNowCookie, Value: t.Format(time.RFC3339), Path: "/", SameSite: http.SameSiteLaxMode})
	return "the clock is set to " + t.Format("2006-01-02 15:04:05 UTC"), true
}

func (p *previewHandler) mockCall(path string, body any, done string) (string, bool) {
	s := p.env.Site()
	if s == nil {
		return "no site is loaded yet", false
	}
	if !p.call(http.MethodPost, previewAPIPath(s, path), body, nil, nil, nil) {
		return "the mock's control did not accept it (is the environment local?)", false
	}
	return done, true
}

// call makes an in-process request to the function. It copies the answer's cookies
// to w (when not nil; r is the browser's request), decodes the envelope's result into result (when not nil) and
// reports whether the call succeeded: HTTP 200 and ret_code 0.
func (p *previewHandler) call(method, path string, body any, w http.ResponseWriter, r *http.Request, result any) bool {
	res, err := p.env.API(method, path, body)
	if err != nil {
		return false
	}
	defer res.Body.Close()
	if w != nil {
		previewCopyCookies(w, r, res)
	}
	var env struct {
		RetCode *int            `json:"ret_code"`
		Result  json.RawMessage `json:"result"`
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil || res.StatusCode != http.StatusOK || json.Unmarshal(data, &env) != nil || env.RetCode == nil || *env.RetCode != 0 {
		return false
	}
	return result == nil || json.Unmarshal(env.Result, result) == nil
}

// previewCopyCookies hands the function's cookies (the HttpOnly token and its
// companion) to the browser. The function derived their Domain and Secure from the
// in-process request's host, which is not the one the browser uses: the dev server is
// one origin, so they become host-only, and Secure only when the browser came over TLS.
func previewCopyCookies(w http.ResponseWriter, r *http.Request, res *http.Response) {
	for _, line := range res.Header.Values("Set-Cookie") {
		c, err := http.ParseSetCookie(line)
		if err != nil {
			continue
		}
		c.Domain, c.Secure = "", r.TLS != nil
		http.SetCookie(w, c)
	}
}

func previewAPIPath(s *content.Site, path string) string {
	base := "/api"
	if s != nil && s.Config != nil && s.Config.APIBase != "" {
		base = s.Config.APIBase
	}
	return base + path
}

func previewHasCookie(r *http.Request, name, value string) bool {
	c, err := r.Cookie(name)
	return err == nil && c.Value == value
}

// statusWords names a campaign status for designers ("Not started"), as the matrix's
// buttons do; the API's code stays in the row's class for styling.
func statusWords(code int) string {
	text := contract.CampaignStatusText(code)
	if text == "" {
		return "Status " + strconv.Itoa(code)
	}
	return strings.ToUpper(text[:1]) + text[1:]
}
