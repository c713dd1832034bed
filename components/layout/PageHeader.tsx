import { usePage } from "../runtime/page";
import { AccountControls } from "./AccountControls";
import { LanguageSwitcher } from "./LanguageSwitcher";
import "./layout.css";

/**
 * The page header (DESIGN §6): the `banner` landmark with the brand linking to the
 * site's home, the language switcher and the visitor's state. On a narrow phone the
 * brand shows its mark only (its name stays the link's accessible name), so the header
 * keeps one row even with Arabic or Russian button labels.
 */
export function PageHeader() {
  const { app, home } = usePage();
  return (
    <header className="promo-header">
      <div className="promo-header__inner">
        <a className="promo-header__brand" href={home}>
          <span className="promo-header__mark" aria-hidden="true" />
          <span className="promo-header__name">{app.name}</span>
        </a>
        <div className="promo-header__end">
          <LanguageSwitcher />
          <AccountControls />
        </div>
      </div>
    </header>
  );
}
