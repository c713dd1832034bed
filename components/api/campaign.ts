import useSWR from "swr";
import { CAMPAIGN_UNAVAILABLE } from "../runtime/errors";
import { PRODUCT_TIMEOUT, request, type ApiError } from "../runtime/request";
import type { CampaignConfig } from "../runtime/types";
import { ROUTE_ENROLL, ROUTE_INFO } from "../runtime/contract.gen";
import { markUnavailable } from "./unavailable";

/** The campaign as the info call describes it (spec §3), in the new family's names. */
export interface CampaignInfo {
  campaignId: string;
  actStartAt: number;
  actEndAt: number;
  enrollStartAt: number;
  enrollEndAt: number;
  status: number; // a CampaignStatus (spec §4): 4 not started, 5 ongoing, 6 finished, 7 not finished
  enrolled: boolean;
}

type OldInfo = { campaign_id: string; act_start_at: number; act_end_at: number; enroll_start_at: number; enroll_end_at: number; status: number; enrolled: boolean };

/** The info or enrol body of the campaign's API family (DESIGN §4). */
export function campaignBody(c: Pick<CampaignConfig, "api" | "id">, referralCode?: string): Record<string, string> {
  if (c.api === "old") return referralCode ? { campaign_id: c.id, referral_code: referralCode } : { campaign_id: c.id };
  return referralCode ? { campaignId: c.id, referralCode } : { campaignId: c.id };
}

/**
 * Reads the campaign through its family's info call. Spec §7: the old family's error
 * toasts are suppressed, the new family's allowed.
 */
export async function fetchCampaignInfo(c: Pick<CampaignConfig, "api" | "id">): Promise<CampaignInfo> {
  const { result } = await unavailableOn(request<CampaignInfo | OldInfo>({ method: ROUTE_INFO[c.api].method, url: ROUTE_INFO[c.api].path, data: campaignBody(c), hideToast: c.api === "old", timeout: PRODUCT_TIMEOUT }));
  if (c.api === "new") return result as CampaignInfo;
  const o = result as OldInfo;
  return { campaignId: o.campaign_id, actStartAt: o.act_start_at, actEndAt: o.act_end_at, enrollStartAt: o.enroll_start_at, enrollEndAt: o.enroll_end_at, status: o.status, enrolled: o.enrolled };
}

/** SWR key of a campaign's info: one key per campaign and login state. */
export function infoKey(c: Pick<CampaignConfig, "api" | "id">, isLogin: boolean) {
  return ["campaign-info", c.api, c.id, isLogin] as const;
}

/**
 * The campaign's info through SWR, so two widgets asking at once share one request
 * (spec §4: duplicate info fetches are prevented while one is in flight).
 */
export function useCampaignInfo(c: CampaignConfig, isLogin: boolean) {
  return useSWR<CampaignInfo, ApiError>(c.id ? infoKey(c, isLogin) : null, () => fetchCampaignInfo(c), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    dedupingInterval: 2000,
  });
}

/**
 * Enrols the visitor (spec §4, §7). The key makes a retried click harmless: the
 * function replays the stored answer of a repeated Idempotency-Key.
 */
export async function enrol(c: Pick<CampaignConfig, "api" | "id">, referralCode: string | undefined, idempotencyKey: string) {
  return unavailableOn(
    request<unknown>({
      method: ROUTE_ENROLL[c.api].method,
      url: ROUTE_ENROLL[c.api].path,
      data: campaignBody(c, referralCode),
      hideToast: true,
      timeout: PRODUCT_TIMEOUT,
      headers: { "Idempotency-Key": idempotencyKey },
    }),
  );
}

/** Spec §8: 3580000 from info or enrol raises the blocking "not available" dialog. */
async function unavailableOn<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (e) {
    if ((e as ApiError).code === CAMPAIGN_UNAVAILABLE) markUnavailable();
    throw e;
  }
}
