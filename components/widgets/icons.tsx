/**
 * An arrow that follows the reading direction: "forward" points to the end of the
 * line (right in English, left in Arabic), "back" to its start. Decorative: the
 * text beside it says where it leads.
 */
export function ArrowIcon({ direction = "forward" }: { direction?: "forward" | "back" }) {
  return (
    <svg className={`promo-icon promo-icon--directional promo-icon--${direction}`} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M3 8h9M8.5 4 12.5 8l-4 4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A globe: marks the language switcher. Decorative. */
export function GlobeIcon() {
  return (
    <svg className="promo-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.4">
        <circle cx="8" cy="8" r="6.3" />
        <path d="M1.7 8h12.6M8 1.7c1.8 1.7 2.7 3.8 2.7 6.3S9.8 12.6 8 14.3C6.2 12.6 5.3 10.5 5.3 8S6.2 3.4 8 1.7Z" />
      </g>
    </svg>
  );
}
