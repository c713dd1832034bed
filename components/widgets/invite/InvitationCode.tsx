import { useEffect, useRef, useState } from "react";
import { shareLink, useInvitationCode } from "../../api/invite";
import { useProfile } from "../../api/profile";
import { useClientContext } from "../../runtime/context";
import { useT } from "../../runtime/useT";
import { openAuth } from "../auth/store";
import "../widgets.css";
import "./invite.css";
import { WidgetError, WidgetSkeleton } from "../WidgetStates";

/** How long the "Copied" status stays before the status line empties again. */
export const COPIED_MS = 3000;

type Notice = "" | "copied" | "failed";

/** Copies text; false when the browser refuses (no permission, an insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The invitation code (DESIGN §6 "invitation code"): the logged-in visitor's code with
 * Copy, and the page's link carrying it as `ref` with Share (the Web Share API on
 * phones, a copy elsewhere). Visitors get a "Log in" button; the code appears after the
 * login. A failed call says so here with a Retry (DESIGN §6: no empty boxes).
 */
export default function InvitationCode() {
  const t = useT();
  const { isLogin } = useProfile();
  const { isPhone } = useClientContext();
  const { data: code, error, isValidating, mutate } = useInvitationCode(isLogin);
  const [notice, setNotice] = useState<Notice>("");
  const timer = useRef<number | undefined>(undefined);
  const codeRef = useRef<HTMLElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  // Focus goes to Copy once the code shows after a login or a retry from this widget,
  // since the button that was pressed is gone by then.
  const focusCopy = useRef(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    if (code && focusCopy.current) {
      focusCopy.current = false;
      copyRef.current?.focus();
    }
  }, [code]);

  const show = (n: Notice) => {
    setNotice(n);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setNotice(""), COPIED_MS);
  };
  // When copying is refused, select the text so the visitor can copy it themselves.
  const copy = async (text: string, el: HTMLElement | null) => {
    if (await copyText(text)) return show("copied");
    if (el) window.getSelection()?.selectAllChildren(el);
    show("failed");
  };

  if (!isLogin) {
    return (
      <div className="promo-invite promo-invite--visitor">
        <p className="promo-invite__hint">{t("gmp-lib:invite.loginHint")}</p>
        <button
          type="button"
          className="promo-button promo-button--primary"
          onClick={() => openAuth({ mode: "login", onSuccess: () => (focusCopy.current = true) })}
        >
          {t("gmp-lib:invite.login")}
        </button>
      </div>
    );
  }
  if (!code && (!error || isValidating)) {
    return (
      <WidgetSkeleton className="promo-invite__skeleton" />
    );
  }
  if (!code) {
    return (
      <WidgetError
        message={t("gmp-lib:invite.error")}
        onRetry={() => {
          focusCopy.current = true;
          void mutate();
        }}
      />
    );
  }

  const link = shareLink(code);
  const share = async () => {
    if (isPhone && typeof navigator.share === "function") {
      try {
        await navigator.share({ url: link, title: document.title });
        return;
      } catch (e) {
        if ((e as Error).name === "AbortError") return; // the visitor closed the share sheet
      }
    }
    await copy(link, linkRef.current);
  };
  return (
    <div className="promo-invite">
      <dl className="promo-invite__list">
        <div className="promo-invite__item">
          <dt className="promo-invite__label">{t("gmp-lib:invite.code")}</dt>
          <dd className="promo-invite__value">
            <code ref={codeRef} className="promo-invite__code" dir="ltr" translate="no">
              {code}
            </code>
            <button ref={copyRef} type="button" className="promo-button promo-button--primary promo-invite__button" onClick={() => void copy(code, codeRef.current)}>
              {t("gmp-lib:invite.copy")}
            </button>
          </dd>
        </div>
        <div className="promo-invite__item">
          <dt className="promo-invite__label">{t("gmp-lib:invite.link")}</dt>
          <dd className="promo-invite__value">
            <a ref={linkRef} className="promo-invite__link" href={link} dir="ltr" translate="no">
              {link}
            </a>
            <button type="button" className="promo-button promo-button--secondary promo-invite__button" onClick={() => void share()}>
              {t("gmp-lib:invite.share")}
            </button>
          </dd>
        </div>
      </dl>
      <p className={`promo-invite__status${notice === "failed" ? " promo-invite__status--failed" : ""}`} role="status" aria-live="polite">
        {notice === "copied" ? t("gmp-lib:invite.copied") : notice === "failed" ? t("gmp-lib:invite.copyFailed") : ""}
      </p>
    </div>
  );
}
