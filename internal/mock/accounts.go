package mock

import (
	"crypto/rand"
	"encoding/base64"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/promohq/promo/internal/contract"
)

// Account calls of DESIGN §4, answered as DESIGN §5 says.

var (
	emailRE  = regexp.MustCompile(`^[^@\s]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$`)
	mobileRE = regexp.MustCompile(`^\+?[0-9]{6,15}$`)
)

// codeInterval is how soon a new verification code may be asked for.
const codeInterval = time.Minute

type credentials struct {
	Email            string `json:"email"`
	Mobile           string `json:"mobile"`
	Password         string `json:"password"`
	VerificationCode string `json:"verification_code"`
	ReferralCode     string `json:"referral_code"`
}

// address checks the email or mobile of an account call and returns the
// normalised key, or the error answer.
func (c *credentials) address() (string, int, string) {
	if e := strings.ToLower(strings.TrimSpace(c.Email)); e != "" {
		if len(e) > 254 || !emailRE.MatchString(e) {
			return "", contract.CodeWrongEmail, "wrong email address"
		}
		c.Email = e
		return e, 0, ""
	}
	if p := strings.TrimSpace(c.Mobile); p != "" {
		if !mobileRE.MatchString(p) {
			return "", contract.CodeParamError, "param error: mobile number"
		}
		c.Mobile = p
		return p, 0, ""
	}
	return "", contract.CodeParamError, "param error: email or mobile is required"
}

// credentials decodes the body of an account call and checks its email or mobile; a
// non-zero status is the failure to answer with.
func (r *request) credentials() (credentials, string, int, any) {
	var c credentials
	if !r.decode(&c) {
		status, reply := fail(famOld, contract.CodeParamError, "param error")
		return c, "", status, reply
	}
	addr, code, msg := c.address()
	if code != 0 {
		status, reply := fail(famOld, code, msg)
		return c, "", status, reply
	}
	return c, addr, 0, nil
}

func (m *Mock) login(r *request) (int, any) {
	c, addr, status, reply := r.credentials()
	if status != 0 {
		return status, reply
	}
	a := m.st.accounts[addr]
	if a == nil {
		return fail(famOld, contract.CodeUserNotExist, "user not exist")
	}
	if c.Password != a.password {
		return fail(famOld, contract.CodeParamError, "incorrect password")
	}
	return m.session(a)
}

func (m *Mock) register(r *request) (int, any) {
	c, addr, status, reply := r.credentials()
	if status != 0 {
		return status, reply
	}
	if m.st.accounts[addr] != nil {
		return fail(famOld, contract.CodeRegisteredEmail, "registered email")
	}
	if strings.TrimSpace(c.VerificationCode) != VerificationCode {
		return fail(famOld, contract.CodeFailedVerificationCode, "failed verification code")
	}
	if len(c.Password) < 8 {
		return fail(famOld, contract.CodeParamError, "param error: password needs at least 8 characters")
	}
	a := &account{Email: c.Email, Mobile: c.Mobile, password: c.Password, Referral: c.ReferralCode}
	if c.Email != "" {
		a.Mobile = ""
	}
	m.st.addAccount(a)
	return m.session(a)
}

// session opens a session: the answer carries the opaque token that the
// function turns into the HttpOnly cookie.
func (m *Mock) session(a *account) (int, any) {
	var b [24]byte
	rand.Read(b[:])
	token := base64.RawURLEncoding.EncodeToString(b[:])
	m.st.sessions[token] = a.UID
	return 200, oldEnvelope{RetCode: contract.CodeOK, RetMsg: "OK", Result: map[string]any{"id": a.UID}, Token: token}
}

func (m *Mock) verificationCode(r *request) (int, any) {
	_, addr, status, reply := r.credentials()
	if status != 0 {
		return status, reply
	}
	if m.st.accounts[addr] != nil {
		return fail(famOld, contract.CodeRegisteredEmail, "registered email")
	}
	if last, sent := m.st.codesSent[addr]; sent && r.now.Sub(last) < codeInterval {
		return fail(famOld, contract.CodeTooFrequent, "too frequent")
	}
	m.st.codesSent[addr] = r.now
	return ok(famOld, map[string]any{"expires_in": 300})
}

func (m *Mock) logout(r *request) (int, any) {
	if r.uid == 0 {
		return fail(famOld, contract.CodeAuthFailed, "user authentication failed")
	}
	delete(m.st.sessions, r.token)
	return ok(famOld, nil)
}

// profile answers the web profile call (seed §3: result.id, and the in-app
// profile's fields under their mapped names).
func (m *Mock) profile(r *request) (int, any) {
	a := m.st.byUID[r.uid]
	if a == nil {
		return fail(famOld, contract.CodeAuthFailed, "user authentication failed")
	}
	return ok(famOld, map[string]any{
		"id":              a.UID,
		"username":        "user" + strconv.FormatInt(a.UID, 10),
		"vague_email":     vague(a.Email),
		"vague_mobile":    vague(a.Mobile),
		"email_verified":  a.Email != "",
		"mobile_verified": a.Mobile != "",
		"has_google2fa":   false,
		"country_code":    "",
		"lang":            r.http.Header.Get("Lang"),
		"status":          1,
	})
}

// invitationCode is the user's own referral code, stable for the account.
func (m *Mock) invitationCode(r *request) (int, any) {
	if m.st.byUID[r.uid] == nil {
		return fail(famOld, contract.CodeAuthFailed, "user authentication failed")
	}
	code := strings.ToUpper(strconv.FormatInt(r.uid*7919+int64(uint16(m.seed)), 36))
	return ok(famOld, map[string]any{"invitation_code": code})
}

// vague masks an address the way the exchange shows it: de***@example.com.
func vague(s string) string {
	if s == "" {
		return ""
	}
	if at := strings.IndexByte(s, '@'); at >= 0 {
		return s[:min(2, at)] + "***" + s[at:]
	}
	if len(s) <= 4 {
		return "****"
	}
	return s[:2] + "****" + s[len(s)-2:]
}
