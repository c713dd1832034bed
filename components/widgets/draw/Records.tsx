import { useEffect, useId, useRef } from "react";
import type { useDrawRecords } from "../../api/draw";
import { formatDateTimeUTC } from "../../format/datetime";
import { DRAW_ORDER_ASC, DRAW_ORDER_DESC, type DrawOrder } from "../../runtime/contract.gen";
import { usePage } from "../../runtime/page";
import { useT } from "../../runtime/useT";
import type { DrawRecord } from "../../api/draw";
import { WidgetError, WidgetSkeleton } from "../WidgetStates";

interface RecordsProps {
  records: ReturnType<typeof useDrawRecords>;
  order: DrawOrder;
  onOrder: (o: DrawOrder) => void;
  prizeName: (r: DrawRecord) => string;
}

/**
 * "My prizes" (DESIGN §6): the logged-in visitor's draws, newest first unless they ask
 * for the oldest first (spec §3 order type), a page at a time with "More". Times are in
 * UTC like the campaign's schedule, so they read the same as the rules.
 */
export function Records({ records, order, onOrder, prizeName }: RecordsProps) {
  const t = useT();
  const { locale } = usePage();
  const headingId = useId();
  const orderId = useId();
  const { data, error, size, setSize, isLoading, isValidating, mutate } = records;
  const list = useRef<HTMLUListElement>(null);
  // After "More", focus moves to the first record it brought, since the button may go.
  const focusFrom = useRef(-1);

  const items = data?.flatMap((p) => p.list) ?? [];
  const total = data?.[data.length - 1]?.total ?? 0;
  const loadingMore = size > (data?.length ?? 0);
  const hasMore = !!data && items.length < total && (data[data.length - 1]?.list.length ?? 0) > 0;

  useEffect(() => {
    if (focusFrom.current < 0 || focusFrom.current >= items.length) return;
    list.current?.querySelectorAll<HTMLElement>("li")[focusFrom.current]?.focus();
    focusFrom.current = -1;
  }, [items.length]);

  let body;
  if (!data && (isLoading || (!error && isValidating))) {
    body = (
      <WidgetSkeleton className="promo-draw__records-skeleton" />
    );
  } else if (!data) {
    body = (
      <WidgetError small message={t("gmp-lib:draw.recordsFailed")} onRetry={() => void mutate()} />
    );
  } else if (items.length === 0) {
    body = <p className="promo-draw__empty">{t("gmp-lib:draw.noRecords")}</p>;
  } else {
    body = (
      <>
        <ul ref={list} className="promo-draw__records-list" role="list" aria-labelledby={headingId}>
          {items.map((r) => {
            const at = r.createdAt > 0 ? new Date(r.createdAt).toISOString() : "";
            return (
              <li key={r.id} className="promo-draw__record" tabIndex={-1}>
                <span className="promo-draw__record-prize">{prizeName(r)}</span>
                {at && (
                  <time className="promo-draw__record-time" dateTime={at}>
                    <bdi>{formatDateTimeUTC(locale, at)}</bdi> UTC
                  </time>
                )}
              </li>
            );
          })}
        </ul>
        {hasMore && (
          <button
            type="button"
            className="promo-button promo-button--secondary promo-button--small promo-draw__more"
            aria-busy={loadingMore || undefined}
            onClick={() => {
              if (loadingMore) return;
              focusFrom.current = items.length;
              void setSize(size + 1);
            }}
          >
            {t("gmp-lib:draw.more")}
          </button>
        )}
      </>
    );
  }

  return (
    <div className="promo-draw__records">
      <div className="promo-draw__records-head">
        <h3 id={headingId} className="promo-draw__records-title">
          {t("gmp-lib:draw.records")}
        </h3>
        <label className="promo-draw__order" htmlFor={orderId}>
          <span className="promo-visually-hidden">{t("gmp-lib:draw.order")}</span>
          <select id={orderId} value={order} onChange={(e) => onOrder(Number(e.target.value) === DRAW_ORDER_ASC ? DRAW_ORDER_ASC : DRAW_ORDER_DESC)}>
            <option value={DRAW_ORDER_DESC}>{t("gmp-lib:draw.newest")}</option>
            <option value={DRAW_ORDER_ASC}>{t("gmp-lib:draw.oldest")}</option>
          </select>
        </label>
      </div>
      {body}
    </div>
  );
}
