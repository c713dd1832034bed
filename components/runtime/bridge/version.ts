// The app's version and the bridge's minimum (spec §5, §9: 3.6.1, compared part by part).
// Pure functions, in the lazy bridge chunk.

export const MIN_BRIDGE_VERSION = "3.6.1";

/**
 * The version after the app's marker in the user agent (DESIGN §8: `<marker>/<version>`),
 * e.g. "3.10.0" from "… ExchangeApp/3.10.0 …"; null when the marker carries none.
 */
export function parseAppVersion(userAgent: string, marker: string): string | null {
  if (marker === "") return null;
  const at = userAgent.indexOf(marker + "/");
  if (at < 0) return null;
  const m = /^\d+(?:\.\d+)*/.exec(userAgent.slice(at + marker.length + 1));
  return m ? m[0] : null;
}

/**
 * Compares two dotted versions part by part as numbers (3.10.0 > 3.6.1); a missing part
 * counts as 0 (3.6 = 3.6.0). A part's leading digits count ("1-beta" is 1), others 0.
 * Negative when a < b, 0 when equal, positive when a > b.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".");
  const pb = b.split(".");
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = part(pa[i]) - part(pb[i]);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

function part(s: string | undefined): number {
  const m = s === undefined ? null : /^\d+/.exec(s.trim());
  return m ? Number(m[0]) : 0;
}

/** Whether the app is recent enough for login through the bridge (spec §4). */
export function bridgeVersionOK(version: string | null): boolean {
  return version !== null && compareVersions(version, MIN_BRIDGE_VERSION) >= 0;
}
