import type { Section } from "../runtime/contract.gen";
import { usePage } from "../runtime/page";
import { ActionsSection } from "./Actions";
import { CountdownSection } from "./Countdown";
import { FaqSection } from "./Faq";
import { InvitationCodeSection, MarketSection, MoreCampaignsSection, PrizeDrawSection } from "./Growth";
import { HeroSection } from "./Hero";
import { PrizePoolSection } from "./PrizePool";
import { RulesSection, ScheduleSection } from "./ScheduleRules";
import { StepsSection } from "./Steps";
import { TiersSection } from "./Tiers";

/**
 * The blocks of a campaign that lists none in campaign.yaml; the growth widgets render
 * only when widgets: configures them.
 */
export const DEFAULT_SECTIONS: readonly Section[] = [
  { type: "hero" },
  { type: "actions" },
  { type: "invitationCode" },
  { type: "prizeDraw" },
  { type: "market" },
  { type: "schedule" },
  { type: "rules" },
];

function SectionBlock({ section: s, sticky }: { section: Section; sticky: boolean }) {
  switch (s.type) {
    case "hero":
      return <HeroSection title={s.title} art={s.art} />;
    case "actions":
      return <ActionsSection sticky={sticky} />;
    case "prizePool":
      return <PrizePoolSection title={s.title} amount={s.amount} unit={s.unit} />;
    case "countdown":
      return <CountdownSection title={s.title} />;
    case "steps":
      return <StepsSection title={s.title} items={s.items} />;
    case "tiers":
      return <TiersSection title={s.title} columns={s.columns} units={s.units} rows={s.rows} />;
    case "faq":
      return <FaqSection title={s.title} items={s.items} />;
    case "schedule":
      return <ScheduleSection />;
    case "rules":
      return <RulesSection />;
    case "prizeDraw":
      return <PrizeDrawSection title={s.title} />;
    case "market":
      return <MarketSection title={s.title} />;
    case "invitationCode":
      return <InvitationCodeSection title={s.title} />;
    case "moreCampaigns":
      return <MoreCampaignsSection title={s.title} />;
    default:
      // A type this version of the components does not know yet renders nothing.
      return null;
  }
}

/**
 * The page's blocks in the order campaign.yaml lists them (DESIGN §9), or hero, actions,
 * schedule and rules when it lists none. Only the first actions block pins its primary
 * action to the bottom of phone screens: one bar, however many actions blocks.
 */
export function Sections() {
  const configured = usePage().campaign.sections;
  const sections = configured?.length ? configured : DEFAULT_SECTIONS;
  const sticky = sections.findIndex((s) => s.type === "actions");
  return (
    <>
      {sections.map((s, i) => (
        <SectionBlock key={i} section={s} sticky={i === sticky} />
      ))}
    </>
  );
}
