import { useEffect, useRef, useState, type ComponentType, type RefObject } from "react";
import type { Section } from "../runtime/contract.gen";
import { usePage } from "../runtime/page";
import { useT, useTextLang } from "../runtime/useT";
import { LazyWidget } from "../widgets/lazy";
import { WidgetSkeleton } from "../widgets/WidgetStates";
import { SectionFrame } from "./frame";
import "./sections.css";

// The growth widgets (DESIGN §6, §7): each is a lazy chunk, so the first-load JS stays
// within budget however many a page shows. The section's frame and heading are in the
// prerendered HTML; the widget's chunk loads when the block comes within a screen of the
// viewport or when the browser is idle, whichever is first. Until then the block shows
// a skeleton of the widget's size (it will fill it: DESIGN §6, no empty boxes).

const loadPrizeDraw = () => import("../widgets/draw/PrizeDraw");
const loadMarket = () => import("../widgets/market/Market");
const loadInvitationCode = () => import("../widgets/invite/InvitationCode");
const loadMoreCampaigns = () => import("../widgets/campaigns/MoreCampaigns");

/** True once the element is within a screen of the viewport or the browser is idle. */
function useWanted(ref: RefObject<HTMLElement | null>): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const cleanups: (() => void)[] = [];
    if (typeof IntersectionObserver === "function" && ref.current) {
      const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want(), { rootMargin: "100% 0px" });
      io.observe(ref.current);
      cleanups.push(() => io.disconnect());
    }
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(want, { timeout: 4000 });
      cleanups.push(() => window.cancelIdleCallback(id));
    } else {
      const id = window.setTimeout(want, 2000);
      cleanups.push(() => window.clearTimeout(id));
    }
    return () => cleanups.forEach((c) => c());
  }, [ref, wanted]);
  return wanted;
}

function GrowthSection(props: { kind: string; heading: string; headingKey: string; cards?: number; load: () => Promise<{ default: ComponentType<object> }> }) {
  const lang = useTextLang();
  const ref = useRef<HTMLDivElement>(null);
  const wanted = useWanted(ref);
  const skeleton = <WidgetSkeleton />;
  return (
    <SectionFrame kind={props.kind} heading={props.heading} headingLang={lang(props.headingKey)}>
      {/* cards: how many cards the skeleton stands for (sections.css), at most 3 a row. */}
      <div ref={ref} className={`promo-growth promo-growth--${props.kind}${props.cards && props.cards > 1 ? ` promo-growth--cards-${Math.min(props.cards, 3)}` : ""}`}>
        {/* The skeleton stays until the chunk has loaded: nothing collapses in between. */}
        {wanted ? <LazyWidget load={props.load} props={{}} fallback={skeleton} /> : skeleton}
      </div>
    </SectionFrame>
  );
}

/** Chances left, the Draw button, the result dialog and My prizes (widgets.prizeDraw). */
export function PrizeDrawSection({ title }: Pick<Section, "title">) {
  const t = useT();
  if (!usePage().campaign.widgets.prizeDraw) return null;
  return <GrowthSection kind="prizeDraw" heading={title ? t(title) : t("gmp-lib:draw.title")} headingKey={title ?? "gmp-lib:draw.title"} load={loadPrizeDraw} />;
}

/** Each symbol's last price, 24-hour change and 24 hourly candles (widgets.market). */
export function MarketSection({ title }: Pick<Section, "title">) {
  const t = useT();
  const symbols = usePage().campaign.widgets.market?.symbols.length ?? 0;
  if (!symbols) return null;
  return (
    <GrowthSection kind="market" heading={title ? t(title) : t("gmp-lib:market.title")} headingKey={title ?? "gmp-lib:market.title"} cards={symbols} load={loadMarket} />
  );
}

/** The visitor's invitation code with Copy and a share link (widgets.invitationCode). */
export function InvitationCodeSection({ title }: Pick<Section, "title">) {
  const t = useT();
  if (!usePage().campaign.widgets.invitationCode?.enabled) return null;
  return (
    <GrowthSection kind="invitationCode" heading={title ? t(title) : t("gmp-lib:invite.title")} headingKey={title ?? "gmp-lib:invite.title"} load={loadInvitationCode} />
  );
}

/** The exchange's other campaigns with their status (the activity list). */
export function MoreCampaignsSection({ title }: Pick<Section, "title">) {
  const t = useT();
  return (
    <GrowthSection kind="moreCampaigns" heading={title ? t(title) : t("gmp-lib:campaigns.title")} headingKey={title ?? "gmp-lib:campaigns.title"} load={loadMoreCampaigns} />
  );
}
