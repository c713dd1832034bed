// When the smart app banner may show (DESIGN §8), apart from "phone outside the app",
// which BannerHost decides from the client context.

/** Close is remembered this long (DESIGN §8: 30 days). */
export const CLOSE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Platform = "ios" | "android" | null;

export function platformOf(userAgent: string): Platform {
  if (/iPhone|iPod|iPad/i.test(userAgent)) return "ios";
  if (/Android/i.test(userAgent)) return "android";
  return null;
}

// Safari on iOS shows its own banner from the page's apple-itunes-app meta; other iOS
// browsers (Chrome, Firefox, Edge, Opera, in-app browsers) do not.
const OTHER_IOS_BROWSER = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|GSA\/|YaBrowser|DuckDuckGo|FBAN|FBAV|Instagram|Line\/|MicroMessenger|Twitter/i;

/** Safari's own banner is showing (or will): ours must not be a second one. */
export function safariBannerShows(userAgent: string, doc: Document = document): boolean {
  const safari = platformOf(userAgent) === "ios" && /Safari\//.test(userAgent) && !OTHER_IOS_BROWSER.test(userAgent);
  return safari && doc.querySelector('meta[name="apple-itunes-app"]') !== null;
}

function closedKey(brand: string): string {
  return `${brand}:banner:closed`;
}

/** Whether the visitor closed the banner less than 30 days ago. */
export function closedRecently(brand: string, now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(closedKey(brand)));
    return at > 0 && now - at < CLOSE_DAYS * DAY_MS && at <= now;
  } catch {
    return false; // storage blocked: the banner shows, and Close hides it for this page
  }
}

export function rememberClose(brand: string, now = Date.now()): void {
  try {
    localStorage.setItem(closedKey(brand), String(now));
  } catch {
    // storage blocked or full: closed for this page view only
  }
}
