package contract

// The values of the enumerated settings a campaign carries from campaign.yaml into
// the page data. Each list is in order with its default first: content validates
// campaign.yaml against it, and the page data's TypeScript unions (ts tags) are held
// to it by TestUnionsAreTheEnums.
const (
	APINew = "new" // /fht/growth/activity-api/v1/{info,enroll}, body {campaignId, referralCode?}
	APIOld = "old" // /segw/sact/activity/{info,enroll}, body {campaign_id, referral_code?}

	StyleButton = "button"
	StyleLink   = "link"

	AfterKeep  = "keep"  // the button stays, reading "Joined" (DESIGN §6)
	AfterHide  = "hide"  // the button disappears
	AfterLinks = "links" // the button is replaced by link buttons (spec §2.2)

	ActionLogin    = "login"
	ActionRegister = "register"

	DirLTR = "ltr"
	DirRTL = "rtl"
)

// Section types: the blocks campaign.yaml can order (DESIGN §9).
const (
	SectionHero      = "hero"
	SectionActions   = "actions" // the apply and login buttons
	SectionPrizePool = "prizePool"
	SectionCountdown = "countdown"
	SectionSteps     = "steps"
	SectionTiers     = "tiers"
	SectionFAQ       = "faq"
	SectionSchedule  = "schedule"
	SectionRules     = "rules"
	// The growth widgets (DESIGN §6): each shows the widget of the same name that
	// widgets: configures; moreCampaigns lists the exchange's other campaigns.
	SectionPrizeDraw      = "prizeDraw"
	SectionMarket         = "market"
	SectionInvitationCode = "invitationCode"
	SectionMoreCampaigns  = "moreCampaigns"
)

// Enums lists each enumerated page-data field ("Type.Field") with its values, the
// default first.
var Enums = map[string][]string{
	"CampaignConfig.API":           {APINew, APIOld},
	"QuickApplyWidget.Style":       {StyleButton, StyleLink},
	"QuickApplyWidget.AfterEnroll": {AfterKeep, AfterHide, AfterLinks},
	"QuickLoginWidget.Action":      {ActionLogin, ActionRegister},
	"PageData.Dir":                 {DirLTR, DirRTL},
	"Section.Type": {SectionHero, SectionActions, SectionPrizePool, SectionCountdown, SectionSteps, SectionTiers, SectionFAQ,
		SectionSchedule, SectionRules, SectionPrizeDraw, SectionMarket, SectionInvitationCode, SectionMoreCampaigns},
}
