package contract

// Campaign statuses: what the campaign widgets show (seed §4). The mock derives
// them from the schedule and the clock (4, 5, 6) unless its test control sets
// one (4 to 7, DESIGN §5).
const (
	CampaignNotStarted  = 4
	CampaignOngoing     = 5
	CampaignFinished    = 6
	CampaignNotFinished = 7
)

// Activity statuses of seed §4.
const (
	ActivityUnspecified   = 0
	ActivityReviewSuccess = 3
	ActivityNotStarted    = 4
	ActivityStarted       = 5 // started, ongoing
	ActivityEnded         = 6
	ActivityNotEnded      = 7
	ActivityTerminated    = 8
	ActivityDeleted       = 9
)

// campaignStatusText names each campaign status for people (a preview UI, a
// log line).
var campaignStatusText = map[int]string{
	CampaignNotStarted:  "not started",
	CampaignOngoing:     "ongoing",
	CampaignFinished:    "finished",
	CampaignNotFinished: "not finished",
}

var activityStatusText = map[int]string{
	ActivityUnspecified:   "unspecified",
	ActivityReviewSuccess: "review success",
	ActivityNotStarted:    "not started",
	ActivityStarted:       "started",
	ActivityEnded:         "ended",
	ActivityNotEnded:      "not ended",
	ActivityTerminated:    "terminated",
	ActivityDeleted:       "deleted",
}

// CampaignStatusText names a campaign status ("ongoing"), "" when s is none.
func CampaignStatusText(s int) string { return campaignStatusText[s] }

// ActivityStatusText names an activity status ("review success"), "" when s
// is none.
func ActivityStatusText(s int) string { return activityStatusText[s] }

// CampaignStatuses lists the campaign statuses in ascending order.
func CampaignStatuses() []int { return sortedKeys(campaignStatusText) }

// ActivityStatuses lists the activity statuses in ascending order.
func ActivityStatuses() []int { return sortedKeys(activityStatusText) }

// Draw record orders: the order type of the prize draw's record list (seed §3:
// asc 1, desc 2). The list is newest first unless asked otherwise (DESIGN §6).
const (
	DrawOrderAsc  = 1 // oldest first
	DrawOrderDesc = 2 // newest first: the default
)

var drawOrderText = map[int]string{
	DrawOrderAsc:  "oldest first",
	DrawOrderDesc: "newest first",
}

// DrawOrderText names a draw record order ("newest first"), "" when o is none.
func DrawOrderText(o int) string { return drawOrderText[o] }

// DrawOrders lists the draw record orders in ascending order.
func DrawOrders() []int { return sortedKeys(drawOrderText) }
