package mock

import (
	"testing"
	"time"

	"github.com/promohq/promo/internal/content"
	"github.com/promohq/promo/internal/contract"
)

const drawPath = "/segw/prizedraw/v1/prize_draw/item/draw"

type record struct {
	ID         int64  `json:"id"`
	CampaignID string `json:"campaign_id"`
	PrizeID    string `json:"prize_id"`
	PrizeName  string `json:"prize_name"`
	CreatedAt  int64  `json:"created_at"`
}

func TestDrawConfig(t *testing.T) {
	m, _ := newTestMock()
	var cfg struct {
		CampaignID string `json:"campaign_id"`
		Status     int
		Chances    int  `json:"chances_per_user"`
		Remaining  *int `json:"remaining_chances"`
		Prizes     []struct {
			ID, Name string
			Weight   int
		}
	}
	call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/activity", `{"campaign_id":"draw"}`, "").into(t, &cfg)
	if cfg.CampaignID != "draw" || cfg.Chances != 3 || cfg.Remaining != nil || len(cfg.Prizes) != 3 || cfg.Prizes[1].Weight != 3 || cfg.Status != 5 {
		t.Fatalf("%+v", cfg)
	}
	tok := login(t, m)
	call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, tok)
	call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/activity", `{"campaign_id":"draw"}`, tok).into(t, &cfg)
	if cfg.Remaining == nil || *cfg.Remaining != 2 {
		t.Fatalf("remaining %v", cfg.Remaining)
	}
	for _, body := range []string{`{"campaign_id":"old-on"}`, `{"campaign_id":"nope"}`} {
		if a := call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/activity", body, ""); a.code != 3580000 {
			t.Fatal(a.raw)
		}
	}
	if a := call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/activity", `{}`, ""); a.code != contract.CodeParamError {
		t.Fatal(a.raw)
	}
}

func TestDrawChancesAndRecords(t *testing.T) {
	m, _ := newTestMock()
	tok := login(t, m)
	if a := call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, ""); a.code != 10007 {
		t.Fatal(a.raw)
	}
	var drawn []record
	for i := 0; i < 3; i++ {
		var res struct {
			Record    record
			Remaining int `json:"remaining_chances"`
		}
		a := call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, tok)
		a.into(t, &res)
		if a.code != 0 || res.Remaining != 2-i || res.Record.PrizeID == "none" || res.Record.CreatedAt != t0.UnixMilli() {
			t.Fatalf("draw %d: %s", i, a.raw)
		}
		drawn = append(drawn, res.Record)
	}
	if a := call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, tok); a.code != contract.CodeNoChancesLeft {
		t.Fatalf("fourth draw: %s", a.raw)
	}
	var page struct {
		List     []record
		Total    int
		Page     int
		PageSize int `json:"page_size"`
	}
	call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"draw","order":1}`, tok).into(t, &page)
	if page.Total != 3 || page.List[0].ID != drawn[0].ID || page.List[2].ID != drawn[2].ID {
		t.Fatalf("asc: %+v", page)
	}
	call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"draw"}`, tok).into(t, &page)
	if page.List[0].ID != drawn[2].ID {
		t.Fatalf("default order is desc: %+v", page)
	}
	call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"draw","order":2,"page":2,"page_size":2}`, tok).into(t, &page)
	if page.Total != 3 || len(page.List) != 1 || page.List[0].ID != drawn[0].ID {
		t.Fatalf("page 2: %+v", page)
	}
	// Another user sees only their own records.
	other := call(t, m, "POST", "/user/public/register", `{"email":"o@example.com","password":"Passw0rd!","verification_code":"123456"}`, "").token
	call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"draw"}`, other).into(t, &page)
	if page.Total != 0 {
		t.Fatal("records leaked between users")
	}
	for _, bad := range []string{`{"campaign_id":"draw","order":3}`, `{"campaign_id":"draw","page_size":101}`, `{"campaign_id":"draw","page":-1}`} {
		if a := call(t, m, "POST", "/segw/prizedraw/v1/prize_draw/draw_record/list", bad, tok); a.code != contract.CodeParamError {
			t.Errorf("%s: %s", bad, a.raw)
		}
	}
	// Not ongoing: no draw.
	call(t, m.Control(), "POST", "/__mock/campaign", `{"id":"draw","status":6}`, "")
	if a := call(t, m, "POST", drawPath, `{"campaign_id":"draw"}`, other); a.code != contract.CodeNotOpen {
		t.Fatal(a.raw)
	}
}

// TestDrawWeightsAndSeed: prizes come out in proportion to their weights,
// never with weight 0, and the same seed draws the same sequence.
func TestDrawWeightsAndSeed(t *testing.T) {
	w := camp("w", "", time.Time{}, time.Time{})
	w.Widgets.PrizeDraw = &content.PrizeDraw{ChancesPerUser: 4000, Prizes: prizes("a", "A", 1, "b", "B", 3, "z", "Z", 0)}
	sequence := func(seed int64) (string, map[string]int) {
		m := New(Options{Campaigns: []*content.Campaign{w}, Seed: seed})
		tok := login(t, m)
		counts, seq := map[string]int{}, ""
		for i := 0; i < 4000; i++ {
			var res struct{ Record record }
			call(t, m, "POST", drawPath, `{"campaign_id":"w"}`, tok).into(t, &res)
			counts[res.Record.PrizeID]++
			if i < 50 {
				seq += res.Record.PrizeID
			}
		}
		return seq, counts
	}
	s1, counts := sequence(1)
	s2, _ := sequence(1)
	s3, _ := sequence(2)
	if s1 != s2 || s1 == s3 {
		t.Fatal("draws not determined by the seed")
	}
	if counts["z"] != 0 || counts["a"] < 850 || counts["a"] > 1150 || counts["a"]+counts["b"] != 4000 {
		t.Fatalf("counts %v, want about 1000 a and 3000 b", counts)
	}
}

func TestPick(t *testing.T) {
	if _, ok := pick(prizes("a", "A", 0), func(int) int { return 0 }); ok {
		t.Fatal("picked a zero-weight prize")
	}
	if _, ok := pick(nil, func(int) int { return 0 }); ok {
		t.Fatal("picked from nothing")
	}
	ps := prizes("a", "A", 2, "b", "B", 1)
	for n, want := range []string{"a", "a", "b"} {
		if p, _ := pick(ps, func(int) int { return n }); p.ID != want {
			t.Fatalf("%d: %s", n, p.ID)
		}
	}
}
