import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";

export interface DialogProps {
  open: boolean;
  /** The accessible name: rendered as the dialog's heading. */
  title: ReactNode;
  children: ReactNode;
  /** Escape, the close button and a click outside call it; omit it for a blocking dialog. */
  onClose?: () => void;
  /** "alertdialog" for messages that need an answer (DESIGN §6: campaign unavailable). */
  role?: "dialog" | "alertdialog";
  /** Width in CSS pixels: modals default to 520, pop-ups use 300 (spec §9). */
  width?: number;
  /** Label of the close button; no button without onClose. */
  closeLabel?: string;
  /** Where focus goes on open: a selector inside the dialog; default the first field or button. */
  initialFocus?: string;
  className?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog with the accessible defaults of Radix's: labelled by its title,
 * aria-modal, focus moved in on open, trapped while open (Tab and Shift+Tab cycle)
 * and given back to what had it on close, Escape closes, the page behind is inert
 * and does not scroll. Rendered into document.body, only in the browser. Pages use it
 * through Dialog, which loads it on first need; LoginModal, itself a lazy chunk,
 * uses it directly.
 */
export function DialogPanel({ open, title, children, onClose, role = "dialog", width = 520, closeLabel = "Close", initialFocus, className }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const restore = document.activeElement as HTMLElement | null;
    const root = document.getElementById("root");
    root?.setAttribute("inert", "");
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const el = panel.current!;
    // The first field or button of the content, not the close button of the header.
    const body = el.querySelector<HTMLElement>(".promo-dialog__body")!;
    const target = (initialFocus && el.querySelector<HTMLElement>(initialFocus)) || body.querySelector<HTMLElement>(FOCUSABLE) || el;
    target.focus();

    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && onCloseRef.current) {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key !== "Tab") return;
      const items = Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((x) => !x.closest("[hidden], [inert]"));
      if (items.length === 0) {
        e.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && (document.activeElement === first || !el.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !el.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      root?.removeAttribute("inert");
      document.body.style.overflow = overflow;
      // Give focus back to what opened the dialog, if it is still there.
      if (restore && restore.isConnected) restore.focus();
    };
  }, [open, initialFocus]);

  if (!open || typeof document === "undefined") return null;
  return createPortal(
    <div
      className="promo-dialog__backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && onCloseRef.current && role === "dialog") onCloseRef.current();
      }}
    >
      <div
        ref={panel}
        className={`promo-dialog ${className ?? ""}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ ["--promo-dialog-width" as string]: `${width}px` }}
      >
        <div className="promo-dialog__header">
          <h2 id={titleId} className="promo-dialog__title">
            {title}
          </h2>
          {onClose ? (
            <button type="button" className="promo-dialog__close" aria-label={closeLabel} onClick={() => onCloseRef.current?.()}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div className="promo-dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

export default DialogPanel;
