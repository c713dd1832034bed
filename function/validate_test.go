package function

import (
	"net/http"
	"strings"
	"testing"
)

// TestBodyValidation: malformed bodies are refused here with an envelope and
// never reach the upstream (seed §5: an empty campaign id is not sent).
func TestBodyValidation(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	cases := []struct {
		path, body, ctype string
		status            int
	}{
		{"/segw/sact/activity/enroll", `{"campaign_id":""}`, "", 400},
		{"/segw/sact/activity/enroll", `{"campaign_id":"   "}`, "", 400},
		{"/segw/sact/activity/enroll", `{"campaign_id":123}`, "", 400},
		{"/segw/sact/activity/enroll", `{"campaignId":"c1"}`, "", 400},
		{"/segw/sact/activity/enroll", `{"campaign_id":"c1","referral_code":5}`, "", 400},
		{"/segw/sact/activity/enroll", ``, "", 400},
		{"/fht/growth/activity-api/v1/enroll", `{"campaign_id":"c1"}`, "", 400},
		{"/fht/growth/activity-api/v1/enroll", `{"campaignId":null}`, "", 400},
		{"/fht/growth/activity-api/v1/info", `{"campaignId":"` + strings.Repeat("x", 200) + `"}`, "", 400},
		{"/segw/sact/activity/info", `["c1"]`, "", 400},
		{"/segw/sact/activity/info", `{"campaign_id":"c1"`, "", 400},
		{"/segw/sact/activity/info", `campaign_id=c1`, "application/x-www-form-urlencoded", 415},
		{"/segw/sact/activity/info", `{"campaign_id":"c1"}`, "text/plain", 415},
		{"/segw/sact/activity/info", `{"campaign_id":"c1"}`, "-", 415},
		{"/segw/sact/activity/info", `{"campaign_id":"c1","pad":"` + strings.Repeat("x", 70<<10) + `"}`, "", 413},
		{"/segw/prizedraw/v1/prize_draw/item/draw", `{}`, "", 400},
		{"/segw/prizedraw/v1/prize_draw/activity", `{"campaign_id":""}`, "", 400},
		{"/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"c1","order":3}`, "", 400},
		{"/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"c1","page_size":1000}`, "", 400},
		{"/segw/prizedraw/v1/prize_draw/draw_record/list", `{"campaign_id":"c1","page":0}`, "", 400},
		{"/user/public/login", `{"email":"a@example.com"}`, "", 400},
		{"/user/public/login", `{"password":"x"}`, "", 400},
		{"/user/public/register", `{"email":"a@example.com","password":"x"}`, "", 400},
		{"/user/public/verification-code", `{"email":""}`, "", 400},
		{"/segw/sact/activity/list", `"x"`, "", 400},
	}
	for _, c := range cases {
		q := req{method: "POST", target: "/api" + c.path, body: c.body, header: map[string]string{}}
		switch c.ctype {
		case "":
		case "-":
			q.header["Content-Type"] = ""
		default:
			q.header["Content-Type"] = c.ctype
		}
		w := serve(h, q)
		if w.Code != c.status {
			t.Errorf("%s %.60s: status %d, want %d (%s)", c.path, c.body, w.Code, c.status, w.Body)
			continue
		}
		wantError(t, w, c.status, codeParam)
	}
	if n := u.count(); n != 0 {
		t.Fatalf("%d malformed requests reached the upstream", n)
	}
	// Accepted variants: charset parameter, extra fields, mobile instead of email.
	for _, q := range []req{
		{method: "POST", target: "/api/segw/sact/activity/info", body: `{"campaign_id":"c1","x":{"y":1}}`,
			header: map[string]string{"Content-Type": "application/json; charset=UTF-8"}},
		{method: "POST", target: "/api/user/public/verification-code", body: `{"mobile":"+4412345678"}`},
		{method: "POST", target: "/api/segw/sact/activity/list"},
	} {
		if w := serve(h, q); w.Code != 200 {
			t.Errorf("%s %s: %d %s", q.target, q.body, w.Code, w.Body)
		}
	}
	if got := u.requests(); len(got) != 3 || got[2].Body != "{}" {
		t.Fatalf("an empty POST body is forwarded as {}: %+v", got)
	}
}

func TestIdempotencyKeyFormat(t *testing.T) {
	u := newUpstream(t, nil)
	h := newTestHandler(t, u, Config{})
	w := serve(h, req{method: "POST", target: "/api/segw/sact/activity/enroll", body: `{"campaign_id":"c1"}`,
		header: map[string]string{"Idempotency-Key": "bad key\twith space"}, cookies: map[string]string{"b_t_c_k_test": testToken}})
	wantError(t, w, http.StatusBadRequest, codeParam)
	// On a route without idempotency the header is ignored, not forwarded.
	serve(h, req{method: "POST", target: "/api/segw/sact/activity/info", body: `{"campaign_id":"c1"}`,
		header: map[string]string{"Idempotency-Key": "k1"}})
	if got := u.requests(); len(got) != 1 || got[0].Header.Get("Idempotency-Key") != "" {
		t.Fatalf("%+v", got)
	}
}
