import { useId, useLayoutEffect, useRef, useState } from "react";
import { usePage } from "../../runtime/page";
import { useT } from "../../runtime/useT";
import { closedRecently, platformOf, rememberClose, safariBannerShows } from "./visibility";
import "./banner.css";

/**
 * The smart app banner (DESIGN §6, §8): region "Get the app" with a link "Open" to the
 * page's app link (page data appLink, deeplinks.md), the store of the visitor's platform
 * and a "Close" button remembered for 30 days. BannerHost renders it on phones outside
 * the app only; it stays away when Safari shows its own banner or after a Close.
 */
export default function Banner() {
  const data = usePage();
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(
    () => !closedRecently(data.brand) && !safariBannerShows(navigator.userAgent) && data.appLink !== "",
  );

  // The banner overlays the bottom edge above the sticky call to action: nothing in the
  // page moves. Toasts keep clear of both (runtime/toast.css reads the offset; the inline
  // property wins over the stylesheet's value for the bar alone), and the page's end
  // gets room below its last content, as sections.css gives it for the bar, so the
  // footer can still be scrolled into view (room after the end moves nothing on screen).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const root = document.documentElement.style;
    const set = () => {
      root.setProperty("--promo-banner-size", `${el.offsetHeight}px`);
      root.setProperty("--promo-toast-offset", "calc(var(--promo-cta-bar-size, 0px) + var(--promo-banner-size))");
      document.body.style.setProperty("padding-block-end", "calc(var(--promo-cta-bar-size, 0px) + var(--promo-banner-size))");
    };
    set();
    const ro = typeof ResizeObserver === "function" ? new ResizeObserver(set) : null;
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      root.removeProperty("--promo-banner-size");
      root.removeProperty("--promo-toast-offset");
      document.body.style.removeProperty("padding-block-end");
    };
  }, [shown]);

  if (!shown) return null;
  const platform = platformOf(navigator.userAgent);
  const store = platform === "ios" ? data.app.storeIos : platform === "android" ? data.app.storeAndroid : "";
  const close = () => {
    rememberClose(data.brand);
    setShown(false);
  };
  return (
    <section ref={ref} className="promo-banner" aria-labelledby={titleId}>
      <button type="button" className="promo-banner__close" aria-label={t("gmp-lib:banner.close")} onClick={close}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
      <div className="promo-banner__text">
        <p id={titleId} className="promo-banner__title">
          {t("gmp-lib:banner.title")}
        </p>
        <p className="promo-banner__pitch">{t("gmp-lib:banner.pitch", { app: data.app.name })}</p>
        {store && (
          <a className="promo-banner__store" href={store} rel="noopener noreferrer">
            {platform === "ios" ? t("gmp-lib:banner.appStore") : t("gmp-lib:banner.googlePlay")}
          </a>
        )}
      </div>
      <a className="promo-banner__open" href={data.appLink}>
        {t("gmp-lib:banner.open")}
      </a>
    </section>
  );
}
