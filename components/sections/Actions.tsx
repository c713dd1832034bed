import { usePage } from "../runtime/page";
import { Slot } from "../template/Slot";
import { QuickApply } from "../widgets/apply/QuickApply";
import { QuickLogin } from "../widgets/login/QuickLogin";
import "./sections.css";

/**
 * The apply and login buttons the campaign configures, each in a slot of its real size
 * (nothing when it configures neither: DESIGN §6). The primary action is Apply, or the
 * login button when there is no Apply.
 *
 * With `sticky` (the default; Sections gives it to the first actions block only), phones
 * get the primary action in a bar pinned to the bottom of the screen (sections.css).
 * It is the same widget moved by CSS, not a second copy: one button, one pop-up, one
 * automatic sign-up, one name for assistive technology and tests. While the bar shows,
 * the page keeps room for it at the bottom and toasts stay clear of it.
 */
export function ActionsSection({ sticky = true }: { sticky?: boolean }) {
  const { widgets } = usePage().campaign;
  const apply = widgets.quickApply ? (
    <Slot name="quick-apply">
      <QuickApply />
    </Slot>
  ) : null;
  const login = widgets.quickLogin ? (
    <Slot name="quick-login">
      <QuickLogin />
    </Slot>
  ) : null;
  const primary = apply ?? login;
  if (!primary) return null;
  return (
    <div className={`promo-actions promo-actions--section${sticky ? " promo-actions--sticky" : ""}`}>
      <div className="promo-actions__primary">{primary}</div>
      {apply ? login : null}
    </div>
  );
}
