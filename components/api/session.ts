import { ROUTE_SESSION } from "../runtime/contract.gen";
import { refreshClientContext, useClientContext } from "../runtime/context";
import { request } from "../runtime/request";

// The token cookie is HttpOnly (DESIGN §4): the login state comes from the readable
// companion cookie, through the client context (one source of truth).

/** Tells every consumer that the session changed (after login, register or logout). */
export function sessionChanged(): void {
  refreshClientContext();
}

/**
 * Hands the app's userToken to the function (DESIGN §8: POST <apiBase>/session), which
 * checks it with the upstream profile call and then sets the HttpOnly token cookie and
 * its companion; the token is not kept anywhere in the page. Rejects with the ApiError.
 */
export async function openAppSession(userToken: string): Promise<void> {
  // A refresh call: a refused token (10007) falls back to the web dialog, no reload (spec §8).
  await request({ method: ROUTE_SESSION.method, url: ROUTE_SESSION.path, data: { userToken }, hideToast: true, refresh: true });
  sessionChanged();
}

/**
 * Whether the visitor is logged in, for rendering: false on the server and during
 * hydration (the prerendered HTML is the visitor's), the cookie's answer after that.
 */
export function useSession(): boolean {
  return useClientContext().isLogin;
}
