import { useEffect } from "react";
import useSWR, { useSWRConfig } from "swr";
import { CODE_NETWORK_ERROR, ROUTE_INVITATION_CODE } from "../runtime/contract.gen";
import { request, RequestError, type ApiError } from "../runtime/request";
import { REFERRAL_PARAMS } from "./referral";

/**
 * The visitor's own invitation code (spec §7: GET invitation-code; the payload is the
 * mock's, internal/mock/doc.go: result {invitation_code}). Errors are shown in the
 * widget's own space (DESIGN §6), so no toast.
 */
export async function fetchInvitationCode(): Promise<string> {
  const { result } = await request<{ invitation_code?: unknown } | null>({ method: ROUTE_INVITATION_CODE.method, url: ROUTE_INVITATION_CODE.path, hideToast: true });
  const code = result?.invitation_code;
  if (typeof code !== "string" || code === "") throw new RequestError(CODE_NETWORK_ERROR, "Unexpected response: no invitation code", "parse", 200, result);
  return code;
}

const KEY = "invitation-code";

/**
 * The code through SWR, asked for only while logged in (one request for every widget).
 * A logout forgets it, so the next account never sees the previous one's code.
 */
export function useInvitationCode(isLogin: boolean) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!isLogin) void mutate(KEY, undefined, { revalidate: false });
  }, [isLogin, mutate]);
  return useSWR<string, ApiError>(isLogin ? KEY : null, fetchInvitationCode, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/**
 * The link a visitor shares: the page they are on (absolute, without the fragment) with
 * `ref=<code>`. Other query parameters stay; every referral parameter that enrolment and
 * sign-up read (api/referral.ts) is replaced, so the code in the link is the one they read.
 */
export function shareLink(code: string, href: string = window.location.href): string {
  const url = new URL(href);
  for (const p of REFERRAL_PARAMS) url.searchParams.delete(p);
  url.searchParams.set(REFERRAL_PARAMS[0], code);
  url.hash = "";
  return url.href;
}
