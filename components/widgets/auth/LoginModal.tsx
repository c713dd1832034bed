import { useEffect, useId, useState, type FormEvent } from "react";
import { login, register, sendVerificationCode, type Identity } from "../../api/account";
import { useRefreshProfile } from "../../api/profile";
import { referralCode } from "../../api/referral";
import { showError, type ApiError } from "../../runtime/errors";
import { track } from "../../runtime/tracking";
import { useT } from "../../runtime/useT";
import { DialogPanel as Dialog } from "../dialog/DialogPanel";
import { authSucceeded, closeAuth, switchAuth, type AuthRequest } from "./store";

/** Seconds before another verification code can be sent. */
export const RESEND_SECONDS = 60;

type Channel = "email" | "mobile";

/**
 * The login/register modal (spec §2.1, DESIGN §6): a lazy chunk, loaded when idle or
 * on first use. Email or mobile with a password; registration adds a verification
 * code (with a send-code button and countdown) and the referral code, prefilled.
 */
export default function LoginModal({ request }: { request: AuthRequest }) {
  const t = useT();
  const mode = request.mode;
  const [channel, setChannel] = useState<Channel>(request.phone && !request.email ? "mobile" : "email");
  const [address, setAddress] = useState(request.email ?? request.phone ?? "");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [referral, setReferral] = useState(() => referralCode() ?? "");
  const [busy, setBusy] = useState(false);
  const [countdown, setCountdown] = useState(0);
  const refreshProfile = useRefreshProfile();
  const ids = { address: useId(), password: useId(), code: useId(), referral: useId() };

  useEffect(() => {
    track({ el: mode === "login" ? "login_open" : "register_open" });
  }, [mode]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const identity = (): Identity => (channel === "email" ? { email: address.trim() } : { mobile: address.trim() });

  async function onSendCode() {
    setCountdown(RESEND_SECONDS);
    try {
      await sendVerificationCode(identity());
    } catch (e) {
      setCountdown(0);
      void showError(e as ApiError);
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (mode === "login") await login({ identity: identity(), password });
      else await register({ identity: identity(), password, verificationCode: code.trim(), referralCode: referral.trim() || undefined });
    } catch (err) {
      setBusy(false);
      void showError(err as ApiError);
      return;
    }
    track({ el: mode === "login" ? "login_success" : "register_success" });
    void refreshProfile();
    const done = authSucceeded();
    done?.onSuccess?.(mode);
    done?.redeem?.();
    if (done?.reloadOnSuccess) window.location.reload();
  }

  const title = mode === "login" ? t("gmp-lib:auth.login.title") : t("gmp-lib:auth.register.title");
  const addressLabel = channel === "email" ? t("gmp-lib:auth.email") : t("gmp-lib:auth.mobile");
  return (
    <Dialog open title={title} onClose={closeAuth} closeLabel={t("gmp-lib:dialog.close")} className="promo-auth">
      <form className="promo-auth__form" onSubmit={onSubmit} noValidate={false}>
        <label htmlFor={ids.address}>{addressLabel}</label>
        <input
          id={ids.address}
          type={channel === "email" ? "email" : "tel"}
          autoComplete={channel === "email" ? "email" : "tel"}
          dir="ltr"
          required
          value={address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <label htmlFor={ids.password}>{t("gmp-lib:auth.password")}</label>
        <input
          id={ids.password}
          type="password"
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {mode === "register" ? (
          <>
            <label htmlFor={ids.code}>{t("gmp-lib:auth.code")}</label>
            <div className="promo-auth__code">
              <input id={ids.code} inputMode="numeric" autoComplete="one-time-code" dir="ltr" required value={code} onChange={(e) => setCode(e.target.value)} />
              <button type="button" className="promo-button promo-button--secondary" disabled={countdown > 0 || address.trim() === ""} onClick={onSendCode}>
                {countdown > 0 ? t("gmp-lib:auth.resendIn", { count: countdown }) : t("gmp-lib:auth.sendCode")}
              </button>
            </div>
            <label htmlFor={ids.referral}>{t("gmp-lib:auth.referral")}</label>
            <input
              id={ids.referral}
              dir="ltr"
              autoComplete="off"
              value={referral}
              readOnly={Boolean(request.invitePage && referralCode())}
              onChange={(e) => setReferral(e.target.value)}
            />
          </>
        ) : null}
        <button type="button" className="promo-link-button promo-auth__channel" onClick={() => setChannel(channel === "email" ? "mobile" : "email")}>
          {channel === "email" ? t("gmp-lib:auth.useMobile") : t("gmp-lib:auth.useEmail")}
        </button>
        <button type="submit" className="promo-button promo-button--primary promo-auth__submit" disabled={busy} aria-busy={busy}>
          {mode === "login" ? t("gmp-lib:auth.login.submit") : t("gmp-lib:auth.register.submit")}
        </button>
        {request.hideSwitch ? null : (
          <p className="promo-auth__switch">
            {mode === "login" ? t("gmp-lib:auth.login.noAccount") : t("gmp-lib:auth.register.haveAccount")}{" "}
            <button type="button" className="promo-link-button" onClick={() => switchAuth(mode === "login" ? "register" : "login")}>
              {mode === "login" ? t("gmp-lib:auth.register.switch") : t("gmp-lib:auth.login.switch")}
            </button>
          </p>
        )}
      </form>
    </Dialog>
  );
}
