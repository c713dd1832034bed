package mock

import (
	"strings"
	"testing"
	"time"

	"github.com/promohq/promo/internal/contract"
)

func TestLoginCodes(t *testing.T) {
	m, _ := newTestMock()
	cases := []struct {
		body string
		code int
	}{
		{`{"email":"demo@example.com","password":"Demo1234!"}`, 0},
		{`{"email":" DEMO@Example.com ","password":"Demo1234!"}`, 0},
		{`{"email":"demo@example.com","password":"demo1234!"}`, contract.CodeParamError},
		{`{"email":"nobody@example.com","password":"Demo1234!"}`, 2007},
		{`{"email":"not-an-email","password":"x"}`, 2004},
		{`{"email":"a@b","password":"x"}`, 2004},
		{`{"mobile":"12ab","password":"x"}`, contract.CodeParamError},
		{`{"mobile":"+441234567","password":"x"}`, 2007},
		{`{"password":"x"}`, contract.CodeParamError},
		{`not json`, contract.CodeParamError},
	}
	for _, c := range cases {
		a := call(t, m, "POST", "/user/public/login", c.body, "")
		if a.code != c.code || a.status != 200 {
			t.Errorf("%s: %d %s", c.body, a.status, a.raw)
		}
		if (a.code == 0) != (a.token != "") {
			t.Errorf("%s: token %q with code %d", c.body, a.token, a.code)
		}
	}
	t1, t2 := login(t, m), login(t, m)
	if t1 == t2 {
		t.Fatal("tokens repeat")
	}
}

func TestRegisterAndVerificationCode(t *testing.T) {
	m, clk := newTestMock()
	vc := func(body string) int { return call(t, m, "POST", "/user/public/verification-code", body, "").code }
	if c := vc(`{"email":"new@example.com"}`); c != 0 {
		t.Fatal(c)
	}
	if c := vc(`{"email":"new@example.com"}`); c != 2002 {
		t.Fatalf("second code within a minute: %d", c)
	}
	clk.Set(t0.Add(61 * time.Second))
	if c := vc(`{"email":"new@example.com"}`); c != 0 {
		t.Fatalf("after a minute: %d", c)
	}
	if c := vc(`{"email":"demo@example.com"}`); c != 2005 {
		t.Fatal(c)
	}
	if c := vc(`{"email":"bad"}`); c != 2004 {
		t.Fatal(c)
	}
	reg := func(body string) answer { return call(t, m, "POST", "/user/public/register", body, "") }
	for body, want := range map[string]int{
		`{"email":"demo@example.com","password":"Passw0rd!","verification_code":"123456"}`: 2005,
		`{"email":"x@","password":"Passw0rd!","verification_code":"123456"}`:               2004,
		`{"email":"new@example.com","password":"Passw0rd!","verification_code":"654321"}`:  2009,
		`{"email":"new@example.com","password":"short","verification_code":"123456"}`:      contract.CodeParamError,
	} {
		if a := reg(body); a.code != want || a.token != "" {
			t.Errorf("%s: %s", body, a.raw)
		}
	}
	a := reg(`{"email":"New@Example.com","password":"Passw0rd!","verification_code":"123456","referral_code":"REF1"}`)
	var res struct{ ID int64 }
	a.into(t, &res)
	if a.code != 0 || a.token == "" || res.ID != SeedUID+1 {
		t.Fatalf("register: %s", a.raw)
	}
	p := call(t, m, "GET", "/v2/private/user/profile", "", a.token)
	if p.code != 0 || !strings.Contains(string(p.result), `"vague_email":"ne***@example.com"`) {
		t.Fatalf("profile: %s", p.raw)
	}
	if l := call(t, m, "POST", "/user/public/login", `{"email":"new@example.com","password":"Passw0rd!"}`, ""); l.code != 0 {
		t.Fatalf("login as the new account: %s", l.raw)
	}
	if r := reg(`{"mobile":"+4412345678","password":"Passw0rd!","verification_code":"123456"}`); r.code != 0 {
		t.Fatalf("mobile registration: %s", r.raw)
	}
}

func TestProfileLogoutInvitation(t *testing.T) {
	m, _ := newTestMock()
	if a := call(t, m, "GET", "/v2/private/user/profile", "", ""); a.code != 10007 {
		t.Fatal(a.raw)
	}
	tok := login(t, m)
	a := call(t, m, "GET", "/v2/private/user/profile", "", tok, "Lang", "ja-JP")
	var p map[string]any
	a.into(t, &p)
	if p["id"] != float64(SeedUID) || p["vague_email"] != "de***@example.com" || p["lang"] != "ja-JP" || p["email_verified"] != true {
		t.Fatalf("%s", a.raw)
	}
	inv := call(t, m, "GET", "/segw/sact/activity/invitation-code", "", tok)
	inv2 := call(t, m, "GET", "/segw/sact/activity/invitation-code", "", login(t, m))
	if inv.code != 0 || !strings.Contains(string(inv.result), "invitation_code") || string(inv.result) != string(inv2.result) {
		t.Fatalf("%s / %s", inv.raw, inv2.raw)
	}
	if a := call(t, m, "GET", "/segw/sact/activity/invitation-code", "", "nope"); a.code != 10007 {
		t.Fatal(a.raw)
	}
	if a := call(t, m, "POST", "/user/logout", "", tok); a.code != 0 {
		t.Fatal(a.raw)
	}
	if a := call(t, m, "GET", "/v2/private/user/profile", "", tok); a.code != 10007 {
		t.Fatalf("token survived logout: %s", a.raw)
	}
	if a := call(t, m, "POST", "/user/logout", "", tok); a.code != 10007 {
		t.Fatal(a.raw)
	}
}
