import { usePage } from "../runtime/page";
import { QuickApply } from "../widgets/apply/QuickApply";
import { QuickLogin } from "../widgets/login/QuickLogin";
import { Hero } from "./Hero";
import { Rules } from "./Rules";
import { Schedule } from "./Schedule";
import { Slot } from "./Slot";

/**
 * The standard campaign template: hero, the widgets the campaign configures (each in
 * a slot of its real size), schedule and rules. campaigns/<slug>/page.tsx replaces it
 * with a designer's composition of the same parts.
 */
export default function CampaignPage() {
  const { widgets } = usePage().campaign;
  return (
    <main className="promo-page">
      <Hero />
      <div className="promo-actions">
        {widgets.quickApply ? (
          <Slot name="quick-apply">
            <QuickApply />
          </Slot>
        ) : null}
        {widgets.quickLogin ? (
          <Slot name="quick-login">
            <QuickLogin />
          </Slot>
        ) : null}
      </div>
      {widgets.invitationCode?.enabled ? <Slot name="invitation-code" /> : null}
      {widgets.market ? <Slot name="market" /> : null}
      {widgets.prizeDraw ? <Slot name="prize-draw" /> : null}
      <Schedule />
      <Rules />
    </main>
  );
}
