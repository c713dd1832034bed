package mock

import (
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
)

// Campaign info, enrolment and the activity list (seed §3, §4, §7).

// campaignRef is an info or enrol body of either family (DESIGN §4).
type campaignRef struct {
	New    string `json:"campaignId"`
	Old    string `json:"campaign_id"`
	RefNew string `json:"referralCode"`
	RefOld string `json:"referral_code"`
}

func (c campaignRef) id(f family) (string, string) {
	if f == famNew {
		return c.New, c.RefNew
	}
	return c.Old, c.RefOld
}

// detail is a campaign as its family's info call shows it.
func detail(f family, cs *campaignState, r *request) map[string]any {
	c := cs.c
	_, enrolled := cs.enrolled[r.uid]
	enrolled = enrolled && r.uid != 0
	if f == famNew {
		return map[string]any{
			"campaignId":    c.ID,
			"actStartAt":    millis(c.Schedule.Start),
			"actEndAt":      millis(c.Schedule.End),
			"enrollStartAt": millis(c.Schedule.EnrollStart),
			"enrollEndAt":   millis(c.Schedule.EnrollEnd),
			"status":        cs.status(r.now),
			"enrolled":      enrolled,
		}
	}
	return map[string]any{
		"campaign_id":     c.ID,
		"act_start_at":    millis(c.Schedule.Start),
		"act_end_at":      millis(c.Schedule.End),
		"enroll_start_at": millis(c.Schedule.EnrollStart),
		"enroll_end_at":   millis(c.Schedule.EnrollEnd),
		"status":          cs.status(r.now),
		"enrolled":        enrolled,
	}
}

func (m *Mock) info(r *request) (int, any) {
	var ref campaignRef
	if !r.decode(&ref) {
		return fail(r.fam, contract.CodeParamError, "param error")
	}
	id, _ := ref.id(r.fam)
	if id == "" {
		return fail(r.fam, contract.CodeParamError, "param error: campaign id is required")
	}
	cs := m.st.campaign(id, r.fam)
	if cs == nil {
		return fail(r.fam, contract.CodeCampaignUnavailable, "campaign not available")
	}
	return ok(r.fam, detail(r.fam, cs, r))
}

// enroll enrols the calling user: 3570011 the second time (the page treats it
// as success), 3580000 for an unknown or unavailable campaign.
func (m *Mock) enroll(r *request) (int, any) {
	var ref campaignRef
	if !r.decode(&ref) {
		return fail(r.fam, contract.CodeParamError, "param error")
	}
	id, referral := ref.id(r.fam)
	if id == "" {
		return fail(r.fam, contract.CodeParamError, "param error: campaign id is required")
	}
	if m.st.byUID[r.uid] == nil {
		return fail(r.fam, contract.CodeAuthFailed, "user authentication failed")
	}
	cs := m.st.campaign(id, r.fam)
	if cs == nil {
		return fail(r.fam, contract.CodeCampaignUnavailable, "campaign not available")
	}
	if _, done := cs.enrolled[r.uid]; done {
		return fail(r.fam, contract.CodeAlreadyEnrolled, "already enrolled")
	}
	if !cs.enrolOpen(r.now) {
		return fail(r.fam, contract.CodeNotOpen, "enrolment is not open")
	}
	cs.enrolled[r.uid] = referral
	if r.fam == famNew {
		return ok(r.fam, map[string]any{"campaignId": id, "enrolled": true})
	}
	return ok(r.fam, map[string]any{"campaign_id": id, "enrolled": true})
}

// activityList lists the available campaigns, optionally by status, a page
// at a time: {status?, page?, page_size?}.
func (m *Mock) activityList(r *request) (int, any) {
	var q struct {
		Status   int `json:"status"`
		Page     int `json:"page"`
		PageSize int `json:"page_size"`
	}
	if !r.decode(&q) || q.Page < 0 || q.Page > 1_000_000 || q.PageSize < 0 || q.PageSize > 100 {
		return fail(famOld, contract.CodeParamError, "param error")
	}
	page, size := max(q.Page, 1), q.PageSize
	if size == 0 {
		size = 20
	}
	list := []map[string]any{}
	for _, id := range m.st.order {
		cs := m.st.camps[id]
		if cs.unavailable || (q.Status != 0 && cs.status(r.now) != q.Status) {
			continue
		}
		d := detail(famOld, cs, r)
		d["family"] = cs.c.API
		// What a card of another campaign needs (the "More campaigns" widget):
		// its name in the caller's language and its page on the site.
		d["slug"] = cs.c.Slug
		d["title"], d["title_lang"] = m.campaignTitle(cs.c, r.http.Header.Get("Lang"))
		list = append(list, d)
	}
	total := len(list)
	from := min((page-1)*size, total)
	to := min(from+size, total)
	return ok(famOld, map[string]any{"list": list[from:to], "total": total, "page": page, "page_size": size})
}

// campaignTitle is the list's name of c in lang: Options.Title's, else the id.
func (m *Mock) campaignTitle(c *content.Campaign, lang string) (string, string) {
	if m.title != nil {
		if title, in := m.title(c, lang); title != "" {
			return title, in
		}
	}
	return c.ID, ""
}
