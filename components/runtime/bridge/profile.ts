// The in-app profile (spec §3) under the web profile's names.

export interface InAppProfile {
  id: number;
  username?: string;
  vague_email?: string;
  vague_mobile?: string;
  mobile_verified?: boolean;
  email_verified?: boolean;
  has_google2fa?: boolean;
  country_code?: string;
  lang?: string;
  status?: number;
}

// Spec §3: uid, userName, vagueEmail, … mapped to id, username, vague_email, … The
// userToken is not part of the profile: it goes to POST /session only.
const FIELDS: [string, keyof InAppProfile][] = [
  ["uid", "id"],
  ["userName", "username"],
  ["vagueEmail", "vague_email"],
  ["vagueMobile", "vague_mobile"],
  ["mobileVerified", "mobile_verified"],
  ["emailVerified", "email_verified"],
  ["hasGoogle2fa", "has_google2fa"],
  ["countryCode", "country_code"],
  ["lang", "lang"],
  ["status", "status"],
];

/** Maps the bridge's profile params; fields the app did not send stay absent. */
export function mapInAppProfile(params: Record<string, unknown>): InAppProfile {
  const out: Record<string, unknown> = { id: Number(params.uid) || 0 };
  for (const [from, to] of FIELDS) {
    if (from !== "uid" && params[from] !== undefined && params[from] !== null) out[to] = params[from];
  }
  return out as unknown as InAppProfile;
}
