import { usePage } from "../runtime/page";
import { useT, useTextLang } from "../runtime/useT";

/** The campaign's title and subtitle, from its namespace (hero.title, hero.subtitle). */
export function Hero() {
  const t = useT();
  const lang = useTextLang();
  const { campaign } = usePage();
  return (
    <header className="promo-hero">
      <div className="promo-hero__text">
        <h1 className="promo-hero__title" lang={lang("hero.title")}>
          {t("hero.title")}
        </h1>
        <p className="promo-hero__subtitle" lang={lang("hero.subtitle")}>
          {t("hero.subtitle")}
        </p>
      </div>
      {campaign.image ? (
        // Decorative: the title says what the campaign is. The shell preloads it with
        // high priority in <head> (it is the largest paint).
        <img className="promo-hero__image" src={campaign.image} alt="" width={480} height={270} />
      ) : null}
    </header>
  );
}
