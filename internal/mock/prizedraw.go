package mock

import (
	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
)

// The prize draw of seed §7 (configuration, records, the draw). The spec does
// not show the payloads; these are the mock's, in the segw style:
// every body names the campaign as {campaign_id}.

type drawBody struct {
	CampaignID string `json:"campaign_id"`
	Order      int    `json:"order"`
	Page       int    `json:"page"`
	PageSize   int    `json:"page_size"`
}

// drawCampaign finds an available campaign with a prize draw.
func (m *Mock) drawCampaign(r *request) (*campaignState, drawBody, int, string) {
	var b drawBody
	if !r.decode(&b) || b.CampaignID == "" {
		return nil, b, contract.CodeParamError, "param error: campaign_id is required"
	}
	cs := m.st.campaign(b.CampaignID, famAny)
	if cs == nil || cs.c.Widgets.PrizeDraw == nil {
		return nil, b, contract.CodeCampaignUnavailable, "campaign not available"
	}
	return cs, b, 0, ""
}

// used counts the draws uid made in campaign id.
func (s *state) used(id string, uid int64) int { return s.drawn[drawKey{id, uid}] }

// drawConfig: {campaign_id} → {campaign_id, status, chances_per_user,
// remaining_chances (null when logged out), prizes: [{id, name, weight}]}.
func (m *Mock) drawConfig(r *request) (int, any) {
	cs, _, code, msg := m.drawCampaign(r)
	if cs == nil {
		return fail(famOld, code, msg)
	}
	pd := cs.c.Widgets.PrizeDraw
	prizes := make([]map[string]any, 0, len(pd.Prizes))
	for _, p := range pd.Prizes {
		prizes = append(prizes, map[string]any{"id": p.ID, "name": p.Name, "weight": p.Weight})
	}
	var remaining any
	if m.st.byUID[r.uid] != nil {
		remaining = max(0, pd.ChancesPerUser-m.st.used(cs.c.ID, r.uid))
	}
	return ok(famOld, map[string]any{
		"campaign_id":       cs.c.ID,
		"status":            cs.status(r.now),
		"chances_per_user":  pd.ChancesPerUser,
		"remaining_chances": remaining,
		"prizes":            prizes,
	})
}

// drawItem draws once for the calling user while the campaign is ongoing:
// {campaign_id} → {record: {id, campaign_id, prize_id, prize_name,
// created_at}, remaining_chances}.
func (m *Mock) drawItem(r *request) (int, any) {
	cs, _, code, msg := m.drawCampaign(r)
	if cs == nil {
		return fail(famOld, code, msg)
	}
	if m.st.byUID[r.uid] == nil {
		return fail(famOld, contract.CodeAuthFailed, "user authentication failed")
	}
	if cs.status(r.now) != contract.CampaignOngoing {
		return fail(famOld, contract.CodeNotOpen, "campaign is not ongoing")
	}
	pd := cs.c.Widgets.PrizeDraw
	used := m.st.used(cs.c.ID, r.uid)
	if used >= pd.ChancesPerUser {
		return fail(famOld, contract.CodeNoChancesLeft, "no draw chances left")
	}
	prize, found := pick(pd.Prizes, m.st.rng.IntN)
	if !found {
		return fail(famOld, contract.CodeSystemError, "system error: the draw has no prize with a weight")
	}
	m.st.drawSeq++
	rec := drawRecord{
		ID: m.st.drawSeq, CampaignID: cs.c.ID, UID: r.uid,
		PrizeID: prize.ID, PrizeName: prize.Name, CreatedAt: r.now.UnixMilli(),
	}
	m.st.draws = append(m.st.draws, rec)
	m.st.drawn[drawKey{cs.c.ID, r.uid}]++
	return ok(famOld, map[string]any{"record": rec, "remaining_chances": pd.ChancesPerUser - used - 1})
}

// pick chooses a prize with probability weight / total weight.
func pick(prizes []content.Prize, intn func(int) int) (content.Prize, bool) {
	total := 0
	for _, p := range prizes {
		total += max(0, p.Weight)
	}
	if total == 0 {
		return content.Prize{}, false
	}
	n := intn(total)
	for _, p := range prizes {
		if w := max(0, p.Weight); n < w {
			return p, true
		} else {
			n -= w
		}
	}
	return content.Prize{}, false
}

// drawRecords lists the calling user's draws: {campaign_id, order (1 asc,
// 2 desc: default), page (from 1), page_size (10, at most 100)} →
// {list, total, page, page_size}.
func (m *Mock) drawRecords(r *request) (int, any) {
	cs, b, code, msg := m.drawCampaign(r)
	if cs == nil {
		return fail(famOld, code, msg)
	}
	if m.st.byUID[r.uid] == nil {
		return fail(famOld, contract.CodeAuthFailed, "user authentication failed")
	}
	order, page, size := b.Order, b.Page, b.PageSize
	if order == 0 {
		order = contract.DrawOrderDesc
	}
	if page == 0 {
		page = 1
	}
	if size == 0 {
		size = 10
	}
	if (order != contract.DrawOrderAsc && order != contract.DrawOrderDesc) || page < 1 || page > 1_000_000 || size < 1 || size > 100 {
		return fail(famOld, contract.CodeParamError, "param error")
	}
	mine := []drawRecord{}
	for _, d := range m.st.draws {
		if d.CampaignID == cs.c.ID && d.UID == r.uid {
			mine = append(mine, d)
		}
	}
	if order == contract.DrawOrderDesc {
		for i, j := 0, len(mine)-1; i < j; i, j = i+1, j-1 {
			mine[i], mine[j] = mine[j], mine[i]
		}
	}
	total := len(mine)
	from := min((page-1)*size, total)
	to := min(from+size, total)
	return ok(famOld, map[string]any{"list": mine[from:to], "total": total, "page": page, "page_size": size})
}
