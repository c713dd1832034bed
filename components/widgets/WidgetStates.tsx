import type { Ref } from "react";
import { useT } from "../runtime/useT";

// The two states every widget shows in its own space before it has its data: loading
// and failed (DESIGN §6: a slot is never a blank block).

/**
 * A widget still loading: a busy placeholder of its size (the `promo-growth__skeleton`
 * rules of sections/sections.css, or the widget's own `className`) that screen readers
 * announce as loading.
 */
export function WidgetSkeleton(props: { className?: string }) {
  const t = useT();
  return (
    <div className={`promo-growth__skeleton${props.className ? ` ${props.className}` : ""}`} aria-busy="true">
      <span className="promo-visually-hidden">{t("gmp-lib:widget.loading")}</span>
    </div>
  );
}

/**
 * A widget whose data or code failed to load says so in its own space, with a retry
 * (DESIGN §6: never a blank block). An alert, so screen readers hear the failure; the
 * widget gives its message and what Retry does. `className` may add the widget's own
 * sizing (the height of the skeleton it replaces, so the failure shifts nothing).
 */
export function WidgetError(props: { message: string; onRetry: () => void; className?: string; small?: boolean; retryRef?: Ref<HTMLButtonElement> }) {
  const t = useT();
  return (
    <div className={`promo-widget-error${props.className ? ` ${props.className}` : ""}`} role="alert">
      <p>{props.message}</p>
      <button ref={props.retryRef} type="button" className={`promo-button promo-button--secondary${props.small ? " promo-button--small" : ""}`} onClick={props.onRetry}>
        {t("gmp-lib:widget.retry")}
      </button>
    </div>
  );
}
