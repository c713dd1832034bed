import Cookies from "js-cookie";

// Who the visitor is, as far as page scripts may know: the device guid (spec §3, §9;
// DESIGN §4) and the numeric user id (spec §3). The session token itself lives in an
// HttpOnly cookie that only the function reads.

declare global {
  interface Window {
    // The user id of spec §3 ("kept on a window global"); 0 when unknown.
    __PROMO_UID__?: number;
  }
}

/** Spec §9: the device guid cookie lives 120 days. */
export const GUID_DAYS = 120;
const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let brand = "promo";
let guid = "";

/** Sets the brand that prefixes the cookie and storage keys (page data `brand`). */
export function configureIdentity(cfg: { brand: string }): void {
  if (cfg.brand) brand = cfg.brand;
}

/** The device guid cookie's name: `<brand>_guid`. */
export function guidCookieName(): string {
  return `${brand}_guid`;
}

/** The local-storage key of the user id: brand prefix, GA user id suffix (spec §3). */
export function userIdKey(): string {
  return `${brand}_ga_uid`;
}

/**
 * The 36-character device guid sent as the `Guid` header with every call (spec §3).
 * Created on first use and kept in a readable cookie for 120 days; kept in memory too,
 * so it stays stable for the page even when cookies are blocked. "" on the server.
 */
export function deviceGuid(): string {
  if (guid) return guid;
  if (typeof document === "undefined") return "";
  const stored = Cookies.get(guidCookieName());
  if (stored && GUID_PATTERN.test(stored)) return (guid = stored);
  guid = randomUUID();
  Cookies.set(guidCookieName(), guid, {
    expires: GUID_DAYS,
    path: "/",
    sameSite: "Lax",
    secure: location.protocol === "https:",
  });
  return guid;
}

// crypto.randomUUID exists only in secure contexts; a page opened over plain http on a
// LAN address still needs a guid, and getRandomValues works everywhere.
function randomUUID(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The numeric user id: the window global, else local storage, else 0 (spec §3). */
export function getUserId(): number {
  if (typeof window === "undefined") return 0;
  const global = window.__PROMO_UID__;
  if (typeof global === "number" && Number.isFinite(global) && global !== 0) return global;
  const stored = Number(safeStorage()?.getItem(userIdKey()) ?? 0);
  return Number.isFinite(stored) ? stored : 0;
}

/** Stores the user id in both places; 0 (logged out) removes the stored one. */
export function setUserId(id: number): void {
  if (typeof window === "undefined") return;
  window.__PROMO_UID__ = id;
  const storage = safeStorage();
  try {
    if (id) storage?.setItem(userIdKey(), String(id));
    else storage?.removeItem(userIdKey());
  } catch {
    // Storage full or forbidden: the window global still holds the id for this page.
  }
}

// localStorage throws on access in some sandboxed frames and privacy modes.
function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function resetForTests(): void {
  brand = "promo";
  guid = "";
}
