import { useEffect, useRef } from "react";
import useSWR, { useSWRConfig } from "swr";
import useSWRInfinite, { unstable_serialize } from "swr/infinite";
import { CODE_NETWORK_ERROR, DRAW_ORDER_ASC, DRAW_ORDER_DESC, ROUTE_DRAW, ROUTE_DRAW_CONFIG, ROUTE_DRAW_RECORDS, type DrawOrder } from "../runtime/contract.gen";
import { PRODUCT_TIMEOUT, request, RequestError, type ApiError } from "../runtime/request";

// The prize draw's calls (spec §3, §7). The spec shows no payloads; these are the mock's
// (internal/mock/doc.go): every body names the campaign as {campaign_id}.

/** The draw's configuration for the visitor (POST prize_draw/activity). */
export interface DrawConfig {
  status: number; // a campaign status (contract.gen.ts CAMPAIGN_*): draws only while ongoing
  chancesPerUser: number;
  remainingChances: number | null; // null for a visitor who is not logged in
}

/** One draw of the visitor (a record of draw_record/list, or the draw's own). */
export interface DrawRecord {
  id: number;
  prizeId: string;
  prizeName: string; // the upstream's name; the page names prizes by prizeId first
  createdAt: number; // Unix ms
}

export interface RecordPage {
  list: DrawRecord[];
  total: number;
}

export interface DrawOutcome {
  record: DrawRecord;
  remainingChances: number;
}

/** How many records a page of "My prizes" asks for. */
export const RECORDS_PAGE_SIZE = 10;

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const obj = (v: unknown) => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const malformed = (what: string, result: unknown) => new RequestError(CODE_NETWORK_ERROR, `Unexpected response: ${what}`, "parse", 200, result);

function toRecord(v: unknown): DrawRecord | null {
  const r = obj(v);
  if (!r) return null;
  return { id: num(r.id), prizeId: str(r.prize_id), prizeName: str(r.prize_name), createdAt: num(r.created_at) };
}

/** Spec §7: the configuration, errors hidden (the widget says so in its own space). */
export async function fetchDrawConfig(campaignId: string): Promise<DrawConfig> {
  const { result } = await request<unknown>({ method: ROUTE_DRAW_CONFIG.method, url: ROUTE_DRAW_CONFIG.path, data: { campaign_id: campaignId }, hideToast: true });
  const r = obj(result);
  if (!r) throw malformed("no draw configuration", result);
  const remaining = r.remaining_chances;
  return {
    status: num(r.status),
    chancesPerUser: num(r.chances_per_user),
    remainingChances: typeof remaining === "number" && Number.isFinite(remaining) ? Math.max(0, remaining) : null,
  };
}

/** SWR key of the configuration: one per campaign and login state (chances are per user). */
export function drawConfigKey(campaignId: string, isLogin: boolean) {
  return ["draw-config", campaignId, isLogin] as const;
}

/**
 * The configuration through SWR. After a login or logout the last answer stays, without
 * its chances (they were for the other login state, maybe another account), until the
 * new one arrives: the widget keeps its prizes and Draw button, and the focus on it.
 */
export function useDrawConfig(campaignId: string, isLogin: boolean) {
  const swr = useSWR<DrawConfig, ApiError>(campaignId ? drawConfigKey(campaignId, isLogin) : null, () => fetchDrawConfig(campaignId), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const last = useRef<DrawConfig | undefined>(undefined);
  if (swr.data) last.current = swr.data;
  const data = swr.data ?? (last.current && { ...last.current, remainingChances: null });
  return { data, error: swr.error, isValidating: swr.isValidating, mutate: swr.mutate };
}

/** Spec §3, §7: one page of the visitor's records in the order asked, errors hidden. */
export async function fetchDrawRecords(campaignId: string, order: DrawOrder, page: number, pageSize = RECORDS_PAGE_SIZE): Promise<RecordPage> {
  const { result } = await request<unknown>({
    method: ROUTE_DRAW_RECORDS.method,
    url: ROUTE_DRAW_RECORDS.path,
    data: { campaign_id: campaignId, order, page, page_size: pageSize },
    hideToast: true,
  });
  const r = obj(result);
  if (!r || !Array.isArray(r.list)) throw malformed("no record list", result);
  const list = r.list.map(toRecord).filter((x): x is DrawRecord => x !== null);
  return { list, total: Math.max(num(r.total), list.length) };
}

const RECORDS = "draw-records";

/** The SWR key of each page of "My prizes" (null: no more pages, or not logged in). */
function recordsKey(campaignId: string, isLogin: boolean, order: DrawOrder) {
  return (index: number, previous: RecordPage | null) => {
    if (!isLogin || !campaignId) return null;
    if (previous && (index * RECORDS_PAGE_SIZE >= previous.total || previous.list.length === 0)) return null;
    return [RECORDS, campaignId, order, index + 1] as const;
  };
}

/**
 * "My prizes" page by page (only while logged in). `mutate()` refetches every loaded
 * page, so a new draw shows up and the pages after it shift as they do upstream.
 */
export function useDrawRecords(campaignId: string, isLogin: boolean, order: DrawOrder = DRAW_ORDER_DESC) {
  return useSWRInfinite<RecordPage, ApiError>(
    recordsKey(campaignId, isLogin, order),
    ([, id, o, page]: readonly [string, string, DrawOrder, number]) => fetchDrawRecords(id, o, page),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/**
 * A logout forgets the user's chances and records, so whoever logs in next on this page
 * never sees them, not even until their own arrive (as api/invite.ts does for the code).
 */
export function useForgetDrawUser(campaignId: string, isLogin: boolean) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (isLogin) return;
    // revalidate: true also ends SWR's deduplication of these keys (a login within its
    // interval would get the old answer again); nothing refetches them, since no hook
    // holds a logged-in key by now (SWR moves its subscriptions in layout effects).
    const drop = { revalidate: true };
    void mutate(drawConfigKey(campaignId, true), undefined, drop);
    void mutate((key) => Array.isArray(key) && key[0] === RECORDS && key[1] === campaignId, undefined, drop); // the pages
    for (const order of [DRAW_ORDER_ASC, DRAW_ORDER_DESC] as const) void mutate(unstable_serialize(recordsKey(campaignId, true, order)), undefined, drop);
  }, [campaignId, isLogin, mutate]);
}

/**
 * One draw (spec §7): the device fingerprint travels as the gdfp header and the click's
 * Idempotency-Key makes a retry of the same click harmless (the function and the
 * upstream answer a repeated key with the first answer, DESIGN §4). No toast here: the
 * caller retries first and shows the error once.
 */
export async function drawItem(campaignId: string, gdfp: string, idempotencyKey: string): Promise<DrawOutcome> {
  const { result } = await request<unknown>({
    method: ROUTE_DRAW.method,
    url: ROUTE_DRAW.path,
    data: { campaign_id: campaignId },
    headers: { gdfp, "Idempotency-Key": idempotencyKey },
    hideToast: true,
    timeout: PRODUCT_TIMEOUT,
  });
  const r = obj(result);
  const record = toRecord(r?.record);
  if (!r || !record) throw malformed("no draw record", result);
  return { record, remainingChances: Math.max(0, num(r.remaining_chances)) };
}
