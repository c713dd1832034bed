package function

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
)

// Error codes of seed §8 that the function itself answers with.
const (
	codeNetwork     = -1    // upstream unreachable or timed out
	codeSystem      = 10000 // not found, method not allowed, internal error
	codeParam       = 20001 // malformed request
	codeTooFrequent = 2002  // rate limited
	codeAuthFailed  = 10007 // the upstream refused the token
)

// envelope is the response shape of seed §3.
type envelope struct {
	RetCode int    `json:"ret_code"`
	RetMsg  string `json:"ret_msg"`
	Result  any    `json:"result"`
}

// writeJSON writes an answer the function produced itself.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"ret_code":10000,"ret_msg":"internal error","result":null}`)
	}
	writeBody(w, status, b)
}

// writeError answers with an error envelope and result null.
func writeError(w http.ResponseWriter, status, code int, msg string) {
	writeJSON(w, status, envelope{RetCode: code, RetMsg: msg})
}

// writeBody sends a JSON body. Everything the function answers is JSON with
// nosniff, even what it relays, so an upstream can never serve a page or a
// script from the site's origin.
func writeBody(w http.ResponseWriter, status int, b []byte) {
	hd := w.Header()
	hd["Content-Type"] = []string{"application/json; charset=utf-8"}
	hd["X-Content-Type-Options"] = []string{"nosniff"}
	hd["Content-Length"] = []string{strconv.Itoa(len(b))}
	if hd.Get("Cache-Control") == "" {
		hd["Cache-Control"] = []string{cacheNone}
	}
	w.WriteHeader(status)
	w.Write(b)
}

// upstreamReply is what the function needs to know of an upstream envelope:
// raw values of the top-level members it reads, nil when absent.
type upstreamReply struct {
	RetCode   []byte // ret_code
	RetCode2  []byte // retCode (new activity family)
	Token     []byte
	UserToken []byte
	Result    []byte
}

// parseReply checks that b is one JSON object and reads its code. ok is false
// for anything that is not an envelope.
func parseReply(b []byte) (rep upstreamReply, code int64, hasCode, ok bool) {
	if !json.Valid(b) {
		return rep, 0, false, false
	}
	isObject := members(b, func(k, v []byte) {
		switch string(k) {
		case "ret_code":
			rep.RetCode = v
		case "retCode":
			rep.RetCode2 = v
		case "token":
			rep.Token = v
		case "userToken":
			rep.UserToken = v
		case "result":
			rep.Result = v
		}
	})
	if !isObject {
		return rep, 0, false, false
	}
	raw := rep.RetCode
	if len(raw) == 0 || string(raw) == "null" {
		raw = rep.RetCode2
	}
	code, hasCode = parseCode(raw)
	return rep, code, hasCode, true
}

// parseCode reads an integer code, also when sent as a string ("0").
func parseCode(raw []byte) (int64, bool) {
	raw = bytes.Trim(raw, `"`)
	neg := len(raw) > 0 && raw[0] == '-'
	if neg {
		raw = raw[1:]
	}
	if len(raw) == 0 || len(raw) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range raw {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}
