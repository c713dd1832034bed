package function

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/promohq/promo/internal/contract"
)

// reqError is a refusal of a malformed request, answered before the upstream.
type reqError struct {
	status int
	code   int
	msg    string
}

func (e *reqError) Error() string { return e.msg }

func badRequest(msg string) *reqError {
	return &reqError{http.StatusBadRequest, codeParam, msg}
}

var emptyObject = []byte("{}")

// readBody returns the JSON object body of a POST in its canonical encoding
// (canonical.go), or {} when it is empty. It
// refuses a body over the limit (413), one that is not declared as JSON (415:
// it also means a cross-site HTML form can never drive these calls) and one
// that is not a JSON object (400).
func readBody(w http.ResponseWriter, r *http.Request, limit int64, lenientType bool) ([]byte, *reqError) {
	if r.ContentLength > limit {
		return nil, &reqError{http.StatusRequestEntityTooLarge, codeParam, "request body too large"}
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, &reqError{http.StatusRequestEntityTooLarge, codeParam, "request body too large"}
		}
		return nil, badRequest("request body could not be read")
	}
	empty := len(bytes.TrimSpace(b)) == 0
	// An empty body may come without a type (a fetch with no body); any other type
	// than JSON is a form's, which no page of ours sends (an empty form post would
	// otherwise log the visitor out).
	if ct := r.Header.Get("Content-Type"); !(lenientType || empty) || ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !(lenientType && mt == "text/plain")) {
			return nil, &reqError{http.StatusUnsupportedMediaType, codeParam, "request body must be application/json"}
		}
	}
	if empty {
		return emptyObject, nil
	}
	if t := bytes.TrimSpace(b); t[0] != '{' || !json.Valid(t) {
		return nil, badRequest("request body must be a JSON object")
	}
	c, err := canonicalJSON(b)
	if err != nil {
		return nil, badRequest("request body: " + err.Error())
	}
	return c, nil
}

// Field limits: ids, codes and credentials are short strings.
const (
	maxIDLen    = 128
	maxFieldLen = 256
)

// checkBody verifies the fields a route needs (seed §5: an empty campaign id
// is refused here, not upstream). Extra fields are passed on unchanged.
func checkBody(rule bodyRule, b []byte) *reqError {
	if rule == bodyNone || rule == bodyObject {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return badRequest("request body must be a JSON object")
	}
	switch rule {
	case bodyInfoNew:
		return firstErr(needString(m, "campaignId", maxIDLen), optString(m, "referralCode", maxIDLen))
	case bodyInfoOld:
		return firstErr(needString(m, "campaign_id", maxIDLen), optString(m, "referral_code", maxIDLen))
	case bodyDraw:
		return needString(m, "campaign_id", maxIDLen)
	case bodyDrawList:
		return firstErr(needString(m, "campaign_id", maxIDLen), optInt(m, "order", contract.DrawOrderAsc, contract.DrawOrderDesc),
			optInt(m, "page", 1, 1_000_000), optInt(m, "page_size", 1, 100))
	case bodyLogin:
		return firstErr(needAddress(m), needString(m, "password", maxFieldLen))
	case bodyRegister:
		return firstErr(needAddress(m), needString(m, "password", maxFieldLen),
			needString(m, "verification_code", 16), optString(m, "referral_code", maxIDLen))
	case bodyVerifyCode:
		return needAddress(m)
	case bodySession:
		var tok string
		if json.Unmarshal(m["userToken"], &tok) != nil || !validToken(tok) {
			return badRequest("userToken is required")
		}
	}
	return nil
}

func firstErr(errs ...*reqError) *reqError {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func stringField(m map[string]json.RawMessage, k string) (string, bool) {
	raw, ok := m[k]
	if !ok {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

func needString(m map[string]json.RawMessage, k string, max int) *reqError {
	s, ok := stringField(m, k)
	if !ok || strings.TrimSpace(s) == "" {
		return badRequest(k + " is required (a non-empty string)")
	}
	if len(s) > max {
		return badRequest(k + " is too long")
	}
	return nil
}

func optString(m map[string]json.RawMessage, k string, max int) *reqError {
	raw, ok := m[k]
	if !ok || string(raw) == "null" {
		return nil
	}
	s, ok := stringField(m, k)
	if !ok || len(s) > max {
		return badRequest(k + " must be a short string")
	}
	return nil
}

func optInt(m map[string]json.RawMessage, k string, min, max int64) *reqError {
	raw, ok := m[k]
	if !ok || string(raw) == "null" {
		return nil
	}
	var n int64
	if json.Unmarshal(raw, &n) != nil || n < min || n > max {
		return badRequest(k + " is out of range")
	}
	return nil
}

// needAddress: account calls name the account by email or by mobile number.
func needAddress(m map[string]json.RawMessage) *reqError {
	if needString(m, "email", maxFieldLen) == nil || needString(m, "mobile", 32) == nil {
		return nil
	}
	return badRequest("email or mobile is required")
}

// forwardQuery keeps only the route's parameters, each at most once, sorted,
// so the upstream sees one canonical form and nothing else rides along.
func forwardQuery(rt *route, r *http.Request) (string, *reqError) {
	if len(rt.query) == 0 {
		return "", nil
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return "", badRequest("malformed query string")
	}
	var out url.Values
	for _, k := range rt.query {
		vs := q[k]
		if len(vs) == 0 {
			continue
		}
		if len(vs) > 1 || !queryValue(vs[0]) {
			return "", badRequest("query parameter " + k + " is malformed")
		}
		if out == nil {
			out = url.Values{}
		}
		out[k] = vs
	}
	return out.Encode(), nil
}

// queryValue accepts symbols (lists too), numbers and resolutions.
func queryValue(s string) bool {
	if s == "" || len(s) > 256 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(isAlnum(c) || c == ',' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}
