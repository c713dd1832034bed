import type { Art, Section } from "../runtime/contract.gen";
import { usePage } from "../runtime/page";
import { useT, useTextLang } from "../runtime/useT";
import "./sections.css";

// The campaign image of a campaign without sections has no recorded size: it keeps the
// 16:9 room the standard template always gave it.
const LEGACY_WIDTH = 480;
const LEGACY_HEIGHT = 270;

/**
 * The campaign's title (h1) and subtitle beside its art (DESIGN §9): stacked on phones,
 * side by side from 768 px, mirrored right to left by the grid. The art is the page's
 * largest paint: its intrinsic size reserves its room before it loads, and the shell
 * preloads it, so it is fetched first and never lazily. It is decorative: the title
 * names the campaign.
 */
export function HeroSection({ title, art }: Pick<Section, "title" | "art">) {
  const t = useT();
  const lang = useTextLang();
  const { campaign } = usePage();
  const heading = title ?? "hero.title"; // for lang(): t() gets the literal key, which the build reads to ship the text
  const image: Art | undefined = art ?? (campaign.image ? { src: campaign.image, width: LEGACY_WIDTH, height: LEGACY_HEIGHT } : undefined);
  return (
    <section className="promo-hero promo-hero--section">
      <div className="promo-hero__text">
        <h1 className="promo-hero__title" lang={lang(heading)}>
          {title ? t(title) : t("hero.title")}
        </h1>
        <p className="promo-hero__subtitle" lang={lang("hero.subtitle")}>
          {t("hero.subtitle")}
        </p>
      </div>
      {image ? (
        // The box is the template's .promo-hero__image (what the page's styles and tests
        // address); the image inside keeps the ratio of its width and height attributes,
        // which the template's fixed 16:9 would override. No inline style: the pages'
        // Content-Security-Policy refuses them.
        <div className="promo-hero__art promo-hero__image">
          <img
            className="promo-hero__art-image"
            src={image.src}
            srcSet={image.srcset}
            sizes={image.sizes}
            alt=""
            width={image.width}
            height={image.height}
            fetchPriority="high"
          />
        </div>
      ) : null}
    </section>
  );
}
