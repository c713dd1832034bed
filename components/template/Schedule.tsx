import { formatDateTimeUTC } from "../format/datetime";
import { usePage, useStable } from "../runtime/page";
import { useT, useTextLang } from "../runtime/useT";
import { Countdown } from "./Countdown";

/**
 * The activity and enrolment windows. Dates are formatted for the page's locale in UTC
 * while prerendering and reused as is by the client (useStable), so the text never
 * changes during hydration whatever the visitor's time zone.
 */
export function Schedule() {
  const t = useT();
  const lang = useTextLang();
  const { campaign, locale } = usePage();
  const { start, end, enrollStart, enrollEnd } = campaign.schedule;
  const format = (iso: string) => formatDateTimeUTC(locale, iso);
  const activity = useStable("schedule.activity", () => `${format(start)} – ${format(end)}`);
  const sameEnrolment = enrollStart === start && enrollEnd === end;
  const enrolment = useStable("schedule.enrolment", () => `${format(enrollStart)} – ${format(enrollEnd)}`);
  return (
    <section className="promo-schedule" aria-labelledby="promo-schedule-title">
      <h2 id="promo-schedule-title" className="promo-section-title" lang={lang("gmp-lib:schedule.title")}>
        {t("gmp-lib:schedule.title")}
      </h2>
      <Countdown />
      <dl className="promo-schedule__list">
        <div className="promo-schedule__row">
          <dt lang={lang("gmp-lib:schedule.activity")}>{t("gmp-lib:schedule.activity")}</dt>
          <dd>
            <bdi>{activity}</bdi> <span className="promo-schedule__zone">UTC</span>
          </dd>
        </div>
        {sameEnrolment ? null : (
          <div className="promo-schedule__row">
            <dt lang={lang("gmp-lib:schedule.enrolment")}>{t("gmp-lib:schedule.enrolment")}</dt>
            <dd>
              <bdi>{enrolment}</bdi> <span className="promo-schedule__zone">UTC</span>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
