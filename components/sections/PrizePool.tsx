import type { Section } from "../runtime/contract.gen";
import { useT, useTextLang } from "../runtime/useT";
import { SectionFrame, useLocaleNumber } from "./frame";
import "./sections.css";

/**
 * The prize-pool banner: its heading and the amount in the page's locale, large and in
 * the accent colour, with its unit (e.g. "500,000 USDT"). Nothing without an amount.
 */
export function PrizePoolSection({ title, amount, unit }: Pick<Section, "title" | "amount" | "unit">) {
  const t = useT();
  const lang = useTextLang();
  const value = useLocaleNumber(amount ?? 0);
  if (amount == null) return null;
  const heading = title ?? "gmp-lib:sections.prizePool"; // for lang(): t() gets the literal key, which the build reads to ship the text
  return (
    <SectionFrame kind="prizePool" heading={title ? t(title) : t("gmp-lib:sections.prizePool")} headingLang={lang(heading)} card={false}>
      <p className="promo-prize-pool__amount">
        <span className="promo-prize-pool__value">{value}</span>
        {unit ? (
          <>
            {" "}
            <span className="promo-prize-pool__unit">{unit}</span>
          </>
        ) : null}
      </p>
    </SectionFrame>
  );
}
