import { useId, useState } from "react";
import type { Section } from "../runtime/contract.gen";
import { useT, useTextLang } from "../runtime/useT";
import { SectionFrame } from "./frame";
import "./sections.css";

/** A chevron that turns when its answer opens; symmetric, so it needs no mirroring. Decorative. */
function Chevron() {
  return (
    <svg className="promo-faq__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function FaqItem({ item }: { item: string }) {
  const t = useT();
  const lang = useTextLang();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="promo-faq__item">
      <h3 className="promo-faq__question">
        {/* A native button: Enter and Space toggle it, and it is in the tab order. */}
        <button type="button" id={`${id}q`} className="promo-faq__button" aria-expanded={open} aria-controls={`${id}a`} onClick={() => setOpen(!open)}>
          <span lang={lang(`${item}.question`)}>{t(`${item}.question`)}</span>
          <Chevron />
        </button>
      </h3>
      <div id={`${id}a`} className="promo-faq__answer" hidden={!open}>
        <p lang={lang(`${item}.answer`)}>{t(`${item}.answer`)}</p>
      </div>
    </div>
  );
}

/**
 * Questions and answers as a disclosure list (the WAI-ARIA accordion pattern, each item
 * independent): a heading holds a button that says whether its answer is expanded and
 * which panel it controls; a closed answer is hidden. Items are key prefixes of the
 * campaign's texts with a question and an answer.
 */
export function FaqSection({ title, items }: Pick<Section, "title" | "items">) {
  const t = useT();
  const lang = useTextLang();
  if (!items?.length) return null;
  const heading = title ?? "gmp-lib:sections.faq"; // for lang(): t() gets the literal key, which the build reads to ship the text
  return (
    <SectionFrame kind="faq" heading={title ? t(title) : t("gmp-lib:sections.faq")} headingLang={lang(heading)}>
      <div className="promo-faq">
        {items.map((item) => (
          <FaqItem key={item} item={item} />
        ))}
      </div>
    </SectionFrame>
  );
}
