import { useEffect, useState } from "react";

/**
 * The preview's time travel: `promo dev`'s injected script (dev/client/client.js) sets
 * window.__PROMO_NOW_OFFSET__ to the chosen time minus the real time, in milliseconds,
 * so designers see a campaign before its start or after its end. Built pages never
 * have it, so there the offset is 0.
 */
export function nowMs(): number {
  const offset = (window as { __PROMO_NOW_OFFSET__?: unknown }).__PROMO_NOW_OFFSET__;
  return Date.now() + (typeof offset === "number" && Number.isFinite(offset) ? offset : 0);
}

/**
 * The current time for rendering, or null on the server and in the first client render:
 * anything that depends on the clock must show a stable placeholder until hydration
 * is done (DESIGN §2), then it ticks every `interval` ms.
 */
export function useNow(interval = 1000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(nowMs());
    const id = window.setInterval(() => setNow(nowMs()), interval);
    return () => window.clearInterval(id);
  }, [interval]);
  return now;
}
