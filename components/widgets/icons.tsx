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
