import { useEffect, useId, useRef, type Ref } from "react";
import { KLINE_LIMIT, KNOWN_QUOTES, pairName, splitSymbol, summary, useQuoteTokens, useSpotKlines, type Candle } from "../../api/market";
import { formatDayHour } from "../../format/datetime";
import { formatChange, formatDecimal } from "../../format/number";
import { usePage } from "../../runtime/page";
import { useT } from "../../runtime/useT";
import { CandleChart } from "./CandleChart";
import "../widgets.css";
import "./market.css";
import { WidgetError } from "../WidgetStates";

/**
 * Decimals of a price: about six significant figures, at least two, at most eight
 * (65,012.34 · 3,201.56 · 150.12 · 6.0123 · 0.60123 · 0.15012), as exchange tickers show.
 */
export function priceDigits(price: number): number {
  if (!(price > 0)) return 2;
  return Math.min(8, Math.max(2, 4 - Math.floor(Math.log10(price))));
}

/**
 * The market widget (DESIGN §6 "market"): for each symbol of widgets.market its pair
 * ("BTC/USDT"), last price, 24-hour change and a chart of the 24 hourly candles, refreshed
 * every minute while the tab is visible. It renders inside the "Market" region of
 * sections/Growth.tsx; a failed load says so here with a Retry (DESIGN §6: no empty box).
 */
export default function Market() {
  const t = useT();
  const { campaign } = usePage();
  const symbols = campaign.widgets.market?.symbols ?? [];
  const quotes = useQuoteTokens();
  const klines = useSpotKlines(symbols);
  // A failed quote_tokens call costs nothing: the known quotes split the usual pairs.
  const quoteList = quotes.data ?? (quotes.error ? KNOWN_QUOTES : undefined);

  // After a Retry pressed here that button is gone: focus goes to the first pair, or to
  // the new Retry button when it failed again.
  const retried = useRef(false);
  const firstPair = useRef<HTMLHeadingElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const ready = Boolean(klines.data && quoteList);
  const failed = Boolean(klines.error && !klines.data && !klines.isValidating);
  const hasError = Boolean(klines.error);
  useEffect(() => {
    if (!retried.current || klines.isValidating) return;
    retried.current = false;
    if (ready && !hasError) firstPair.current?.focus();
    else if (failed) retryButton.current?.focus();
    // Still failing with the candles shown: the pressed Retry stays, and keeps focus.
  }, [ready, failed, hasError, klines.isValidating]);
  const retry = () => {
    retried.current = true;
    void klines.mutate();
  };

  if (failed) {
    return (
      <WidgetError className="promo-market__error" message={t("gmp-lib:market.loadFailed")} onRetry={retry} retryRef={retryButton} />
    );
  }
  if (!klines.data || !quoteList) {
    return (
      <div className="promo-market" aria-busy="true">
        <span className="promo-visually-hidden">{t("gmp-lib:widget.loading")}</span>
        <ul className="promo-market__list" aria-hidden="true">
          {symbols.map((s) => (
            <li key={s} className="promo-market__card promo-market__card--skeleton">
              <span className="promo-market__bone promo-market__bone--pair" />
              <span className="promo-market__bone promo-market__bone--price" />
              <span className="promo-market__bone promo-market__chart" />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const bySymbol = new Map(klines.data.map((s) => [s.symbol, s.candles]));
  return (
    <div className="promo-market">
      {klines.error ? (
        // Data from an earlier call stays up; the failed refresh is said once, politely.
        <div className="promo-market__stale" role="status">
          <span>{t("gmp-lib:market.refreshFailed")}</span>
          <button type="button" className="promo-button promo-button--ghost promo-button--small" onClick={retry}>
            {t("gmp-lib:widget.retry")}
          </button>
        </div>
      ) : null}
      <ul className="promo-market__list">
        {symbols.map((s, i) => (
          <MarketCard key={s} symbol={s} quotes={quoteList} candles={bySymbol.get(s) ?? []} headingRef={i === 0 ? firstPair : undefined} />
        ))}
      </ul>
    </div>
  );
}

function MarketCard(props: { symbol: string; quotes: readonly string[]; candles: readonly Candle[]; headingRef?: Ref<HTMLHeadingElement> }) {
  const t = useT();
  const { locale } = usePage();
  const descId = useId();
  const pair = pairName(props.symbol, props.quotes);
  const { base, quote } = splitSymbol(props.symbol, props.quotes);
  const candles = props.candles.slice(-KLINE_LIMIT);
  const sum = summary(candles);
  const heading = (
    <h3 className="promo-market__pair" ref={props.headingRef} tabIndex={-1}>
      {quote ? (
        <>
          <span className="promo-market__base">{base}</span>
          <span className="promo-market__quote">/{quote}</span>
        </>
      ) : (
        pair
      )}
    </h3>
  );
  if (!sum) {
    return (
      <li className="promo-market__card">
        {heading}
        <p className="promo-market__empty">{t("gmp-lib:market.noData")}</p>
      </li>
    );
  }
  const digits = priceDigits(sum.last);
  const price = (v: number) => formatDecimal(locale, v, digits);
  const trend = sum.change > 0 ? "up" : sum.change < 0 ? "down" : "flat";
  let low = Infinity;
  let high = -Infinity;
  for (const c of candles) {
    low = Math.min(low, c.l);
    high = Math.max(high, c.h);
  }
  return (
    <li className="promo-market__card">
      {heading}
      <dl className="promo-market__figures">
        <div className="promo-market__figure">
          <dt>{t("gmp-lib:market.lastPrice")}</dt>
          <dd className="promo-market__price">{price(sum.last)}</dd>
        </div>
        <div className="promo-market__figure promo-market__figure--change">
          <dt>{t("gmp-lib:market.change24h")}</dt>
          <dd className={`promo-market__change promo-market__change--${trend}`}>{formatChange(locale, sum.change)}</dd>
        </div>
      </dl>
      <CandleChart candles={candles} label={t("gmp-lib:market.chartLabel", { pair })} describedBy={descId} />
      <p id={descId} className="promo-visually-hidden">
        {t("gmp-lib:market.chartSummary", { open: price(candles[0].o), close: price(sum.last), low: price(low), high: price(high) })}
      </p>
      {/* The hidden box is a div: a table never shrinks below its content's width, so a
          hidden table itself would widen the page (sideways scroll on an Arabic phone). */}
      <div className="promo-visually-hidden">
        <table>
          <caption>{t("gmp-lib:market.tableCaption", { pair })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("gmp-lib:market.time")}</th>
              <th scope="col">{t("gmp-lib:market.open")}</th>
              <th scope="col">{t("gmp-lib:market.high")}</th>
              <th scope="col">{t("gmp-lib:market.low")}</th>
              <th scope="col">{t("gmp-lib:market.close")}</th>
            </tr>
          </thead>
          <tbody>
            {candles.map((c) => (
              <tr key={c.t}>
                <th scope="row">{formatDayHour(locale, c.t)}</th>
                <td>{price(c.o)}</td>
                <td>{price(c.h)}</td>
                <td>{price(c.l)}</td>
                <td>{price(c.c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </li>
  );
}
