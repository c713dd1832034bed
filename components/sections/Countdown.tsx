import { useId } from "react";
import { formatNumber } from "../format/number";
import type { Section } from "../runtime/contract.gen";
import { useNow } from "../runtime/clock";
import { usePage } from "../runtime/page";
import { useT } from "../runtime/useT";
import "./sections.css";

const MINUTE = 60_000;

/**
 * Whole days, hours and minutes until `target`, counting a started minute as a whole
 * one: the tiles never read 00 00 00 while the campaign is still running.
 */
function split(target: number, now: number) {
  const minutes = Math.max(0, Math.ceil((target - now) / MINUTE));
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/**
 * Days, hours and minutes until the campaign starts, or ends once it has started; after
 * the end, that it has ended. The clock is the visitor's (runtime/clock.ts), so the
 * prerendered page and the first client render show a placeholder of the same size
 * (DESIGN §2) and the time fills in after hydration.
 *
 * The heading and the tiles form one polite live region: minutes are the finest unit
 * shown, so its text changes at most once a minute, and each change is read as a whole
 * ("Ends in 12 Days 3 Hours 4 Minutes"). A configured title replaces the heading; the
 * phase then shows under it.
 */
export function CountdownSection({ title }: Pick<Section, "title">) {
  const t = useT();
  const { campaign, locale } = usePage();
  const now = useNow();
  const id = useId();
  const start = Date.parse(campaign.schedule.start);
  const end = Date.parse(campaign.schedule.end);

  let phase = "";
  let left: ReturnType<typeof split> | null = null;
  if (now === null) phase = t("gmp-lib:sections.countdown.title");
  else if (now < start) [phase, left] = [t("gmp-lib:sections.countdown.startsIn"), split(start, now)];
  else if (now < end) [phase, left] = [t("gmp-lib:sections.countdown.endsIn"), split(end, now)];
  else phase = t("gmp-lib:schedule.ended");
  const ended = now !== null && left === null;

  // Labels take the plural form of the number shown; the placeholder's take the form of 0.
  const tiles = [
    { key: "days", value: left?.days, label: t("gmp-lib:sections.countdown.days", { count: left?.days ?? 0 }) },
    { key: "hours", value: left?.hours, label: t("gmp-lib:sections.countdown.hours", { count: left?.hours ?? 0 }) },
    { key: "minutes", value: left?.minutes, label: t("gmp-lib:sections.countdown.minutes", { count: left?.minutes ?? 0 }) },
  ];
  return (
    <section className="promo-section promo-section--countdown promo-card" aria-labelledby={id}>
      <div className="promo-timer" aria-live="polite" aria-atomic="true">
        <div className="promo-timer__head">
          <h2 id={id} className="promo-section-title">
            {title ? t(title) : phase}
          </h2>
          {/* Under a configured title the phase has a line of its own, empty until the
              clock is known so that nothing moves when it fills in. */}
          {title ? <p className="promo-timer__phase">{now === null ? "\u00a0" : phase}</p> : null}
        </div>
        {/* Spaces between the parts keep the region's text readable as one phrase. */}{" "}
        {ended ? null : (
          <div className="promo-timer__tiles" aria-hidden={left === null || undefined}>
            {tiles.map((tile) => (
              <div key={tile.key} className={`promo-timer__tile promo-timer__tile--${tile.key}`}>
                <span className="promo-timer__value">{tile.value === undefined ? "--" : formatNumber(locale, tile.value).padStart(2, "0")}</span>{" "}
                <span className="promo-timer__label">{tile.label}</span>{" "}
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
