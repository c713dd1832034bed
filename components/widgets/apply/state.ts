import type { CampaignInfo } from "../../api/campaign";
import { CAMPAIGN_ONGOING as STATUS_ONGOING } from "../../runtime/contract.gen";

export interface ApplyView {
  joined: boolean;
  disabled: boolean;
}

/**
 * What the quick-apply button shows (spec §4): "Joined" once enrolled; disabled when
 * the visitor is logged in and the campaign is unknown, already enrolled or not
 * ongoing. A visitor's click always works: it opens the login modal.
 */
export function applyView(isLogin: boolean, info: CampaignInfo | undefined): ApplyView {
  const joined = Boolean(isLogin && info?.enrolled);
  const disabled = isLogin && (!info || info.enrolled || info.status !== STATUS_ONGOING);
  return { joined, disabled };
}

/**
 * Spec §4: enrolment is sent only if not enrolled and the enrolment start time is
 * greater than 0; otherwise it counts as success with code 0.
 */
export function needsEnrolCall(info: CampaignInfo | undefined): boolean {
  return Boolean(info && !info.enrolled && info.enrollStartAt > 0);
}
