import type { ReactNode } from "react";

/**
 * Reserved room for a widget that mounts after hydration. The slot has the widget's
 * real size from the first paint (styles/base.css, .promo-slot--<name>), so nothing
 * shifts when the widget appears. A slot is room for a widget that will render: without
 * one (a widget not built yet) it renders nothing and takes no space (DESIGN §6: no
 * empty boxes).
 */
export function Slot(props: { name: "quick-apply" | "quick-login" | "invitation-code" | "market" | "prize-draw"; children?: ReactNode }) {
  if (props.children == null || props.children === false) return null;
  return (
    <div className={`promo-slot promo-slot--${props.name}`} data-slot={props.name}>
      {props.children}
    </div>
  );
}
