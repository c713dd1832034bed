import type { Section } from "../runtime/contract.gen";
import { useT, useTextLang } from "../runtime/useT";
import { SectionFrame } from "./frame";
import "./sections.css";

/**
 * Numbered task cards. Each item is a key prefix of the campaign's texts with a title
 * and a body (campaign.yaml names them, so the build ships exactly those). An ordered
 * list already tells assistive technology the numbers, so the drawn ones are hidden
 * from it.
 */
export function StepsSection({ title, items }: Pick<Section, "title" | "items">) {
  const t = useT();
  const lang = useTextLang();
  if (!items?.length) return null;
  const heading = title ?? "gmp-lib:sections.steps"; // for lang(): t() gets the literal key, which the build reads to ship the text
  return (
    <SectionFrame kind="steps" heading={title ? t(title) : t("gmp-lib:sections.steps")} headingLang={lang(heading)} card={false}>
      <ol className="promo-steps">
        {items.map((item, i) => (
          <li key={item} className="promo-steps__item promo-card">
            <span className="promo-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="promo-steps__title" lang={lang(`${item}.title`)}>
              {t(`${item}.title`)}
            </h3>
            <p className="promo-steps__body" lang={lang(`${item}.body`)}>
              {t(`${item}.body`)}
            </p>
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}
