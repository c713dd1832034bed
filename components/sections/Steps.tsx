import type { Section } from "../runtime/contract.gen";
import { useT } from "../runtime/useT";
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
  if (!items?.length) return null;
  return (
    <SectionFrame kind="steps" heading={title ? t(title) : t("gmp-lib:sections.steps")} card={false}>
      <ol className="promo-steps">
        {items.map((item, i) => (
          <li key={item} className="promo-steps__item promo-card">
            <span className="promo-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="promo-steps__title">{t(`${item}.title`)}</h3>
            <p className="promo-steps__body">{t(`${item}.body`)}</p>
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}
