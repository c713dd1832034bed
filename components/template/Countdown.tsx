import { formatRemaining, remaining } from "../format/countdown";
import { useNow } from "../runtime/clock";
import { usePage } from "../runtime/page";
import { useT } from "../runtime/useT";

/**
 * "Starts in …" / "Ends in …" / "Ended", from the schedule and the visitor's clock. It
 * depends on the clock, so the prerendered page holds an empty line of the same height
 * and the text appears after hydration.
 */
export function Countdown() {
  const t = useT();
  const { campaign, locale } = usePage();
  const now = useNow();
  let text = "";
  if (now !== null) {
    const start = Date.parse(campaign.schedule.start);
    const end = Date.parse(campaign.schedule.end);
    if (now < start) text = t("gmp-lib:schedule.startsIn", { time: formatRemaining(locale, remaining(start, now)) });
    else if (now < end) text = t("gmp-lib:schedule.endsIn", { time: formatRemaining(locale, remaining(end, now)) });
    else text = t("gmp-lib:schedule.ended");
  }
  return (
    <p className="promo-countdown" aria-live="off">
      {text}
    </p>
  );
}
