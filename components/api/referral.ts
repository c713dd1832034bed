import Cookies from "js-cookie";

// Where a referral code can come from (spec §3): the page URL's query (referral links
// carry it; DESIGN §2 keeps the query across redirects) or a cookie holding JSON with
// a `ref` field, set by the exchange's other pages.
export const REFERRAL_PARAMS = ["ref", "referral_code"] as const;
export const REFERRAL_COOKIE = "promo_referral";

const CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** The visitor's referral code, or undefined; anything not shaped like a code is ignored. */
export function referralCode(): string | undefined {
  if (typeof window === "undefined") return undefined;
  const query = new URLSearchParams(window.location.search);
  for (const p of REFERRAL_PARAMS) {
    const v = query.get(p);
    if (v && CODE.test(v)) return v;
  }
  const raw = Cookies.get(REFERRAL_COOKIE);
  if (!raw) return undefined;
  try {
    const ref = (JSON.parse(raw) as { ref?: unknown }).ref;
    return typeof ref === "string" && CODE.test(ref) ? ref : undefined;
  } catch {
    return undefined;
  }
}
