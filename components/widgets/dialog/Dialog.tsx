import { useEffect } from "react";
import { LazyWidget, prefetchWhenIdle } from "../lazy";
import type { DialogProps } from "./DialogPanel";
import "./dialog.css";

export type { DialogProps } from "./DialogPanel";

// The pop-ups open only after a visitor acts (or on a rare error), so their code is a
// lazy chunk fetched when the browser is idle, out of the first load (DESIGN §7: 90 KB).
const loadPanel = () => import("./DialogPanel");
let prefetched = false;

/**
 * A modal dialog (see DialogPanel for its accessible behaviour). Closed, it renders
 * nothing and costs nothing; open, it mounts the panel, which takes focus and gives it
 * back when it closes.
 */
export function Dialog(props: DialogProps) {
  useEffect(() => {
    if (prefetched) return;
    prefetched = true;
    const cancel = prefetchWhenIdle(loadPanel);
    return () => {
      cancel();
      prefetched = false;
    };
  }, []);
  if (!props.open) return null;
  return <LazyWidget load={loadPanel} props={props} />;
}
