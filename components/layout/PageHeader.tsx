import { usePage } from "../runtime/page";
import { AccountControls } from "./AccountControls";
import { LanguageSwitcher } from "./LanguageSwitcher";
import "./layout.css";

/**
 * The page header (DESIGN §6): the `banner` landmark with the brand linking to the
 * site's home, the language switcher and the visitor's state.
 */
export function PageHeader() {
  const { app, home } = usePage();
  return (
    <header className="promo-header">
      <div className="promo-header__inner">
        <a className="promo-header__brand" href={home}>
          <span className="promo-header__mark" aria-hidden="true" />
          {app.name}
        </a>
        <div className="promo-header__end">
          <LanguageSwitcher />
          <AccountControls />
        </div>
      </div>
    </header>
  );
}
