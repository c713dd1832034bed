import { safeHref } from "../links";
import { openInNewTab } from "../../runtime/openLink";
import { useT } from "../../runtime/useT";
import type { Widgets } from "../../runtime/types";
import { Dialog } from "../dialog/Dialog";

/** Spec §2.3 and §9: the apply success pop-up, 300 px wide. */
export const POPUP_WIDTH = 300;

type PopupConfig = NonNullable<Widgets["quickApply"]>["popup"];

/**
 * Title, description and button text are configurable translation keys of the
 * campaign with the library's translated defaults; a configured redirect opens in a
 * new tab when the pop-up closes.
 */
export function ApplySuccessPopup({ open, config, onClose }: { open: boolean; config: PopupConfig; onClose: () => void }) {
  const t = useT();
  const close = () => {
    onClose();
    const href = safeHref(config.redirect);
    if (href) openInNewTab(href); // in the app, a mapped link opens its screen (runtime/openLink.ts)
  };
  return (
    <Dialog open={open} title={config.title ? t(config.title) : t("gmp-lib:apply.popup.title")} onClose={close} width={POPUP_WIDTH} closeLabel={t("gmp-lib:dialog.close")}>
      <p className="promo-popup__text">{config.description ? t(config.description) : t("gmp-lib:apply.popup.description")}</p>
      <button type="button" className="promo-button promo-button--primary promo-popup__button" onClick={close}>
        {config.button ? t(config.button) : t("gmp-lib:apply.popup.button")}
      </button>
    </Dialog>
  );
}
