import { useCallback, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { enrol, fetchCampaignInfo, infoKey, type CampaignInfo } from "../../api/campaign";
import { referralCode } from "../../api/referral";
import { ALREADY_ENROLLED, showError, type ApiError } from "../../runtime/errors";
import { track } from "../../runtime/tracking";
import type { CampaignConfig } from "../../runtime/types";
import { needsEnrolCall } from "./state";

export type EnrolOutcome = { ok: true; code: number } | { ok: false; error: ApiError };

/**
 * The enrolment of spec §4: reads the campaign fresh (the visitor may just have logged
 * in), sends the enrol call of the campaign's family with the referral code and a new
 * Idempotency-Key per click, treats 3570011 as success, and on success marks the
 * campaign enrolled so every widget shows "Joined".
 */
export function useEnrolment(campaign: CampaignConfig) {
  const [pending, setPending] = useState(false);
  const [succeeded, setSucceeded] = useState(false);
  const running = useRef(false);
  const { mutate } = useSWRConfig();

  const run = useCallback(async (): Promise<EnrolOutcome | null> => {
    if (!campaign.id) {
      // Spec §5: enrol is skipped when the campaign id is empty (error logged).
      console.error("quick-apply: the campaign has no id; nothing was sent");
      return null;
    }
    if (running.current) return null;
    running.current = true;
    setPending(true);
    const key = infoKey(campaign, true);
    try {
      const info: CampaignInfo = await fetchCampaignInfo(campaign);
      let code = 0;
      if (needsEnrolCall(info)) {
        try {
          ({ code } = await enrol(campaign, referralCode(), crypto.randomUUID()));
        } catch (e) {
          if ((e as ApiError).code !== ALREADY_ENROLLED) throw e;
          code = ALREADY_ENROLLED;
        }
      }
      await mutate(key, { ...info, enrolled: true }, { revalidate: false });
      setSucceeded(true);
      track({ el: "apply_success_popup", ep: "exposure", campaignId: campaign.id });
      return { ok: true, code };
    } catch (e) {
      const error = e as ApiError;
      track({ el: "apply_failure", ep: "exposure", campaignId: campaign.id, code: error.code });
      void showError(error);
      return { ok: false, error };
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [campaign, mutate]);

  return { run, pending, succeeded, dismiss: () => setSucceeded(false) };
}
