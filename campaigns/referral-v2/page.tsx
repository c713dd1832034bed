// A designer's composition: the referral steps come before the standard parts.
import { Hero, QuickApply, Rules, Schedule, Slot, usePage, useT } from "@promo/components";

export default function ReferralPage() {
  const t = useT();
  const { widgets } = usePage().campaign;
  return (
    <main className="promo-page">
      <Hero />
      <section aria-labelledby="referral-steps-title">
        <h2 id="referral-steps-title" className="promo-section-title">
          {t("steps.title")}
        </h2>
        <ol>
          <li>{t("steps.share")}</li>
          <li>{t("steps.signup")}</li>
          <li>{t("steps.earn")}</li>
        </ol>
      </section>
      <div className="promo-actions">
        {widgets.quickApply ? (
          <Slot name="quick-apply">
            <QuickApply />
          </Slot>
        ) : null}
      </div>
      {widgets.invitationCode?.enabled ? <Slot name="invitation-code" /> : null}
      <Schedule />
      <Rules />
    </main>
  );
}
