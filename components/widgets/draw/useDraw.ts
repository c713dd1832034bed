import { useCallback, useRef, useState } from "react";
import { drawItem, type DrawOutcome } from "../../api/draw";
import { NETWORK_ERROR, RELOAD, showError, type ApiError } from "../../runtime/errors";
import { RequestError } from "../../runtime/request";
import { deviceFingerprint } from "./fingerprint";

/**
 * Waits before each automatic retry of one click's draw. Only answers that leave the
 * outcome unknown are retried, always with the click's Idempotency-Key: if the first
 * attempt did draw, the function (or the upstream) answers with that draw again
 * (DESIGN §4, internal/mock/doc.go), so a retry never draws twice.
 */
export const DRAW_RETRY_DELAYS = [1000, 2000];

/** HTTP 409: the function is still running an earlier attempt with the same key. */
const KEY_IN_USE = 409;

/**
 * No usable answer (a dropped connection, a timeout, the function's 502 or 504), or the
 * same key still in flight: the draw may or may not have happened. A business answer
 * (no chances left, too frequent, not open) is final.
 */
export function isRetriable(e: ApiError): boolean {
  if (e.code === NETWORK_ERROR) return e.kind !== "aborted";
  return e.status === KEY_IN_USE;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function drawWithRetry(campaignId: string, gdfp: string, key: string): Promise<DrawOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await drawItem(campaignId, gdfp, key);
    } catch (e) {
      if (attempt >= DRAW_RETRY_DELAYS.length || !isRetriable(e as ApiError)) throw e;
      await sleep(DRAW_RETRY_DELAYS[attempt]);
    }
  }
}

/** The fingerprint first (spec §7); a library that cannot load fails like the network. */
async function fingerprintOrFail(): Promise<string> {
  try {
    return await deviceFingerprint();
  } catch (e) {
    throw new RequestError(NETWORK_ERROR, e instanceof Error ? e.message : String(e), "network");
  }
}

/**
 * The draw of one click: a fresh Idempotency-Key (kept across its retries), the gdfp
 * header, one draw in flight at a time however fast the clicks come, and the error
 * toast of runtime/errors.ts when it fails (spec §8: 3570013 and 2002 read as the
 * error-code dictionary says).
 */
export function useDraw(campaignId: string, handlers: { onDrawn: (o: DrawOutcome) => void; onFailed: (e: ApiError) => void }) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const latest = useRef(handlers);
  latest.current = handlers;

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    const key = crypto.randomUUID();
    try {
      const gdfp = await fingerprintOrFail();
      latest.current.onDrawn(await drawWithRetry(campaignId, gdfp, key));
    } catch (e) {
      const error = e as ApiError;
      // 10007 reloads the page (request.ts) and an abort is the page's own doing: no toast.
      if (error.code !== RELOAD && error.kind !== "aborted") void showError(error);
      latest.current.onFailed(error);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [campaignId]);

  return { run, pending };
}
