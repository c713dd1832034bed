package contract

import "slices"

// Error codes: the ret_code (or retCode) of an envelope (seed §3, §8); 0 is
// success. Each is named once, here; every other place uses the name.
const (
	// CodeOK: success, when the HTTP status is 200 as well (seed §4).
	CodeOK = 0
	// CodeNetworkError: no usable answer at all (network failure, timeout,
	// abort); the function answers it with 502 or 504 when the upstream cannot
	// be reached (seed §8, DESIGN §4).
	CodeNetworkError = -1
	// CodeSystemError: system error; also the function's and the mock's own
	// not found, method not allowed and internal error.
	CodeSystemError = 10000
	// CodeAuthFailed: the token is missing, unknown or expired; on a
	// non-refresh call the page reloads (seed §8).
	CodeAuthFailed = 10007
	// CodeParamError: param error, a malformed request.
	CodeParamError = 20001
	// CodeTooFrequent: too frequent; also the function's rate limit (DESIGN §4).
	CodeTooFrequent = 2002
	// CodeRegisteredUID: registered uid.
	CodeRegisteredUID = 2003
	// CodeWrongEmail: wrong email address.
	CodeWrongEmail = 2004
	// CodeRegisteredEmail: registered email.
	CodeRegisteredEmail = 2005
	// CodeAffiliateApproving: an affiliate application is in approval.
	CodeAffiliateApproving = 2006
	// CodeUserNotExist: user not exist.
	CodeUserNotExist = 2007
	// CodeParentIDFail: parent id fail.
	CodeParentIDFail = 2008
	// CodeFailedVerificationCode: failed verification code (registration with a
	// wrong code, DESIGN §5).
	CodeFailedVerificationCode = 2009
	// CodeWrongVerificationCode: the message helper's wrong verification code
	// (seed §8: 20009 gives error.wrongVerificationCode).
	CodeWrongVerificationCode = 20009
	// CodeCampaignUnavailable: the campaign is not available; info or enrol
	// shows the blocking modal with a back-home button (seed §8).
	CodeCampaignUnavailable = 3580000
	// CodeAlreadyEnrolled: enrol answered "already enrolled", which counts as
	// success (seed §8).
	CodeAlreadyEnrolled = 3570011
	// CodeNotOpen: enrolment or draw outside the campaign's open time (the
	// mock's own; the spec shows no code for it).
	CodeNotOpen = 3570012
	// CodeNoChancesLeft: every draw chance is used (the mock's own; the spec
	// shows no code for it).
	CodeNoChancesLeft = 3570013
	// CodeAlreadyDeposited: already deposited before; handling not shown
	// (seed §8).
	CodeAlreadyDeposited = 35731
	// CodeSubAccount: sub account; handling not shown (seed §8).
	CodeSubAccount = 35732
)

// codeText is the meaning of each named code, in the words of seed §8.
var codeText = map[int]string{
	CodeOK:                     "success",
	CodeNetworkError:           "network error",
	CodeSystemError:            "system error",
	CodeAuthFailed:             "user authentication failed",
	CodeParamError:             "param error",
	CodeTooFrequent:            "too frequent",
	CodeRegisteredUID:          "registered uid",
	CodeWrongEmail:             "wrong email address",
	CodeRegisteredEmail:        "registered email",
	CodeAffiliateApproving:     "affiliate approving",
	CodeUserNotExist:           "user not exist",
	CodeParentIDFail:           "parent id fail",
	CodeFailedVerificationCode: "failed verification code",
	CodeWrongVerificationCode:  "wrong verification code",
	CodeCampaignUnavailable:    "campaign not available",
	CodeAlreadyEnrolled:        "already enrolled",
	CodeNotOpen:                "not open",
	CodeNoChancesLeft:          "no chances left",
	CodeAlreadyDeposited:       "already deposited before",
	CodeSubAccount:             "sub account",
}

// CodeText is the meaning of a named code ("param error"), "" for any other.
func CodeText(code int) string { return codeText[code] }

// Codes lists the named codes in ascending order.
func Codes() []int { return sortedKeys(codeText) }

func sortedKeys(m map[int]string) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// retryCodes answer with the translated retry text (error.retry) in the
// message helper of seed §8: 10000, 20001 to 20003 and 20005 to 20008. The
// spec gives 20002–20008 no other meaning, so they are not named.
var retryCodes = []int{CodeSystemError, CodeParamError, 20002, 20003, 20005, 20006, 20007, 20008}

// RetryCodes lists the codes the message helper answers with error.retry.
func RetryCodes() []int { return slices.Clone(retryCodes) }

// IsRetry reports whether the message helper answers code with error.retry.
func IsRetry(code int) bool { return slices.Contains(retryCodes, code) }
