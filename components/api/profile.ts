import useSWR, { useSWRConfig } from "swr";
import { request, type ApiError } from "../runtime/request";
import { setUserId } from "../runtime/identity";
import { CODE_AUTH_FAILED, ROUTE_LOGOUT, ROUTE_PROFILE } from "../runtime/contract.gen";
import { sessionChanged, useSession } from "./session";

export interface Profile {
  id: number;
  [field: string]: unknown;
}

/**
 * Fetches the profile (spec §7: credentials, cached, exempt from cache deletion on
 * failure, so a failed refresh keeps the last good one). It is a refresh call: a
 * 10007 (expired token) logs the visitor out instead of reloading the page.
 */
export async function fetchProfile(opts?: { force?: boolean }): Promise<Profile> {
  try {
    const { result } = await request<Profile>({ method: ROUTE_PROFILE.method, url: ROUTE_PROFILE.path, cache: true, keepCacheOnError: true, refresh: true, hideToast: true, force: opts?.force });
    setUserId(Number(result.id) || 0);
    return result;
  } catch (e) {
    if ((e as ApiError).code === CODE_AUTH_FAILED) {
      await logoutQuietly();
    }
    throw e;
  }
}

async function logoutQuietly(): Promise<void> {
  try {
    await request({ method: ROUTE_LOGOUT.method, url: ROUTE_LOGOUT.path, hideToast: true, refresh: true });
  } catch {
    // The cookies may already be gone; either way the visitor is logged out now.
  }
  setUserId(0);
  sessionChanged();
}

const PROFILE_KEY = "profile";

/** The logged-in visitor's profile through SWR; nothing for visitors. */
export function useProfile() {
  const isLogin = useSession();
  const swr = useSWR<Profile, ApiError>(isLogin ? PROFILE_KEY : null, fetchProfile, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { isLogin, profile: swr.data };
}

/**
 * Fetches the profile again, bypassing the cached one (after a login or sign-up); the
 * returned function uses the SWR cache of the calling component's tree.
 */
export function useRefreshProfile(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate(PROFILE_KEY, () => fetchProfile({ force: true }), { revalidate: false });
}
