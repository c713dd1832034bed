import { KLINE_LIMIT, type Candle } from "../../api/market";

// A hand-drawn SVG of the 24 hourly candles (DESIGN §6 "market", §7): a few hundred bytes
// of code where a chart library would add 20–46 KB brotli to the chunk for one static
// picture without axes or interaction.

/** Width of one candle's slot in viewBox units; the body takes 60 % of it. */
const SLOT = 10;
const BODY = 6;
const HEIGHT = 64;
const PAD = 2;

/**
 * The candles, oldest at the left whatever the page's direction: a price chart's time
 * axis runs left to right in every locale (dir="ltr" on its box). Exposed as one image named by
 * `label`, described by `describedBy`; each candle is a `.promo-market__candle`.
 */
export function CandleChart({ candles, label, describedBy }: { candles: readonly Candle[]; label: string; describedBy: string }) {
  const width = SLOT * KLINE_LIMIT;
  const shown = candles.slice(-KLINE_LIMIT);
  let lo = Infinity;
  let hi = -Infinity;
  for (const c of shown) {
    lo = Math.min(lo, c.l, c.o, c.c);
    hi = Math.max(hi, c.h, c.o, c.c);
  }
  const span = hi - lo || Math.abs(hi) || 1; // a flat day is drawn mid-height, not divided by zero
  const y = (v: number) => PAD + ((hi - v) / span) * (HEIGHT - 2 * PAD);
  const first = KLINE_LIMIT - shown.length; // fewer candles than slots: the newest stays at the right edge
  return (
    <div className="promo-market__chart-box" dir="ltr">
      <svg
        className="promo-market__chart"
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        focusable="false"
      >
        {shown.map((c, i) => {
          const x = (first + i) * SLOT + SLOT / 2;
          const up = c.c >= c.o;
          const top = y(Math.max(c.o, c.c));
          const bottom = y(Math.min(c.o, c.c));
          return (
            <g key={c.t} className={`promo-market__candle promo-market__candle--${up ? "up" : "down"}`}>
              <line x1={x} x2={x} y1={y(c.h)} y2={y(c.l)} vectorEffect="non-scaling-stroke" />
              <rect x={x - BODY / 2} y={top} width={BODY} height={Math.max(bottom - top, 0.8)} />
            </g>
          );
        })}
      </svg>
    </div>
  );
}
