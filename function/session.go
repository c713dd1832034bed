package function

import (
	"encoding/json"
	"net/http"
)

// takeToken turns a login or register answer's token into the cookie (the
// body was already scrubbed of it, so page scripts never hold it, DESIGN §4).
// A token is kept only from a successful answer (seed §6: stored only when an
// auth check allows it). It reports whether the caller should still write up.
func (h *Handler) takeToken(w http.ResponseWriter, r *http.Request, c *call, up *reply, token string) bool {
	if up.status != http.StatusOK || !up.hasCode || up.code != 0 {
		return true
	}
	if !validToken(token) {
		// A success without a usable session would leave the page believing
		// it is logged in while every later call is anonymous.
		h.upstreamFailed(w, r, c, errMalformed)
		return false
	}
	h.setSession(w, r, token)
	return true
}

// tokenFields are the names under which an answer may carry a session token.
var tokenFields = []string{"token", "userToken"}

// scrubTokens removes every session token from an upstream answer, at the
// envelope's top level and in its result object, whatever the route: a token
// must never be readable by page scripts (DESIGN §4). It returns the token
// it found (top level first), for login and register. Answers without one
// are left byte for byte as they came.
func scrubTokens(up *reply) (string, error) {
	res := up.parsed.Result
	nested := len(res) > 0 && res[0] == '{' && hasTokenField(res)
	if len(up.parsed.Token) == 0 && len(up.parsed.UserToken) == 0 && !nested {
		return "", nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(up.body, &m); err != nil {
		return "", err
	}
	token := ""
	json.Unmarshal(m["token"], &token)
	for _, f := range tokenFields {
		delete(m, f)
	}
	if nested {
		var inner map[string]json.RawMessage
		if err := json.Unmarshal(res, &inner); err != nil {
			return "", err
		}
		if token == "" {
			json.Unmarshal(inner["token"], &token)
		}
		for _, f := range tokenFields {
			delete(inner, f)
		}
		nb, err := json.Marshal(inner)
		if err != nil {
			return "", err
		}
		m["result"] = nb
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	up.body = b
	return token, nil
}

// serveSession is the in-app bridge (seed §4): the app hands the page its
// userToken, and the function sets the cookie only once the upstream profile
// call accepts that token, so a page script cannot plant an arbitrary one.
func (h *Handler) serveSession(w http.ResponseWriter, r *http.Request, rt *route, c *call) {
	b, e := readBody(w, r, h.cfg.Limits.MaxBody, false)
	if e == nil {
		e = checkBody(rt.body, b)
	}
	if e != nil {
		refuse(w, c, e)
		return
	}
	var in struct {
		UserToken string `json:"userToken"`
	}
	json.Unmarshal(b, &in)
	id := h.identify(r)
	if ok, retry, why := h.checkLimits(rt, &id); !ok {
		tooFrequent(w, c, why, retry)
		return
	}
	id.token = in.UserToken
	profile := &route{name: rt.name, method: http.MethodGet, path: profilePath}
	up, err := h.forward(r.Context(), http.MethodGet, profilePath, "", nil, upstreamHeader(profile, id, "", false), c)
	if err != nil {
		h.upstreamFailed(w, r, c, err)
		return
	}
	if _, err := scrubTokens(up); err != nil {
		h.upstreamFailed(w, r, c, errMalformed)
		return
	}
	if up.status == http.StatusOK && up.hasCode && up.code == 0 {
		h.setSession(w, r, in.UserToken)
	} else {
		c.err = "token refused by upstream"
	}
	writeBody(w, up.status, up.body)
}
