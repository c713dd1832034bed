import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CODE_SYSTEM_ERROR, ROUTE_INVERSE_KLINE, ROUTE_LINEAR_KLINE, ROUTE_QUOTE_TOKENS, ROUTE_SPOT_KLINE } from "../runtime/contract.gen";
import { configureRequest, resetForTests } from "../runtime/request";
import {
  fetchInverseKline,
  fetchLinearKline,
  fetchQuoteTokens,
  fetchSpotKlines,
  KNOWN_QUOTES,
  last24Hours,
  pairName,
  splitSymbol,
  summary,
} from "./market";

let toasts: unknown[];
let calls: URL[];
let reply: (url: URL) => unknown;

const envelope = (result: unknown, code = 0) => new Response(JSON.stringify({ ret_code: code, ret_msg: code ? "system error" : "OK", result }), { status: 200 });

beforeEach(() => {
  resetForTests();
  toasts = [];
  calls = [];
  configureRequest({ apiBase: "/api", lang: "en", onError: (e) => toasts.push(e), storage: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      calls.push(url);
      const r = reply(url);
      return r instanceof Response ? r : envelope(r);
    }),
  );
});

afterEach(() => vi.useRealTimers());

describe("pairs", () => {
  it("splits at the longest quote a symbol ends with", () => {
    const quotes = ["USDT", "USDC", "BTC", "ETH", "USD"];
    expect(pairName("BTCUSDT", quotes)).toBe("BTC/USDT");
    expect(pairName("ETHBTC", quotes)).toBe("ETH/BTC");
    expect(pairName("BTCUSD", quotes)).toBe("BTC/USD");
    expect(splitSymbol("USDCUSDT", quotes)).toEqual({ base: "USDC", quote: "USDT" });
    // Only a quote, or no quote at all: the symbol stays whole.
    expect(pairName("USDT", quotes)).toBe("USDT");
    expect(pairName("BTCMNT", quotes)).toBe("BTCMNT");
    expect(pairName("BTCMNT", [...quotes, "MNT"])).toBe("BTC/MNT");
    expect(pairName("SOLUSDT", KNOWN_QUOTES)).toBe("SOL/USDT");
  });
});

describe("quote tokens", () => {
  it("reads the token names once and keeps them in the request cache, without toasts", async () => {
    reply = () => [{ tokenId: "USDT", tokenName: "USDT", tokenFullName: "Tether USD" }, { tokenId: "MNT", tokenName: "MNT" }, { tokenName: 7 }];
    expect(await fetchQuoteTokens()).toEqual(["USDT", "MNT"]);
    expect(await fetchQuoteTokens()).toEqual(["USDT", "MNT"]);
    expect(calls.map((u) => u.pathname)).toEqual(["/api" + ROUTE_QUOTE_TOKENS.path]);
    reply = () => envelope(null, CODE_SYSTEM_ERROR);
    resetForTests();
    configureRequest({ apiBase: "/api", lang: "en", onError: (e) => toasts.push(e), storage: null });
    await expect(fetchQuoteTokens()).rejects.toMatchObject({ code: CODE_SYSTEM_ERROR });
    expect(toasts).toEqual([]);
  });
});

describe("spot k-lines", () => {
  it("asks for every symbol in one call under the contract's parameter names", async () => {
    reply = () => [
      { symbol: "BTCUSDT", kline: [{ t: 2, o: "2", h: "3", l: "1", c: "2.5", v: "9" }, { t: 1, o: "1", h: "2", l: "0.5", c: "2", v: "1" }] },
      { symbol: "ETHUSDT", kline: [] },
    ];
    const series = await fetchSpotKlines(["BTCUSDT", "ETHUSDT"]);
    expect(calls).toHaveLength(1);
    const u = calls[0];
    expect(u.pathname).toBe("/api" + ROUTE_SPOT_KLINE.path);
    // Spec §7: symbol (the list of spec §3's `symbols`), interval=1h, limit=24; nothing
    // the function would drop (it forwards only ROUTE_SPOT_KLINE.query).
    expect(Object.fromEntries(u.searchParams)).toEqual({ symbol: "BTCUSDT,ETHUSDT", interval: "1h", limit: "24" });
    for (const k of u.searchParams.keys()) expect(ROUTE_SPOT_KLINE.query).toContain(k);
    expect(series[0]).toEqual({
      symbol: "BTCUSDT",
      candles: [
        { t: 1, o: 1, h: 2, l: 0.5, c: 2, v: 1 },
        { t: 2, o: 2, h: 3, l: 1, c: 2.5, v: 9 },
      ],
    });
    expect(series[1].candles).toEqual([]);
    await fetchSpotKlines(["BTCUSDT"], { exchangeId: "301" });
    expect(calls[1].searchParams.get("exchangeId")).toBe("301");
  });

  it("refuses a malformed answer, and leaves its errors toasted (spec §7)", async () => {
    reply = () => [{ symbol: "BTCUSDT", kline: [{ t: 1, o: "x", h: "1", l: "1", c: "1", v: "1" }] }];
    await expect(fetchSpotKlines(["BTCUSDT"])).rejects.toMatchObject({ kind: "parse" });
    reply = () => ({ list: [] });
    await expect(fetchSpotKlines(["BTCUSDT"])).rejects.toMatchObject({ kind: "parse" });
    reply = () => envelope(null, CODE_SYSTEM_ERROR);
    await expect(fetchSpotKlines(["BTCUSDT"])).rejects.toMatchObject({ code: CODE_SYSTEM_ERROR });
    expect(toasts).toHaveLength(1);
  });
});

describe("derivatives k-lines", () => {
  it("asks for the last 24 hourly candles and reads rows in seconds, errors hidden (spec §7)", async () => {
    const now = Date.UTC(2026, 4, 1, 12, 30);
    const q = last24Hours("BTCUSD", now);
    expect(q).toEqual({ symbol: "BTCUSD", resolution: "60", from: Date.UTC(2026, 4, 0, 13) / 1000, to: now / 1000 });
    reply = () => [[q.from, "65000", "65100", "64900", "65050", "12.5"]];
    for (const [fetcher, route] of [
      [fetchInverseKline, ROUTE_INVERSE_KLINE],
      [fetchLinearKline, ROUTE_LINEAR_KLINE],
    ] as const) {
      calls = [];
      expect(await fetcher(q)).toEqual([{ t: q.from * 1000, o: 65000, h: 65100, l: 64900, c: 65050, v: 12.5 }]);
      expect(calls[0].pathname).toBe("/api" + route.path);
      expect(Object.fromEntries(calls[0].searchParams)).toEqual({ symbol: "BTCUSD", resolution: "60", from: String(q.from), to: String(q.to) });
      expect([...calls[0].searchParams.keys()].sort()).toEqual([...route.query].sort());
    }
    reply = () => envelope(null, CODE_SYSTEM_ERROR);
    await expect(fetchInverseKline(q)).rejects.toMatchObject({ code: CODE_SYSTEM_ERROR });
    await expect(fetchLinearKline(q)).rejects.toMatchObject({ code: CODE_SYSTEM_ERROR });
    reply = () => [[1, "1"]];
    await expect(fetchLinearKline(q)).rejects.toMatchObject({ kind: "parse" });
    expect(toasts).toEqual([]);
  });
});

describe("summary", () => {
  it("gives the last close and the change against the first open", () => {
    const c = (o: number, cl: number) => ({ t: 0, o, h: Math.max(o, cl), l: Math.min(o, cl), c: cl, v: 1 });
    expect(summary([c(100, 104), c(104, 110)])).toEqual({ last: 110, change: 0.1 });
    expect(summary([c(100, 95)])?.change).toBeCloseTo(-0.05);
    expect(summary([])).toBeNull();
  });
});
