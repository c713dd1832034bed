import { loadChunk } from "../lazy";

// The device fingerprint the draw sends as its gdfp header (spec §7: "fingerprint script
// loaded first (a stub for one privacy browser)"). FingerprintJS is a lazy chunk of its
// own: only a visitor who is about to draw ever downloads it (DESIGN §7), and the
// fingerprint is computed once per page.

/**
 * What Brave sends instead of a fingerprint. Brave randomises what fingerprinting reads
 * (canvas, audio, WebGL) per site and per session, so the library would give each of its
 * visitors a new "device" at every visit; spec §7 has the privacy browser send a stub,
 * which the upstream recognises as "no fingerprint by design" rather than a new device.
 */
export const BRAVE_FINGERPRINT_STUB = "brave-privacy-stub";

const loadLibrary = () => import("@fingerprintjs/fingerprintjs");

type BraveNavigator = Navigator & { brave?: { isBrave?: () => Promise<boolean> } };

/** Brave tells itself apart only through navigator.brave (its user agent reads Chrome). */
async function isBrave(): Promise<boolean> {
  const brave = (navigator as BraveNavigator).brave;
  if (typeof brave?.isBrave !== "function") return false;
  try {
    return (await brave.isBrave()) === true;
  } catch {
    return false;
  }
}

async function compute(): Promise<string> {
  if (await isBrave()) return BRAVE_FINGERPRINT_STUB;
  const { load } = await loadChunk(loadLibrary);
  // monitoring: false — the npm build would otherwise report its installation to the
  // vendor's server: a third-party request the page must not make (DESIGN §6, the CSP).
  const agent = await load({ monitoring: false });
  return (await agent.get()).visitorId;
}

let fingerprint: Promise<string> | null = null;

/** The visitor's device fingerprint, computed on first need and kept for the page's life. */
export function deviceFingerprint(): Promise<string> {
  fingerprint ??= compute().catch((e: unknown) => {
    fingerprint = null; // a failed chunk or library run is tried again on the next draw
    throw e;
  });
  return fingerprint;
}

/** For tests: forget the computed fingerprint. */
export function resetFingerprint(): void {
  fingerprint = null;
}
