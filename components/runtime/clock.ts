import { useEffect, useState } from "react";

/**
 * The current time for rendering, or null on the server and in the first client render:
 * anything that depends on the clock must show a stable placeholder until hydration
 * is done (DESIGN §2), then it ticks every `interval` ms.
 */
export function useNow(interval = 1000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), interval);
    return () => window.clearInterval(id);
  }, [interval]);
  return now;
}
