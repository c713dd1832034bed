import { useBuildHtml, usePage } from "../runtime/page";
import { useT, useTextLang } from "../runtime/useT";

/**
 * Terms and rules: Markdown rendered by goldmark at build time (raw HTML is never
 * passed through, links are checked), inserted as is. Nothing when the campaign has
 * no rules.
 */
export function Rules() {
  const t = useT();
  const lang = useTextLang();
  const { rulesLang } = usePage();
  const html = useBuildHtml("rules");
  if (!html) return null;
  return (
    <section className="promo-rules" aria-labelledby="promo-rules-title">
      <h2 id="promo-rules-title" className="promo-section-title" lang={lang("gmp-lib:rules.title")}>
        {t("gmp-lib:rules.title")}
      </h2>
      <div className="promo-rules__body" lang={rulesLang} data-promo-html="rules" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
