import { useEffect, useId, useRef, useState } from "react";
import { usePage } from "../runtime/page";
import { useT } from "../runtime/useT";
import { GlobeIcon } from "../widgets/icons";
import "./layout.css";

/**
 * The language switcher (DESIGN §6): a control named "Language" listing a link per
 * locale the campaign is published in, by the language's own name, each with hreflang.
 *
 * Without JavaScript it is a link to the list, which CSS shows while it is the URL's
 * target; once hydrated the link opens and closes the list in place (Escape or a click
 * elsewhere closes it and focus returns). The links keep the page's query string, so a
 * referral code survives a change of language.
 */
export function LanguageSwitcher() {
  const t = useT();
  const { locale, languages } = usePage();
  const id = useId().replace(/:/g, "") + "-languages";
  const [open, setOpen] = useState(false);
  // The query is the visitor's: known only in the browser, after hydration.
  const [query, setQuery] = useState("");
  const toggle = useRef<HTMLAnchorElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => setQuery(window.location.search), []);
  useEffect(() => {
    if (!open) return;
    const list = menu.current;
    (list?.querySelector<HTMLAnchorElement>('[aria-current="true"]') ?? list?.querySelector("a"))?.focus();
    const close = (focusToggle: boolean) => {
      setOpen(false);
      if (focusToggle) toggle.current?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (!toggle.current?.parentElement?.contains(e.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  const current = languages.find((l) => l.locale === locale);
  return (
    <div className="promo-lang" data-open={open || undefined}>
      <a
        ref={toggle}
        className="promo-lang__toggle"
        href={`#${id}`}
        aria-controls={id}
        aria-expanded={open}
        onClick={(e) => {
          e.preventDefault();
          setOpen((o) => !o);
        }}
      >
        <GlobeIcon />
        <span className="promo-visually-hidden">{t("gmp-lib:header.language")}: </span>
        <span lang={locale}>{current?.name ?? locale}</span>
      </a>
      <ul ref={menu} id={id} className="promo-lang__menu" aria-label={t("gmp-lib:header.language")}>
        {languages.map((l) => (
          <li key={l.locale}>
            <a href={l.href + query} hrefLang={l.locale} lang={l.locale} aria-current={l.locale === locale ? "true" : undefined}>
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
