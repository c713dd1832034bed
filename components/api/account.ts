import { request } from "../runtime/request";
import { ROUTE_LOGIN, ROUTE_LOGOUT, ROUTE_REGISTER, ROUTE_VERIFICATION_CODE } from "../runtime/contract.gen";
import { sessionChanged } from "./session";

/** Email or mobile, as the visitor chose to identify themselves. */
export type Identity = { email: string } | { mobile: string };

export interface LoginInput {
  identity: Identity;
  password: string;
}

export interface RegisterInput extends LoginInput {
  verificationCode: string;
  referralCode?: string;
}

// The function keeps the token of these answers in its HttpOnly cookie and strips it
// from the body (DESIGN §4): nothing here ever sees it.

export async function login(input: LoginInput): Promise<void> {
  await request({ method: ROUTE_LOGIN.method, url: ROUTE_LOGIN.path, data: { ...input.identity, password: input.password }, hideToast: true });
  sessionChanged();
}

export async function register(input: RegisterInput): Promise<void> {
  const data: Record<string, string> = { ...input.identity, password: input.password, verification_code: input.verificationCode };
  if (input.referralCode) data.referral_code = input.referralCode;
  await request({ method: ROUTE_REGISTER.method, url: ROUTE_REGISTER.path, data, hideToast: true });
  sessionChanged();
}

export async function sendVerificationCode(identity: Identity): Promise<void> {
  await request({ method: ROUTE_VERIFICATION_CODE.method, url: ROUTE_VERIFICATION_CODE.path, data: identity, hideToast: true });
}

export async function logout(): Promise<void> {
  await request({ method: ROUTE_LOGOUT.method, url: ROUTE_LOGOUT.path, hideToast: true });
  sessionChanged();
}
