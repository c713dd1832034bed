import { useState } from "react";
import { logout } from "../api/account";
import { useProfile } from "../api/profile";
import { useT, useTextLang } from "../runtime/useT";
import { openAuth } from "../widgets/auth/store";

/**
 * The visitor's state in the page header (DESIGN §6): "Log in" and "Sign up" for a
 * visitor, the account's masked email or phone and "Log out" when logged in. The
 * prerendered page is the visitor's (the session is known only in the browser); a
 * logged-in visitor sees their account right after hydration.
 */
export function AccountControls() {
  const t = useT();
  const lang = useTextLang();
  const { isLogin, profile } = useProfile();
  const [leaving, setLeaving] = useState(false);
  if (!isLogin) {
    return (
      <div className="promo-account">
        <button type="button" className="promo-button promo-button--ghost promo-button--small" lang={lang("gmp-lib:header.login")} onClick={() => openAuth({ mode: "login" })}>
          {t("gmp-lib:header.login")}
        </button>
        <button type="button" className="promo-button promo-button--primary promo-button--small" lang={lang("gmp-lib:header.signup")} onClick={() => openAuth({ mode: "register" })}>
          {t("gmp-lib:header.signup")}
        </button>
      </div>
    );
  }
  const name = String(profile?.vague_email || profile?.vague_mobile || "");
  return (
    <div className="promo-account">
      {name ? (
        <span className="promo-account__name" dir="ltr">
          {name}
        </span>
      ) : null}
      <button
        type="button"
        className="promo-button promo-button--ghost promo-button--small"
        lang={lang("gmp-lib:header.logout")}
        aria-disabled={leaving || undefined}
        onClick={async () => {
          if (leaving) return;
          setLeaving(true);
          try {
            await logout();
          } finally {
            setLeaving(false);
          }
        }}
      >
        {t("gmp-lib:header.logout")}
      </button>
    </div>
  );
}
