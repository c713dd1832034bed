package function

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/promohq/promo/internal/contract"
)

// The codes of seed §8 the function answers with itself, under the names the
// handlers use; the values are internal/contract's.
const (
	codeNetwork     = contract.CodeNetworkError // upstream unreachable or timed out
	codeSystem      = contract.CodeSystemError  // not found, method not allowed, internal error
	codeParam       = contract.CodeParamError   // malformed request
	codeTooFrequent = contract.CodeTooFrequent  // rate limited
	codeAuthFailed  = contract.CodeAuthFailed   // the upstream refused the token
)

// envelope is the response shape of seed §3.
type envelope struct {
	RetCode int    `json:"ret_code"`
	RetMsg  string `json:"ret_msg"`
	Result  any    `json:"result"`
}

// internalError is the answer when an answer cannot be encoded.
var internalError, _ = json.Marshal(envelope{RetCode: codeSystem, RetMsg: "internal error"})

// writeJSON writes an answer the function produced itself.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, internalError
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

// parseReply checks that b is one JSON object and reads its code (ret_code, or
// retCode of the new activity family). ok is false for anything that is not an
// envelope.
func parseReply(b []byte) (code int64, hasCode, ok bool) {
	if !json.Valid(b) {
		return 0, false, false
	}
	var retCode, retCode2 []byte
	isObject := members(b, func(k, v []byte) {
		switch string(k) {
		case "ret_code":
			retCode = v
		case "retCode":
			retCode2 = v
		}
	})
	if !isObject {
		return 0, false, false
	}
	raw := retCode
	if len(raw) == 0 || string(raw) == "null" {
		raw = retCode2
	}
	code, hasCode = parseCode(raw)
	return code, hasCode, true
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
