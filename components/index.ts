// The components a designer composes campaigns/<slug>/page.tsx from:
//   import { Hero, Schedule, Rules, Slot, useT } from "@promo/components";
// or from the sections campaign.yaml composes (DESIGN §9):
//   import { HeroSection, PrizePoolSection, FaqSection } from "@promo/components";
export { default as CampaignPage } from "./template/CampaignPage";
export { Hero } from "./template/Hero";
export { Schedule } from "./template/Schedule";
export { Rules } from "./template/Rules";
export { Slot } from "./template/Slot";
export { Sections, DEFAULT_SECTIONS } from "./sections/Sections";
export { HeroSection } from "./sections/Hero";
export { ActionsSection } from "./sections/Actions";
export { PrizePoolSection } from "./sections/PrizePool";
export { CountdownSection } from "./sections/Countdown";
export { StepsSection } from "./sections/Steps";
export { TiersSection } from "./sections/Tiers";
export { FaqSection } from "./sections/Faq";
export { ScheduleSection, RulesSection } from "./sections/ScheduleRules";
export { PageHeader } from "./layout/PageHeader";
export { PageFooter } from "./layout/PageFooter";
export { LanguageSwitcher } from "./layout/LanguageSwitcher";
export { QuickApply } from "./widgets/apply/QuickApply";
export { QuickLogin } from "./widgets/login/QuickLogin";
export { Dialog } from "./widgets/dialog/Dialog";
export { openAuth } from "./widgets/auth/store";
export { usePage, useStable } from "./runtime/page";
export { useT } from "./runtime/useT";
export type { PageData, CampaignConfig, Widgets } from "./runtime/types";
export type { Section, Art } from "./runtime/contract.gen";
