import { useActivityList, type ActivityItem } from "../../api/campaigns";
import {
  ACTIVITY_DELETED,
  ACTIVITY_ENDED,
  ACTIVITY_NOT_ENDED,
  ACTIVITY_STARTED,
  ACTIVITY_STATUS_TEXT,
  ACTIVITY_TERMINATED,
  ACTIVITY_UNSPECIFIED,
  type ActivityStatus,
} from "../../runtime/contract.gen";
import { intlLocale } from "../../format/locale";
import { usePage } from "../../runtime/page";
import { useT } from "../../runtime/useT";
import "../widgets.css";
import "./campaigns.css";
import { WidgetError, WidgetSkeleton } from "../WidgetStates";

/**
 * The text key's name of an activity status (spec §4), made from the one list of them
 * (internal/contract → ACTIVITY_STATUS_TEXT): "review success" → "reviewSuccess". A
 * status the contract does not know reads as unspecified.
 */
export function statusName(status: number): string {
  const text = ACTIVITY_STATUS_TEXT[status as ActivityStatus] ?? ACTIVITY_STATUS_TEXT[ACTIVITY_UNSPECIFIED];
  return text.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
}

/** Running campaigns first, then those to come, then the ended ones; otherwise the list's order. */
function rank(status: number): number {
  if (status === ACTIVITY_STARTED || status === ACTIVITY_NOT_ENDED) return 0;
  return status === ACTIVITY_ENDED ? 2 : 1;
}

/** What the widget shows: not this page's campaign, nor a terminated or deleted one. */
export function otherCampaigns(list: ActivityItem[], currentId: string): ActivityItem[] {
  return list
    .filter((c) => c.campaignId !== currentId && c.status !== ACTIVITY_TERMINATED && c.status !== ACTIVITY_DELETED)
    .sort((a, b) => rank(a.status) - rank(b.status));
}

const SLUG = /^[a-z0-9][a-z0-9-]*$/i;

/** The campaign's page in the page's locale (DESIGN §2: English unprefixed). */
function pagePath(slug: string, locale: string, defaultLocale: string): string | undefined {
  if (!SLUG.test(slug)) return undefined;
  return locale === defaultLocale ? `/${slug}/` : `/${locale}/${slug}/`;
}

const dates = new Map<string, Intl.DateTimeFormat>();

/** The campaign's period as dates in UTC, like the schedule; "" when open at both ends. */
function period(locale: string, start: number, end: number, t: ReturnType<typeof useT>): string {
  let f = dates.get(locale);
  if (!f) dates.set(locale, (f = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "UTC" })));
  if (start > 0 && end > 0) return f.formatRange(start, end);
  if (start > 0) return t("gmp-lib:campaigns.from", { date: f.format(start) });
  if (end > 0) return t("gmp-lib:campaigns.until", { date: f.format(end) });
  return "";
}

/**
 * More campaigns (the activity list, spec §7): the exchange's other campaigns, each
 * with its status and period, linked to its page in this locale when it is one of this
 * site's. An empty list says so and a failed call offers a retry (DESIGN §6: never an
 * empty box).
 */
export default function MoreCampaigns() {
  const t = useT();
  const { campaign, locale, defaultLocale } = usePage();
  const { data, error, isValidating, mutate } = useActivityList();

  if (!data && (!error || isValidating)) {
    return (
      <WidgetSkeleton className="promo-campaigns__skeleton" />
    );
  }
  if (!data) {
    return (
      <WidgetError message={t("gmp-lib:campaigns.error")} onRetry={() => void mutate()} />
    );
  }
  const items = otherCampaigns(data, campaign.id);
  if (items.length === 0) return <p className="promo-campaigns__empty">{t("gmp-lib:campaigns.empty")}</p>;
  return (
    <ul className="promo-campaigns" role="list">
      {items.map((c) => {
        const name = statusName(c.status);
        const href = pagePath(c.slug, locale, defaultLocale);
        const when = period(locale, c.actStartAt, c.actEndAt, t);
        return (
          <li key={c.campaignId} className={`promo-campaigns__item${href ? " promo-campaigns__item--link" : ""}`}>
            <h3 className="promo-campaigns__title" lang={c.titleLang && c.titleLang !== locale ? c.titleLang : undefined}>
              {href ? <a href={href}>{c.title}</a> : c.title}
            </h3>
            <p className="promo-campaigns__meta">
              <span className={`promo-campaigns__status promo-campaigns__status--${name}`}>{t(`gmp-lib:campaigns.status.${name}`)}</span>
              {when && <span className="promo-campaigns__period">{when}</span>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
