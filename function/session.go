package function

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
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

// isTokenName tells a member that holds a session token, under any of the
// spellings upstreams use (token, userToken, Token, access_token, accessToken,
// refresh_token, id_token, session_token, auth_token …): compared without case,
// "_" and "-".
func isTokenName(k string) bool {
	switch strings.ToLower(tokenNameSeparators.Replace(k)) {
	case "token", "usertoken", "accesstoken", "refreshtoken", "idtoken", "sessiontoken", "authtoken":
		return true
	}
	return false
}

var tokenNameSeparators = strings.NewReplacer("_", "", "-", "")

// scrubTokens removes every session token from an upstream answer, at any depth
// (in objects within arrays too) and under every spelling, whatever the route: a
// token must never be readable by page scripts (DESIGN §4). It returns the session
// token it found, the envelope's own "token" first, then its result's, for login
// and register. Answers that name no token are left byte for byte as they came.
func scrubTokens(up *reply) (string, error) {
	// Only a body naming a token, plainly or through an escape, is decoded.
	if !bytes.Contains(bytes.ToLower(up.body), []byte("token")) && !bytes.Contains(up.body, []byte(`\u`)) {
		return "", nil
	}
	dec := json.NewDecoder(bytes.NewReader(up.body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	token := ""
	if m, ok := v.(map[string]any); ok {
		token, _ = m["token"].(string)
		if res, ok := m["result"].(map[string]any); ok && token == "" {
			token, _ = res["token"].(string)
		}
	}
	if !dropTokens(v) {
		return token, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	up.body = b
	return token, nil
}

// dropTokens deletes the token members of v at every depth and reports whether it
// deleted any.
func dropTokens(v any) bool {
	dropped := false
	switch t := v.(type) {
	case map[string]any:
		for k, inner := range t {
			if isTokenName(k) {
				delete(t, k)
				dropped = true
			} else if dropTokens(inner) {
				dropped = true
			}
		}
	case []any:
		for _, inner := range t {
			if dropTokens(inner) {
				dropped = true
			}
		}
	}
	return dropped
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
	if ok, retry, why, _ := h.checkLimits(rt, &id); !ok { // the account class: fails open
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
