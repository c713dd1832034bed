import { useId, type ReactNode } from "react";
import { formatNumber } from "../format/number";
import { usePage, useStable } from "../runtime/page";
import "./sections.css";

/**
 * One block of the page (DESIGN §9): a region named by its heading, so screen-reader
 * users can jump from block to block. `card` puts the block on a surface card; blocks
 * whose items are cards themselves (steps) or that are a banner leave it out.
 */
export function SectionFrame(props: { kind: string; heading: string; headingLang?: string; card?: boolean; children: ReactNode }) {
  const id = useId();
  const card = props.card === false ? "" : " promo-card";
  return (
    <section className={`promo-section promo-section--${props.kind}${card}`} aria-labelledby={id}>
      <h2 id={id} className="promo-section-title" lang={props.headingLang}>
        {props.heading}
      </h2>
      {props.children}
    </section>
  );
}

/**
 * A number in the page's locale (Latin digits everywhere, format/number.ts). Node's and
 * the browser's Intl data can group digits differently, so the prerendered text is
 * reused by the first client render (DESIGN §2); equal numbers share one stable entry.
 */
export function useLocaleNumber(value: number): string {
  const { locale } = usePage();
  return useStable(`number:${value}`, () => formatNumber(locale, value));
}

/** A number with its unit ("500,000 USDT"), kept on one line. */
export function Amount({ value, unit }: { value: number; unit?: string }) {
  const text = useLocaleNumber(value);
  return <>{unit ? `${text}\u00a0${unit}` : text}</>;
}
