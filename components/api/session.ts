import { refreshClientContext, useClientContext } from "../runtime/context";

// The token cookie is HttpOnly (DESIGN §4): the login state comes from the readable
// companion cookie, through the client context (one source of truth).

/** Tells every consumer that the session changed (after login, register or logout). */
export function sessionChanged(): void {
  refreshClientContext();
}

/**
 * Whether the visitor is logged in, for rendering: false on the server and during
 * hydration (the prerendered HTML is the visitor's), the cookie's answer after that.
 */
export function useSession(): boolean {
  return useClientContext().isLogin;
}
