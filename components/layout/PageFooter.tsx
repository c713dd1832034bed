import { usePage } from "../runtime/page";
import { useT, useTextLang } from "../runtime/useT";
import "./layout.css";

/** The page footer (DESIGN §6): the `contentinfo` landmark with the risk warning. */
export function PageFooter() {
  const t = useT();
  const lang = useTextLang();
  const { app, home } = usePage();
  return (
    <footer className="promo-footer">
      <div className="promo-footer__inner">
        <a className="promo-footer__brand" href={home}>
          {app.name}
        </a>
        <p className="promo-footer__risk" lang={lang("gmp-lib:footer.risk")}>{t("gmp-lib:footer.risk")}</p>
      </div>
    </footer>
  );
}
