import { request } from "../runtime/request";
import { PATHS } from "./paths";
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
  await request({ method: "POST", url: PATHS.login, data: { ...input.identity, password: input.password }, hideToast: true });
  sessionChanged();
}

export async function register(input: RegisterInput): Promise<void> {
  const data: Record<string, string> = { ...input.identity, password: input.password, verification_code: input.verificationCode };
  if (input.referralCode) data.referral_code = input.referralCode;
  await request({ method: "POST", url: PATHS.register, data, hideToast: true });
  sessionChanged();
}

export async function sendVerificationCode(identity: Identity): Promise<void> {
  await request({ method: "POST", url: PATHS.verificationCode, data: identity, hideToast: true });
}

export async function logout(): Promise<void> {
  await request({ method: "POST", url: PATHS.logout, hideToast: true });
  sessionChanged();
}
