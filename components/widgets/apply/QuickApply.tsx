import { useEffect, useRef } from "react";
import { useCampaignInfo } from "../../api/campaign";
import { useSession } from "../../api/session";
import { useT } from "../../runtime/useT";
import { usePage } from "../../runtime/page";
import { openAuth } from "../auth/store";
import { safeHref } from "../links";
import { ArrowIcon } from "../icons";
import { ApplySuccessPopup } from "./ApplySuccessPopup";
import { applyView } from "./state";
import { useEnrolment } from "./useEnrolment";
import "../widgets.css";

/**
 * The quick-apply button (spec §2.2, §4; DESIGN §6): "Apply" or "Joined", as a button
 * or a text link. A visitor's press opens the login modal and, once logged in, goes
 * on to enrol without a second press.
 */
export function QuickApply() {
  const t = useT();
  const { campaign } = usePage();
  const config = campaign.widgets.quickApply;
  const isLogin = useSession();
  const { data: info } = useCampaignInfo(campaign, isLogin);
  const enrolment = useEnrolment(campaign);
  const view = applyView(isLogin, info);
  const auto = useRef(false);

  // Spec §4: the optional auto sign-up fires once, when registration is ready: a
  // visitor gets the sign-up form, a logged-in user of an ongoing campaign is enrolled.
  useEffect(() => {
    if (!config?.autoSignUp || auto.current) return;
    if (!isLogin) {
      auto.current = true;
      openAuth({ mode: "register", redeem: () => void enrolment.run() });
    } else if (info) {
      auto.current = true;
      if (!view.disabled) void enrolment.run();
    }
  }, [config?.autoSignUp, isLogin, info, view.disabled, enrolment]);

  if (!config) return null;
  const onApply = () => {
    if (view.disabled || enrolment.pending) return;
    if (!isLogin) openAuth({ mode: "login", redeem: () => void enrolment.run() });
    else void enrolment.run();
  };

  let body;
  if (view.joined && config.afterEnroll === "hide") body = null;
  else if (view.joined && config.afterEnroll === "links") {
    body = (
      <div className="promo-apply__links">
        {(config.links ?? []).map((l) => (
          <a key={l.href} className="promo-button promo-button--secondary" href={safeHref(l.href)} {...(l.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
            {t(l.text)}
            <ArrowIcon />
          </a>
        ))}
      </div>
    );
  } else {
    const label = view.joined ? t("gmp-lib:apply.joined") : t("gmp-lib:apply.apply");
    body =
      config.style === "link" ? (
        <a
          href="#apply"
          className="promo-apply__link"
          aria-disabled={view.disabled || undefined}
          onClick={(e) => {
            e.preventDefault();
            onApply();
          }}
        >
          {label}
        </a>
      ) : (
        // aria-disabled, not disabled: the button stays focusable, so focus can come back
        // to it when the pop-up closes and a keyboard user hears why nothing happens.
        <button
          type="button"
          className="promo-button promo-button--primary promo-apply__button"
          aria-disabled={view.disabled || undefined}
          aria-busy={enrolment.pending || undefined}
          onClick={onApply}
        >
          {label}
        </button>
      );
  }
  return (
    <>
      {body}
      <ApplySuccessPopup open={enrolment.succeeded} config={config.popup} onClose={enrolment.dismiss} />
    </>
  );
}
