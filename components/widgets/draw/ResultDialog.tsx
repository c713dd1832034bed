import { useT } from "../../runtime/useT";
import { Dialog } from "../dialog/Dialog";

/** Narrower than a form's modal: a pop-up (spec §9 pop-up width 300) with room for the prize. */
export const RESULT_WIDTH = 360;

/**
 * The draw's result (DESIGN §6): a dialog named by its heading, "Your prize" and the
 * prize itself, which the reveal animation brings in (draw.css; none for visitors who
 * ask for reduced motion). "Got it" closes it and focus goes back to Draw.
 */
export function ResultDialog({ prize, onClose }: { prize: string | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open={prize !== null}
      title={
        <>
          <span className="promo-draw__won-label">{t("gmp-lib:draw.result")}</span>{" "}
          <span className="promo-draw__won-prize">{prize}</span>
        </>
      }
      onClose={onClose}
      width={RESULT_WIDTH}
      closeLabel={t("gmp-lib:dialog.close")}
      className="promo-draw__dialog"
    >
      <div className="promo-draw__reveal" aria-hidden="true">
        <GiftIcon />
      </div>
      <p className="promo-popup__text promo-draw__won-hint">{t("gmp-lib:draw.resultHint")}</p>
      <button type="button" className="promo-button promo-button--primary promo-popup__button" onClick={onClose}>
        {t("gmp-lib:draw.gotIt")}
      </button>
    </Dialog>
  );
}

/** A gift box: the prize tiles and the reveal. Decorative. */
export function GiftIcon() {
  return (
    <svg className="promo-draw__gift" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
        <rect x="4" y="11" width="24" height="6" rx="1.5" />
        <path d="M6 17v10.5h20V17M16 11v16.5" />
        <path d="M16 11c-2-4.5-7.5-5.5-7.5-2.2 0 2.2 4 2.2 7.5 2.2Zm0 0c2-4.5 7.5-5.5 7.5-2.2 0 2.2-4 2.2-7.5 2.2Z" />
      </g>
    </svg>
  );
}
