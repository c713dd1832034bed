// Package mock is the exchange API of the local environment (DESIGN §5): a
// real http.Handler with in-memory state, serving every path the function
// forwards with the semantics of the specification. The function reaches it
// in-process; it also runs behind any HTTP server.
//
// The user is the one whose session token arrives in the UserToken header.
// Private calls without a known token answer 10007 (user authentication
// failed). Business errors travel with HTTP 200 and a non-zero code.
//
// Envelopes: the new activity family (/fht/growth/activity-api/v1/*) answers
// {retCode, retMsg, result}; every other path {ret_code, ret_msg, result}.
// Times are Unix milliseconds (0 for an open end) unless noted.
//
// Accounts (seeded: demo@example.com / Demo1234!, id 100001):
//
//	POST /user/public/login             {email|mobile, password} → result {id}, token
//	                                    2004 invalid email, 2007 unknown account, 20001 wrong password
//	POST /user/public/register          {email|mobile, password, verification_code, referral_code?}
//	                                    → result {id}, token; 2004, 2005 existing, 2009 code not 123456,
//	                                    20001 password under 8 characters
//	POST /user/public/verification-code {email|mobile} → result {expires_in}; 2004, 2005,
//	                                    2002 when asked again within a minute
//	POST /user/logout                   → result null; the token stops working
//	GET  /v2/private/user/profile       → result {id, username, vague_email, vague_mobile,
//	                                    email_verified, mobile_verified, has_google2fa, country_code, lang, status}
//	GET  /segw/sact/activity/invitation-code → result {invitation_code}
//
// Campaigns (from Options.Campaigns; status 4 not started, 5 ongoing,
// 6 finished from the schedule and the clock, or 4–7 as the control set it):
//
//	POST /segw/sact/activity/info        {campaign_id} → result {campaign_id, act_start_at, act_end_at,
//	                                     enroll_start_at, enroll_end_at, status, enrolled}
//	POST /fht/growth/activity-api/v1/info {campaignId} → result {campaignId, actStartAt, actEndAt,
//	                                     enrollStartAt, enrollEndAt, status, enrolled}
//	POST /segw/sact/activity/enroll      {campaign_id, referral_code?} → result {campaign_id, enrolled}
//	POST /fht/growth/activity-api/v1/enroll {campaignId, referralCode?} → result {campaignId, enrolled}
//	                                     3570011 enrolled already, 3580000 unknown, unavailable or
//	                                     of the other family, 3570012 enrolment not open
//	POST /segw/sact/activity/list        {status?, page?, page_size?} → result {list, total, page, page_size};
//	                                     an item is the old info result plus {family, slug (its page's
//	                                     URL segment), title, title_lang (the language of the title, ""
//	                                     when unknown)}: the title in the Lang header's language along
//	                                     its fallback chain, else the campaign id
//
// Market data (prices from a series fixed by Options.Seed, the symbol and the time).
// The query parameters shown are exactly those internal/contract's Route.Query
// lists (the function forwards no other; query_test.go holds these lines to it);
// symbol carries seed §3's K-line "symbols" as a comma-separated list:
//
//	GET /spot/s_api/basic/quote_tokens       → result [{tokenId, tokenName, tokenFullName}]
//	GET /v3/private/instrument/dynamic-symbol → result [{symbol, baseCurrency, quoteCurrency, contractType, priceScale}]
//	GET /spot/api/quote/v1/multi/kline?symbol=A[,B]&exchangeId=&interval=1h&limit=24
//	                                         → result [{symbol, kline: [{t, o, h, l, c, v}]}]
//	GET /v2/public/market/arrayKline?symbol=BTCUSD&resolution=60&from=&to=   (seconds)
//	GET /public/linear/market/arrayKline?symbol=BTCUSDT&resolution=60&from=&to=
//	                                         → result [[open_time, open, high, low, close, volume]]
//
// Prize draw (a campaign's PrizeDraw; bodies name the campaign {campaign_id}):
//
//	POST /segw/prizedraw/v1/prize_draw/activity         → result {campaign_id, status, chances_per_user,
//	                                                    remaining_chances, prizes: [{id, name, weight}]}
//	POST /segw/prizedraw/v1/prize_draw/item/draw        → result {record, remaining_chances};
//	                                                    3570012 not ongoing, 3570013 no chances left
//	POST /segw/prizedraw/v1/prize_draw/draw_record/list {campaign_id, order? (1 asc, 2 desc), page?, page_size?}
//	                                                    → result {list: [record], total, page, page_size}
//
// A record is {id, campaign_id, prize_id, prize_name, created_at}. Enrol and
// draw calls repeated with the same Idempotency-Key by the same user get the
// first answer again.
//
// Test control (Control, mounted by the function at /api/__mock/* in local):
//
//	POST /__mock/reset    the seeded state again
//	POST /__mock/fault    {path, ret_code?, http_status?, delay_ms?, times?, drop?}
//	POST /__mock/campaign {id, status?, unavailable?}
//	GET  /__mock/state    a State snapshot
//	POST /__mock/token    {email} → result {userToken, id}: a new session of that seeded
//	                      account, the token the app would hand the page over its bridge
//	                      (DESIGN §8); for the bridge tests and promo dev's fake bridge
package mock
