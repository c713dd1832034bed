package mock

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/promohq/promo/internal/contract"
)

// family is the envelope style of a path: the new activity API answers with
// retCode/retMsg, everything else with ret_code/ret_msg (seed §3, §7).
type family uint8

const (
	famOld family = iota
	famNew
	famAny // prize draws serve campaigns of either family
)

func (f family) name() string {
	switch f {
	case famNew:
		return "new"
	case famOld:
		return "old"
	}
	return ""
}

// oldEnvelope and newEnvelope are the two shapes of seed §3.
type oldEnvelope struct {
	RetCode int    `json:"ret_code"`
	RetMsg  string `json:"ret_msg"`
	Result  any    `json:"result"`
	Token   string `json:"token,omitempty"`
}

type newEnvelope struct {
	RetCode int    `json:"retCode"`
	RetMsg  string `json:"retMsg"`
	Result  any    `json:"result"`
}

func env(f family, code int, msg string, result any) any {
	if f == famNew {
		return newEnvelope{code, msg, result}
	}
	return oldEnvelope{RetCode: code, RetMsg: msg, Result: result}
}

// ok and fail build answers; business errors travel with HTTP 200 as on the
// exchange, and the page reads ret_code.
func ok(f family, result any) (int, any) { return http.StatusOK, env(f, contract.CodeOK, "OK", result) }

func fail(f family, code int, msg string) (int, any) {
	return http.StatusOK, env(f, code, msg, nil)
}

func writeEnvelope(w http.ResponseWriter, f family, status, code int, msg string, result any) {
	writeJSON(w, status, env(f, code, msg, result))
}

// internalError is the answer when an answer cannot be encoded.
var internalError, _ = json.Marshal(oldEnvelope{RetCode: contract.CodeSystemError, RetMsg: "internal error"})

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, internalError
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}
