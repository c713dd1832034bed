import { useUnavailable } from "../../api/unavailable";
import { usePage } from "../../runtime/page";
import { useT } from "../../runtime/useT";
import { Dialog } from "../dialog/Dialog";
import { ArrowIcon } from "../icons";

/**
 * Spec §2.5, §8 and DESIGN §6: the blocking "campaign not available" alert dialog. It
 * cannot be dismissed; its only way out is "Back to home", the site's own origin.
 */
export function CampaignUnavailable() {
  const t = useT();
  const { home } = usePage();
  const open = useUnavailable();
  return (
    <Dialog open={open} role="alertdialog" title={t("gmp-lib:unavailable.title")} width={400} initialFocus="a">
      <p className="promo-popup__text">{t("gmp-lib:unavailable.message")}</p>
      <a className="promo-button promo-button--primary promo-popup__button" href={home}>
        <ArrowIcon direction="back" />
        {t("gmp-lib:unavailable.home")}
      </a>
    </Dialog>
  );
}
