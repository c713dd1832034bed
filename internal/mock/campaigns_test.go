package mock

import (
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
)

func TestInfoFamilies(t *testing.T) {
	m, _ := newTestMock()
	a := call(t, m, "POST", "/fht/growth/activity-api/v1/info", `{"campaignId":"new-on"}`, "")
	if !strings.HasPrefix(a.raw, `{"retCode":0,"retMsg":`) {
		t.Fatalf("new family envelope: %s", a.raw)
	}
	var n map[string]any
	a.into(t, &n)
	want := map[string]any{"campaignId": "new-on", "actStartAt": float64(t0.Add(-24 * time.Hour).UnixMilli()),
		"actEndAt": float64(t0.Add(24 * time.Hour).UnixMilli()), "enrollStartAt": float64(t0.Add(-24 * time.Hour).UnixMilli()),
		"enrollEndAt": float64(t0.Add(12 * time.Hour).UnixMilli()), "status": 5.0, "enrolled": false}
	for k, v := range want {
		if n[k] != v {
			t.Errorf("new info %s = %v, want %v", k, n[k], v)
		}
	}
	if len(n) != len(want) {
		t.Errorf("new info fields %v", n)
	}
	a = call(t, m, "POST", "/segw/sact/activity/info", `{"campaign_id":"old-on"}`, "")
	var o map[string]any
	a.into(t, &o)
	if !strings.HasPrefix(a.raw, `{"ret_code":0,"ret_msg":`) || o["campaign_id"] != "old-on" || o["status"] != 5.0 ||
		o["enroll_start_at"] != 0.0 || o["act_start_at"] != float64(t0.Add(-time.Hour).UnixMilli()) {
		t.Fatalf("old info: %s", a.raw)
	}
	for _, c := range []struct{ path, body string }{
		{"/segw/sact/activity/info", `{"campaign_id":"new-on"}`},         // other family
		{"/fht/growth/activity-api/v1/info", `{"campaignId":"old-on"}`},  // other family
		{"/fht/growth/activity-api/v1/info", `{"campaignId":"missing"}`}, // unknown
	} {
		if a := call(t, m, "POST", c.path, c.body, ""); a.code != 3580000 {
			t.Errorf("%s %s: %s", c.path, c.body, a.raw)
		}
	}
	if a := call(t, m, "POST", "/segw/sact/activity/info", `{"campaign_id":""}`, ""); a.code != contract.CodeParamError {
		t.Fatal(a.raw)
	}
}

func status(t *testing.T, m *Mock, id string) float64 {
	var r map[string]any
	call(t, m, "POST", "/segw/sact/activity/info", `{"campaign_id":"`+id+`"}`, "").into(t, &r)
	return r["status"].(float64)
}

func TestStatusFromScheduleAndOverride(t *testing.T) {
	m, clk := newTestMock()
	if s := []float64{status(t, m, "old-soon"), status(t, m, "old-on"), status(t, m, "old-done")}; s[0] != 4 || s[1] != 5 || s[2] != 6 {
		t.Fatalf("statuses %v", s)
	}
	clk.Set(t0.Add(90 * time.Minute))
	if status(t, m, "old-soon") != 5 || status(t, m, "old-on") != 6 {
		t.Fatal("status does not follow the clock")
	}
	ctl := m.Control()
	for _, s := range []string{"4", "7", "6", "5"} {
		a := call(t, ctl, "POST", "/__mock/campaign", `{"id":"old-done","status":`+s+`}`, "")
		if a.code != 0 || status(t, m, "old-done") != float64(s[0]-'0') {
			t.Fatalf("override %s: %s", s, a.raw)
		}
	}
	call(t, ctl, "POST", "/__mock/campaign", `{"id":"old-done","status":0}`, "")
	if status(t, m, "old-done") != 6 {
		t.Fatal("status 0 should return to the schedule")
	}
	for _, bad := range []string{`{"id":"old-done","status":3}`, `{"id":"old-done","status":8}`, `{"status":5}`, `x`} {
		if a := call(t, ctl, "POST", "/__mock/campaign", bad, ""); a.status != 400 {
			t.Errorf("%s: %d", bad, a.status)
		}
	}
	if a := call(t, ctl, "POST", "/__mock/campaign", `{"id":"nope","status":5}`, ""); a.status != 404 {
		t.Fatal(a.raw)
	}
}

func TestEnrol(t *testing.T) {
	m, clk := newTestMock()
	tok := login(t, m)
	enrolNew := func(token, id string) answer {
		return call(t, m, "POST", "/fht/growth/activity-api/v1/enroll", `{"campaignId":"`+id+`","referralCode":"R"}`, token)
	}
	enrolOld := func(token, id string) answer {
		return call(t, m, "POST", "/segw/sact/activity/enroll", `{"campaign_id":"`+id+`"}`, token)
	}
	if a := enrolNew("", "new-on"); a.code != 10007 {
		t.Fatal(a.raw)
	}
	if a := enrolNew(tok, "new-on"); a.code != 0 || !strings.Contains(string(a.result), `"enrolled":true`) || !strings.HasPrefix(a.raw, `{"retCode"`) {
		t.Fatal(a.raw)
	}
	if a := enrolNew(tok, "new-on"); a.code != 3570011 {
		t.Fatalf("second enrol: %s", a.raw)
	}
	var info map[string]any
	call(t, m, "POST", "/fht/growth/activity-api/v1/info", `{"campaignId":"new-on"}`, tok).into(t, &info)
	if info["enrolled"] != true {
		t.Fatal("enrolled not set for the user")
	}
	call(t, m, "POST", "/fht/growth/activity-api/v1/info", `{"campaignId":"new-on"}`, "").into(t, &info)
	if info["enrolled"] != false {
		t.Fatal("enrolled shown to a visitor")
	}
	// Another user is not enrolled by the first.
	other := call(t, m, "POST", "/user/public/register", `{"email":"o@example.com","password":"Passw0rd!","verification_code":"123456"}`, "").token
	call(t, m, "POST", "/fht/growth/activity-api/v1/info", `{"campaignId":"new-on"}`, other).into(t, &info)
	if info["enrolled"] != false {
		t.Fatal("enrolment leaked to another user")
	}
	if a := enrolOld(tok, "old-on"); a.code != 0 || !strings.HasPrefix(a.raw, `{"ret_code":0`) {
		t.Fatal(a.raw)
	}
	if a := enrolOld(tok, "old-on"); a.code != 3570011 {
		t.Fatal(a.raw)
	}
	for _, id := range []string{"old-soon", "old-done"} {
		if a := enrolOld(tok, id); a.code != contract.CodeNotOpen {
			t.Errorf("%s: %s", id, a.raw)
		}
	}
	if a := enrolOld(tok, "new-on"); a.code != 3580000 {
		t.Fatal(a.raw)
	}
	// Unavailable: 3580000 to info and enrol.
	call(t, m.Control(), "POST", "/__mock/campaign", `{"id":"old-soon","unavailable":true,"status":5}`, "")
	if a := enrolOld(tok, "old-soon"); a.code != 3580000 {
		t.Fatal(a.raw)
	}
	call(t, m.Control(), "POST", "/__mock/campaign", `{"id":"old-soon","unavailable":false}`, "")
	if a := enrolOld(tok, "old-soon"); a.code != 0 {
		t.Fatalf("override 5 opens enrolment: %s", a.raw)
	}
	// The enrolment window closes before the activity ends.
	clk.Set(t0.Add(13 * time.Hour))
	if a := enrolNew(other, "new-on"); a.code != contract.CodeNotOpen || status(t, m, "old-on") != 6 {
		t.Fatal(a.raw)
	}
}

func TestActivityList(t *testing.T) {
	m, _ := newTestMock()
	var res struct {
		List        []map[string]any
		Total, Page int
	}
	call(t, m, "POST", "/segw/sact/activity/list", `{}`, "").into(t, &res)
	if res.Total != 5 || len(res.List) != 5 || res.List[0]["campaign_id"] != "new-on" || res.List[0]["family"] != "new" {
		t.Fatalf("%+v", res)
	}
	call(t, m, "POST", "/segw/sact/activity/list", `{"status":5,"page":2,"page_size":2}`, "").into(t, &res)
	if res.Total != 3 || len(res.List) != 1 || res.Page != 2 {
		t.Fatalf("%+v", res)
	}
	if a := call(t, m, "POST", "/segw/sact/activity/list", `{"page_size":1000}`, ""); a.code != contract.CodeParamError {
		t.Fatal(a.raw)
	}
}

// A list item carries what a card of another campaign needs: its page's slug and
// its title in the caller's language (Lang), with the language the title is in.
func TestActivityListTitles(t *testing.T) {
	camps := testCampaigns()
	camps[1].Slug = "old-on-page"
	var langs []string
	m := New(Options{Campaigns: camps, Now: (&fakeClock{t: t0}).Now, Title: func(c *content.Campaign, lang string) (string, string) {
		langs = append(langs, lang)
		if c.ID == "old-on" {
			return "Titel " + lang, "de"
		}
		return "", ""
	}})
	var res struct{ List []map[string]any }
	call(t, m, "POST", "/segw/sact/activity/list", `{}`, "", "Lang", "de-DE").into(t, &res)
	if got := res.List[1]; got["slug"] != "old-on-page" || got["title"] != "Titel de-DE" || got["title_lang"] != "de" {
		t.Fatalf("%+v", got)
	}
	// No title from the site: the id, in no particular language.
	if got := res.List[0]; got["title"] != "new-on" || got["title_lang"] != "" || got["slug"] != "" {
		t.Fatalf("%+v", got)
	}
	if len(langs) != len(res.List) || langs[0] != "de-DE" {
		t.Fatalf("Title called with %v", langs)
	}
}

// Watch mode replaces the campaigns when campaign.yaml files change: the session,
// enrolments and overrides of a campaign that stays survive, a new campaign is
// served, a removed one is unknown, and a reset starts from the new set.
func TestSetCampaignsKeepsState(t *testing.T) {
	m, _ := newTestMock()
	tok := login(t, m)
	if a := call(t, m, "POST", "/segw/sact/activity/enroll", `{"campaign_id":"old-on"}`, tok); a.code != 0 {
		t.Fatal(a.raw)
	}
	call(t, m.Control(), "POST", "/__mock/campaign", `{"id":"old-soon","status":5}`, "")

	camps := testCampaigns()
	camps[1].Schedule.End = t0.Add(48 * time.Hour) // old-on edited
	camps = append(camps[1:3], camp("added", "old", t0.Add(-time.Hour), t0.Add(time.Hour)))
	m.SetCampaigns(camps)

	if a := call(t, m, "GET", "/v2/private/user/profile", "", tok); a.code != 0 {
		t.Fatalf("the session did not survive: %s", a.raw)
	}
	if a := call(t, m, "POST", "/segw/sact/activity/enroll", `{"campaign_id":"old-on"}`, tok); a.code != 3570011 {
		t.Fatalf("the enrolment did not survive: %s", a.raw)
	}
	if got := status(t, m, "old-soon"); got != 5 {
		t.Fatalf("the override did not survive: status %v", got)
	}
	if a := call(t, m, "POST", "/segw/sact/activity/enroll", `{"campaign_id":"added"}`, tok); a.code != 0 {
		t.Fatalf("the new campaign: %s", a.raw)
	}
	if a := call(t, m, "POST", "/fht/growth/activity-api/v1/info", `{"campaignId":"new-on"}`, tok); a.code == 0 {
		t.Fatalf("a removed campaign is still served: %s", a.raw)
	}
	m.Reset()
	if a := call(t, m, "POST", "/segw/sact/activity/info", `{"campaign_id":"added"}`, ""); a.code != 0 {
		t.Fatalf("after a reset the new set is not served: %s", a.raw)
	}
}
