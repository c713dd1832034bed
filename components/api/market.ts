import useSWR from "swr";
import { CODE_NETWORK_ERROR, ROUTE_INVERSE_KLINE, ROUTE_LINEAR_KLINE, ROUTE_QUOTE_TOKENS, ROUTE_SPOT_KLINE } from "../runtime/contract.gen";
import { request, RequestError, type ApiError } from "../runtime/request";

// Market data (spec §7; payloads as internal/mock/doc.go describes them). The query
// parameter names are the contract's (ROUTE_*.query, internal/contract/routes.go): the
// params objects below are typed by them, so a renamed parameter fails the type check
// instead of being dropped by the function.

/** Spec §9: K-line interval 1h, limit 24. */
export const KLINE_INTERVAL = "1h";
export const KLINE_LIMIT = 24;
/** The derivatives K-lines' resolution for one hour, in minutes. */
export const HOURLY_RESOLUTION = "60";
/** How often the candles refresh while the page is visible. */
export const REFRESH_MS = 60_000;
/** Quote tokens change about never: one fetch a day per browser (the request cache). */
export const QUOTE_TOKENS_TTL = 24 * 60 * 60 * 1000;

/** One candle; t is its opening time in ms since the epoch. */
export interface Candle {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export interface Series {
  symbol: string;
  candles: Candle[]; // oldest first
}

type Query<R extends { query: readonly string[] }> = Record<R["query"][number], string | number | undefined>;

/** Spec §8's parse failure: a 200 envelope whose result is not the documented shape. */
function malformed(what: string, result: unknown): RequestError {
  return new RequestError(CODE_NETWORK_ERROR, `Unexpected response: ${what}`, "parse", 200, result);
}

/** A price field: a decimal string (or number) that must be finite. */
function num(v: unknown): number {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  if (!Number.isFinite(n)) throw malformed(`price ${String(v)}`, v);
  return n;
}

/**
 * The spot quote tokens' names (GET quote_tokens → [{tokenId, tokenName, tokenFullName}]),
 * cached by the request wrapper. No toast: the caller falls back to KNOWN_QUOTES, so a
 * failure changes nothing the visitor would need to know.
 */
export async function fetchQuoteTokens(): Promise<string[]> {
  const { result } = await request<unknown>({ method: ROUTE_QUOTE_TOKENS.method, url: ROUTE_QUOTE_TOKENS.path, cache: true, ttl: QUOTE_TOKENS_TTL, hideToast: true });
  if (!Array.isArray(result)) throw malformed("no quote token list", result);
  return result.map((t: { tokenName?: unknown; tokenId?: unknown }) => t?.tokenName ?? t?.tokenId).filter((n): n is string => typeof n === "string" && n !== "");
}

/** Quote currencies of the exchange's spot pairs, for when quote_tokens cannot be read. */
export const KNOWN_QUOTES: readonly string[] = ["USDT", "USDC", "USDE", "FDUSD", "BUSD", "DAI", "BTC", "ETH", "EUR", "BRL", "TRY", "USD"];

/**
 * Splits a spot symbol into base and quote at its longest matching quote suffix:
 * BTCUSDT → BTC/USDT, ETHBTC → ETH/BTC. A symbol no quote ends (or that is only a quote)
 * stays whole, with an empty quote.
 */
export function splitSymbol(symbol: string, quotes: readonly string[]): { base: string; quote: string } {
  let quote = "";
  for (const q of quotes) {
    if (q.length > quote.length && symbol.length > q.length && symbol.endsWith(q)) quote = q;
  }
  return { base: quote ? symbol.slice(0, -quote.length) : symbol, quote };
}

/** "BTC/USDT" (DESIGN §6), or the symbol itself when no quote matched. */
export function pairName(symbol: string, quotes: readonly string[]): string {
  const { base, quote } = splitSymbol(symbol, quotes);
  return quote ? `${base}/${quote}` : symbol;
}

/**
 * The last 24 hourly candles of every symbol in one call (spec §7: GET multi/kline with
 * interval=1h and limit=24 → [{symbol, kline: [{t, o, h, l, c, v}]}]). Spec §3 calls the
 * list `symbols`; it travels as the query parameter `symbol`, comma-separated (spec §7).
 * The spec leaves this call's errors toasted.
 */
export async function fetchSpotKlines(symbols: readonly string[], opts: { exchangeId?: string; signal?: AbortSignal } = {}): Promise<Series[]> {
  const params: Query<typeof ROUTE_SPOT_KLINE> = { symbol: symbols.join(","), exchangeId: opts.exchangeId, interval: KLINE_INTERVAL, limit: KLINE_LIMIT };
  const { result } = await request<unknown>({ method: ROUTE_SPOT_KLINE.method, url: ROUTE_SPOT_KLINE.path, params, signal: opts.signal });
  if (!Array.isArray(result)) throw malformed("no k-line list", result);
  return result.map((s: { symbol?: unknown; kline?: unknown }) => {
    if (typeof s?.symbol !== "string" || !Array.isArray(s.kline)) throw malformed("a k-line entry without symbol or kline", s);
    const candles = s.kline.map((k: Record<string, unknown>) => ({ t: num(k?.t), o: num(k?.o), h: num(k?.h), l: num(k?.l), c: num(k?.c), v: num(k?.v) }));
    return { symbol: s.symbol, candles: candles.sort((a, b) => a.t - b.t) };
  });
}

/** The derivatives K-line query of spec §3 (symbol, resolution, from, to; times in seconds). */
export interface ArrayKlineQuery {
  symbol: string;
  resolution: string;
  from: number;
  to: number;
}

/** The query for the last 24 hourly candles up to now (spec §9), the current one included. */
export function last24Hours(symbol: string, now = Date.now()): ArrayKlineQuery {
  const to = Math.floor(now / 1000);
  const hour = 3600;
  return { symbol, resolution: HOURLY_RESOLUTION, from: Math.floor(to / hour) * hour - (KLINE_LIMIT - 1) * hour, to };
}

async function arrayKline(route: typeof ROUTE_INVERSE_KLINE | typeof ROUTE_LINEAR_KLINE, q: ArrayKlineQuery, signal?: AbortSignal): Promise<Candle[]> {
  const params: Query<typeof route> = { symbol: q.symbol, resolution: q.resolution, from: q.from, to: q.to };
  // Spec §7: "errors hidden" for both derivatives K-lines.
  const { result } = await request<unknown>({ method: route.method, url: route.path, params, hideToast: true, signal });
  if (!Array.isArray(result)) throw malformed("no k-line rows", result);
  return result.map((row: unknown) => {
    if (!Array.isArray(row) || row.length < 6) throw malformed("a k-line row of the wrong shape", row);
    return { t: num(row[0]) * 1000, o: num(row[1]), h: num(row[2]), l: num(row[3]), c: num(row[4]), v: num(row[5]) };
  });
}

/** Inverse perpetual candles (GET /v2/public/market/arrayKline → [[open_time_s, o, h, l, c, v]]). */
export function fetchInverseKline(q: ArrayKlineQuery, signal?: AbortSignal): Promise<Candle[]> {
  return arrayKline(ROUTE_INVERSE_KLINE, q, signal);
}

/** USDT perpetual candles (GET /public/linear/market/arrayKline), as fetchInverseKline. */
export function fetchLinearKline(q: ArrayKlineQuery, signal?: AbortSignal): Promise<Candle[]> {
  return arrayKline(ROUTE_LINEAR_KLINE, q, signal);
}

/** Last close, and the change over the candles: last close against the first open. */
export function summary(candles: readonly Candle[]): { last: number; change: number } | null {
  if (candles.length === 0) return null;
  const first = candles[0].o;
  const last = candles[candles.length - 1].c;
  return { last, change: first > 0 ? (last - first) / first : 0 };
}

/** The quote tokens through SWR: one call for the page, never refreshed. */
export function useQuoteTokens() {
  return useSWR<string[], ApiError>("quote-tokens", fetchQuoteTokens, { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false });
}

/**
 * The candles of symbols through SWR, refreshed every REFRESH_MS while the page is
 * visible and paused in a background tab (refreshWhenHidden: false); coming back to the
 * tab refreshes at once (revalidateOnFocus). After a failure the interval waits for a
 * successful fetch (SWR's rule), which a Retry or the next focus brings.
 */
export function useSpotKlines(symbols: readonly string[]) {
  return useSWR<Series[], ApiError>(symbols.length ? ["spot-kline", symbols.join(",")] : null, () => fetchSpotKlines(symbols), {
    refreshInterval: REFRESH_MS,
    refreshWhenHidden: false,
    refreshWhenOffline: false,
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
}
