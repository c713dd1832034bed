// A designer's composition: the referral steps, in the campaign's own words, come right
// after the hero and the Apply link; the parts are the library's sections.
import { ActionsSection, HeroSection, InvitationCodeSection, RulesSection, ScheduleSection, usePage, useT } from "@promo/components";

export default function ReferralPage() {
  const t = useT();
  // The art is declared as the hero section's in campaign.yaml, which publishes it.
  const hero = usePage().campaign.sections?.find((s) => s.type === "hero");
  return (
    <main className="promo-page">
      <HeroSection art={hero?.art} />
      <ActionsSection />
      <div id="invite">
        <InvitationCodeSection />
      </div>
      <section className="promo-section promo-section--steps" aria-labelledby="referral-steps-title">
        <h2 id="referral-steps-title" className="promo-section-title">
          {t("steps.title")}
        </h2>
        <ol className="promo-steps">
          {[t("steps.share"), t("steps.signup"), t("steps.earn")].map((text, i) => (
            <li key={i} className="promo-steps__item promo-card">
              <span className="promo-steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <p className="promo-steps__body">{text}</p>
            </li>
          ))}
        </ol>
      </section>
      <ScheduleSection />
      <RulesSection />
    </main>
  );
}
