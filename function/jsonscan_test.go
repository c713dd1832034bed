package function

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func TestParseReply(t *testing.T) {
	cases := []struct {
		body    string
		ok      bool
		code    int64
		hasCode bool
	}{
		{`{"ret_code":0,"ret_msg":"OK","result":{}}`, true, 0, true},
		{` {"retCode": 3570011, "retMsg":"x"} `, true, 3570011, true},
		{`{"ret_code":"10007"}`, true, 10007, true},
		{`{"ret_code":-1}`, true, -1, true},
		{`{"ret_code":null,"retCode":5}`, true, 5, true},
		{`{"result":[{"ret_code":1}]}`, true, 0, false},
		{`{"ret_code":1.5}`, true, 0, false},
		{`{}`, true, 0, false},
		{`[]`, false, 0, false},
		{`"x"`, false, 0, false},
		{`{"ret_code":0`, false, 0, false},
		{`{"ret_code":0}{}`, false, 0, false},
		{``, false, 0, false},
	}
	for _, c := range cases {
		code, has, ok := parseReply([]byte(c.body))
		if ok != c.ok || code != c.code || has != c.hasCode {
			t.Errorf("%s: ok=%v code=%d has=%v", c.body, ok, code, has)
		}
	}
}

// TestTokensNeverReachThePage: whatever route, a token-named member of an
// answer is removed at any depth and under any spelling, escaped ones included;
// answers without one pass byte for byte.
func TestTokensNeverReachThePage(t *testing.T) {
	bodies := []string{
		`{"ret_code":0,"result":{"id":1},"token":"SECRET"}`,
		`{"ret_code":0,"result":{"id":1,"userToken":"SECRET"}}`,
		`{"ret_code":0,"result":{"id":1,"\u0074oken":"SECRET"}}`,
		`{"ret_code":0,"result":null,"\u0075serToken":"SECRET"}`,
		`{"ret_code":0,"token":"a","token":"SECRET"}`,
		// Any depth, arrays, and the other spellings upstreams use.
		`{"ret_code":0,"result":{"user":{"token":"SECRET","name":"a"}}}`,
		`{"ret_code":0,"result":{"list":[{"id":1},{"id":2,"token":"SECRET"}]}}`,
		`{"ret_code":0,"result":{"access_token":"SECRET","refresh_token":"SECRET"}}`,
		`{"ret_code":0,"result":{"accessToken":"SECRET","Token":"SECRET","ID_TOKEN":"SECRET"}}`,
		`{"ret_code":0,"result":[[{"session-token":"SECRET"}]],"AuthToken":"SECRET"}`,
	}
	for _, b := range bodies {
		u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, b) })
		h := newTestHandler(t, u, Config{})
		w := serve(h, req{method: "GET", target: "/api/v2/private/user/profile"})
		if w.Code != 200 || strings.Contains(w.Body.String(), "SECRET") {
			t.Errorf("%s → %d %s", b, w.Code, w.Body)
		}
		var m map[string]any
		if json.Unmarshal(w.Body.Bytes(), &m) != nil || m["ret_code"] != 0.0 {
			t.Errorf("%s → %s", b, w.Body)
		}
	}
	plain := `{"ret_code":0,"ret_msg":"OK","result":{"id":1,"name":"tokens \"token\" here"},"z":[1,{"a":"}"}]}`
	u := newUpstream(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, plain) })
	h := newTestHandler(t, u, Config{})
	if w := serve(h, req{method: "GET", target: "/api/v2/private/user/profile"}); w.Body.String() != plain {
		t.Fatalf("changed: %s", w.Body)
	}
}

// FuzzMembers: the member reader agrees with encoding/json on every valid
// object: same keys (decoded), same values.
func FuzzMembers(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1,"b":[1,{"c":"}"}],"d":"x\"y","e":null}`, `{"\u0074oken":"x"}`, ` { "a" : { } , "b" : [ ] } `, `{"a":"\\"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		if !json.Valid(b) {
			return
		}
		var want map[string]json.RawMessage
		isObject := json.Unmarshal(b, &want) == nil && strings.HasPrefix(strings.TrimLeft(s, " \t\r\n"), "{")
		got := map[string]string{}
		ok := members(b, func(k, v []byte) { got[string(k)] = string(v) })
		if ok != isObject {
			t.Fatalf("%q: members ok=%v, object=%v", s, ok, isObject)
		}
		if !ok {
			return
		}
		if len(got) != len(want) {
			t.Fatalf("%q: keys %v vs %v", s, got, want)
		}
		for k, v := range want {
			if got[k] != string(v) {
				t.Fatalf("%q: %s = %q, want %q", s, k, got[k], v)
			}
		}
	})
}
