import { useSyncExternalStore } from "react";
import { authInApp } from "../../runtime/app";

export type AuthMode = "login" | "register";

/** How a widget asks for the login/register modal (spec §2.1). */
export interface AuthRequest {
  mode: AuthMode;
  /** Prefill of the register form. */
  email?: string;
  phone?: string;
  /** Hide the switch between login and register. */
  hideSwitch?: boolean;
  /** The modal opens from an invitation page: the referral code from the link is fixed. */
  invitePage?: boolean;
  /** Redeem: after success, continue what the visitor started (DESIGN §6: Apply enrols). */
  redeem?: () => void;
  /** Reload the page after success. */
  reloadOnSuccess?: boolean;
  /** Called after success with the mode that succeeded. */
  onSuccess?: (mode: AuthMode) => void;
}

interface Flags {
  visible: boolean;
  success: boolean;
  closed: boolean;
}

/** The modal's state with the spec's flags (§4): each form has visible, success and closed. */
export interface AuthState {
  request: AuthRequest | null;
  login: Flags;
  register: Flags;
  loginClose: boolean;
  registerClose: boolean;
}

const initial: AuthState = {
  request: null,
  login: { visible: false, success: false, closed: false },
  register: { visible: false, success: false, closed: false },
  loginClose: false,
  registerClose: false,
};

let state = initial;
const listeners = new Set<() => void>();

function set(next: AuthState) {
  state = next;
  for (const l of listeners) l();
}

function shown(mode: AuthMode): Pick<AuthState, "login" | "register"> {
  return {
    login: { ...state.login, visible: mode === "login", success: false },
    register: { ...state.register, visible: mode === "register", success: false },
  };
}

/**
 * Opens the modal on login or register; callable from anywhere. In the app (version
 * 3.6.1 or later, bridge option on) the app's own screen comes first (spec §4, DESIGN
 * §8); the modal opens when the app is older or the bridge failed (that is reported).
 */
export function openAuth(request: AuthRequest): void {
  if (!authInApp(request)) showAuth(request);
}

/** The web modal itself: openAuth's way outside the app, and the app's fallback. */
export function showAuth(request: AuthRequest): void {
  set({ ...state, ...shown(request.mode), request });
}

/** A login the app's own screen did (spec §4): the success flags, without the modal. */
export function markAuthSucceeded(mode: AuthMode): void {
  set({ ...state, ...succeeded(mode) });
}

function succeeded(mode: AuthMode): Pick<AuthState, "login" | "register"> {
  return {
    login: { ...state.login, visible: false, success: mode === "login" || state.login.success },
    register: { ...state.register, visible: false, success: mode === "register" || state.register.success },
  };
}

/** Switches between the forms, unless the request hid the switch. */
export function switchAuth(mode: AuthMode): void {
  if (!state.request || state.request.hideSwitch) return;
  set({ ...state, ...shown(mode), request: { ...state.request, mode } });
}

/** Closing without success: closing login sets loginClose, registration registerClose. */
export function closeAuth(): void {
  const mode = state.request?.mode;
  if (!mode) return;
  set({
    ...state,
    request: null,
    login: { ...state.login, visible: false, closed: mode === "login" || state.login.closed },
    register: { ...state.register, visible: false, closed: mode === "register" || state.register.closed },
    loginClose: state.loginClose || mode === "login",
    registerClose: state.registerClose || mode === "register",
  });
}

/** Success closes the open modal and runs what the request asked for. */
export function authSucceeded(): AuthRequest | null {
  const req = state.request;
  if (!req) return null;
  set({ ...state, request: null, ...succeeded(req.mode) });
  return req;
}

export function getAuthState(): AuthState {
  return state;
}

/** For tests: back to the initial state. */
export function resetAuth(): void {
  set(initial);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, () => initial);
}
