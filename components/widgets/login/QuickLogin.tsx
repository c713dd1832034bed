import { useState } from "react";
import { useSession } from "../../api/session";
import { useT } from "../../runtime/useT";
import { usePage } from "../../runtime/page";
import { openAuth, type AuthMode } from "../auth/store";
import { Dialog } from "../dialog/Dialog";
import { safeHref } from "../links";
import { openInNewTab } from "../../runtime/openLink";
import { POPUP_WIDTH } from "../apply/ApplySuccessPopup";
import "../widgets.css";

/**
 * The quick login/register button (spec §2.4, §6): opens the modal on the configured
 * form; disabled for a logged-in user. Success shows a pop-up saying which action
 * succeeded; closing it opens the configured redirect in a new tab.
 */
export function QuickLogin() {
  const t = useT();
  const config = usePage().campaign.widgets.quickLogin;
  const isLogin = useSession();
  const [succeeded, setSucceeded] = useState<AuthMode | null>(null);
  if (!config) return null;
  const close = () => {
    setSucceeded(null);
    const href = safeHref(config.redirect);
    if (href) openInNewTab(href); // in the app, a mapped link opens its screen (runtime/openLink.ts)
  };
  return (
    <>
      <button
        type="button"
        className="promo-button promo-button--secondary"
        aria-disabled={isLogin || undefined}
        onClick={() => {
          if (!isLogin) openAuth({ mode: config.action, onSuccess: setSucceeded });
        }}
      >
        {config.action === "login" ? t("gmp-lib:quickLogin.login") : t("gmp-lib:quickLogin.register")}
      </button>
      <Dialog open={succeeded !== null} title={t("gmp-lib:quickLogin.title")} onClose={close} width={POPUP_WIDTH} closeLabel={t("gmp-lib:dialog.close")}>
        <p className="promo-popup__text">{succeeded === "register" ? t("gmp-lib:quickLogin.registered") : t("gmp-lib:quickLogin.loggedIn")}</p>
        <button type="button" className="promo-button promo-button--primary promo-popup__button" onClick={close}>
          {t("gmp-lib:quickLogin.button")}
        </button>
      </Dialog>
    </>
  );
}
