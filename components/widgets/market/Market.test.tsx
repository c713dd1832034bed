import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REFRESH_MS } from "../../api/market";
import { CODE_SYSTEM_ERROR, ROUTE_QUOTE_TOKENS, ROUTE_SPOT_KLINE } from "../../runtime/contract.gen";
import { configureRequest, resetForTests as resetRequest } from "../../runtime/request";
import type { PageData } from "../../runtime/types";
import { renderPage, testPageData } from "../../testing/renderPage";
import Market, { priceDigits } from "./Market";

// The widget's English texts as the page ships them (locales/en/gmp-lib.json).
const lib = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../../locales/en/gmp-lib.json"), "utf8"));

function page(over: Partial<PageData> = {}, symbols = ["BTCUSDT", "ETHUSDT"]) {
  const data = testPageData(over);
  data.campaign.widgets = { market: { symbols } };
  data.resources["gmp-lib"] = lib;
  return data;
}

const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 20, 0);

/** 24 hourly candles from `open`, each moving by `step` (the first candle moves the other way). */
function series(symbol: string, open: number, step: number) {
  const kline = [];
  let o = open;
  for (let i = 0; i < 24; i++) {
    const c = i === 0 ? o - step : o + step;
    kline.push({ t: START + i * HOUR, o: String(o), h: String(Math.max(o, c) + 1), l: String(Math.min(o, c) - 1), c: String(c), v: "10" });
    o = c;
  }
  return { symbol, kline };
}

// BTC: opens 64,000, first candle down, then 23 up by 40 → closes 64,880 (+1.375 %).
// ETH: opens 3,200, first candle up, then 23 down by 2 → closes 3,156 (−1.375 %).
const MARKET = [series("BTCUSDT", 64000, 40), series("ETHUSDT", 3200, -2)];

let klineCalls: URL[];
let quoteCalls: number;
let klineReplies: (() => Response | Promise<Response>)[];
let quoteReply: () => Response;
let toasts: unknown[];
const ok = (result: unknown) => new Response(JSON.stringify({ ret_code: 0, ret_msg: "OK", result }), { status: 200 });
const failure = () => new Response(JSON.stringify({ ret_code: CODE_SYSTEM_ERROR, ret_msg: "system error", result: null }), { status: 200 });

// SWR schedules its focus revalidation with the setTimeout it bound when it loaded (the
// real one, which also makes Node warn about the event it gets as a delay); a test
// under fake timers waits for it on a real timer.
const realSetTimeout = globalThis.setTimeout;
const realSleep = (ms: number) => new Promise((r) => realSetTimeout(r, ms));

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => {
  resetRequest();
  klineCalls = [];
  quoteCalls = 0;
  klineReplies = [];
  toasts = [];
  quoteReply = () => ok([{ tokenId: "USDT", tokenName: "USDT" }, { tokenId: "BTC", tokenName: "BTC" }]);
  configureRequest({ apiBase: "/api", lang: "en", onError: (e) => toasts.push(e), storage: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api" + ROUTE_QUOTE_TOKENS.path) {
        quoteCalls++;
        return quoteReply();
      }
      if (url.pathname === "/api" + ROUTE_SPOT_KLINE.path) {
        klineCalls.push(url);
        return (klineReplies.shift() ?? (() => ok(MARKET)))();
      }
      return new Response("{}", { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, "visibilityState");
});

const chart = (pair: string) => screen.findByRole("img", { name: `24-hour price chart of ${pair}` });
const candles = (img: Element) => img.querySelectorAll(".promo-market__candle");

describe("Market", () => {
  it("shows a busy skeleton card per symbol while the candles load", async () => {
    let release!: () => void;
    klineReplies.push(() => new Promise<Response>((r) => (release = () => r(ok(MARKET)))));
    const { container } = renderPage(<Market />, page());
    const busy = await screen.findByText("Loading…");
    expect(busy.closest("[aria-busy='true']")).not.toBeNull();
    expect(container.querySelectorAll(".promo-market__card--skeleton")).toHaveLength(2);
    expect(screen.queryByRole("img")).toBeNull();
    await waitFor(() => expect(klineCalls).toHaveLength(1));
    release();
    expect(candles(await chart("BTC/USDT"))).toHaveLength(24);
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("draws 24 candles per symbol with its pair, last price and 24-hour change", async () => {
    const { container } = renderPage(<Market />, page());
    const btc = await chart("BTC/USDT");
    const eth = await chart("ETH/USDT");
    // One call for both symbols (spec §7), under the contract's parameter names.
    expect(klineCalls).toHaveLength(1);
    expect(Object.fromEntries(klineCalls[0].searchParams)).toEqual({ symbol: "BTCUSDT,ETHUSDT", interval: "1h", limit: "24" });
    expect(candles(btc)).toHaveLength(24);
    expect(candles(eth)).toHaveLength(24);
    expect(btc.querySelectorAll(".promo-market__candle--up")).toHaveLength(23);
    expect(eth.querySelectorAll(".promo-market__candle--down")).toHaveLength(23);
    // The time axis stays left to right whatever the page's direction.
    expect(btc.closest("[dir]")).toHaveAttribute("dir", "ltr");

    const cards = screen.getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole("heading", { level: 3 })).toHaveTextContent(/^BTC\/USDT$/);
    expect(first.getByText("Last price").nextElementSibling).toHaveTextContent(/^64,880\.00$/);
    const up = first.getByText("+1.38%");
    expect(up).toHaveClass("promo-market__change--up");
    const down = within(cards[1]).getByText("-1.38%");
    expect(down).toHaveClass("promo-market__change--down");
    expect(within(cards[1]).getByText("Last price").nextElementSibling).toHaveTextContent(/^3,156\.00$/);

    // The text alternative: a summary, and a table of the 24 candles for screen readers.
    expect(document.getElementById(btc.getAttribute("aria-describedby")!)).toHaveTextContent("Opened at 64,000.00, last 64,880.00; low 63,959.00, high 64,881.00.");
    const table = within(cards[0]).getByRole("table", { name: "Hourly prices of BTC/USDT over the last 24 hours" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Time", "Open", "High", "Low", "Close"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(24);
    expect(within(rows[23]).getAllByRole("cell").map((c) => c.textContent)).toEqual(["64,840.00", "64,881.00", "64,839.00", "64,880.00"]);
    expect(table.parentElement).toHaveClass("promo-visually-hidden");
    expect(container.querySelector("[role='alert']")).toBeNull();
    expect(toasts).toEqual([]);
  });

  it("formats prices and changes per locale, with Latin digits in ar-SA", async () => {
    const ar = { ...lib, market: { ...lib.market, chartLabel: "مخطط {{pair}}", lastPrice: "آخر سعر" } };
    const data = page({ locale: "ar-SA", dir: "rtl" });
    data.resources["gmp-lib"] = ar;
    const { unmount } = renderPage(<Market />, data);
    const img = await screen.findByRole("img", { name: "مخطط BTC/USDT" });
    expect(candles(img)).toHaveLength(24);
    const card = within(screen.getAllByRole("listitem")[0]);
    const price = card.getByText("آخر سعر").nextElementSibling!.textContent!;
    expect(price).toMatch(/^64[,\u066c]880[.\u066b]00$/);
    const change = card.getByText(/1[.\u066b]38/).textContent!;
    expect(change).toMatch(/\+/);
    for (const text of [price, change, document.body.textContent!]) expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    unmount();

    renderPage(<Market />, page({ locale: "de" }));
    const de = within((await screen.findAllByRole("listitem"))[0]);
    await waitFor(() => expect(de.getByText("Last price").nextElementSibling).toHaveTextContent(/^64\.880,00$/));
    expect(de.getByText("+1,38 %")).toBeInTheDocument();
  });

  it("names pairs by the quote tokens, and by the known quotes when that call fails", async () => {
    quoteReply = () => ok([{ tokenId: "MNT", tokenName: "MNT" }, { tokenId: "USDT", tokenName: "USDT" }]);
    klineReplies.push(() => ok([series("BTCMNT", 50, 1), series("ETHUSDT", 3200, -2)]));
    const { unmount } = renderPage(<Market />, page({}, ["BTCMNT", "ETHUSDT"]));
    expect(await chart("BTC/MNT")).toBeInTheDocument();
    unmount();

    quoteReply = failure;
    resetRequest(); // forget the cached tokens
    configureRequest({ apiBase: "/api", lang: "en", onError: (e) => toasts.push(e), storage: null });
    klineReplies.push(() => ok([series("BTCMNT", 50, 1), series("ETHUSDT", 3200, -2)]));
    renderPage(<Market />, page({}, ["BTCMNT", "ETHUSDT"]));
    expect(await chart("ETH/USDT")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "24-hour price chart of BTCMNT" })).toBeInTheDocument();
    expect(toasts).toEqual([]); // the fallback covers it: nothing to tell the visitor
    expect(quoteCalls).toBe(2);
  });

  it("says a failed load in its own space; Retry loads the candles and moves focus to them", async () => {
    klineReplies.push(failure);
    renderPage(<Market />, page());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Market data could not be loaded.");
    expect(alert).toHaveClass("promo-market__error");
    expect(toasts).toHaveLength(1); // spec §7 leaves this call's errors toasted
    expect(screen.queryByRole("img")).toBeNull();

    klineReplies.push(failure);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(klineCalls).toHaveLength(2));
    const again = await screen.findByRole("button", { name: "Retry" });
    await waitFor(() => expect(again).toHaveFocus());

    fireEvent.click(again);
    expect(candles(await chart("BTC/USDT"))).toHaveLength(24);
    expect(screen.queryByRole("alert")).toBeNull();
    await waitFor(() => expect(screen.getByRole("heading", { name: "BTC/USDT" })).toHaveFocus());
  });

  it("shows a symbol the answer lacks as having no data", async () => {
    klineReplies.push(() => ok([MARKET[0]]));
    renderPage(<Market />, page());
    await chart("BTC/USDT");
    const eth = within(screen.getAllByRole("listitem")[1]);
    expect(eth.getByRole("heading", { name: "ETH/USDT" })).toBeInTheDocument();
    expect(eth.getByText("No price data for this pair right now.")).toBeInTheDocument();
    expect(eth.queryByRole("img")).toBeNull();
  });

  it("refreshes every minute while visible, pauses in a background tab, and resumes on return", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    renderPage(<Market />, page());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(klineCalls).toHaveLength(1);
    expect(screen.getAllByRole("img")).toHaveLength(2);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFRESH_MS + 10);
    });
    expect(klineCalls).toHaveLength(2);

    setVisibility("hidden");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * REFRESH_MS);
    });
    expect(klineCalls).toHaveLength(2);

    // Back in the tab: fresh candles at once, then every minute again.
    await act(async () => {
      setVisibility("visible");
      await realSleep(20);
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(klineCalls).toHaveLength(3);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFRESH_MS + 10);
    });
    expect(klineCalls).toHaveLength(4);
    expect(quoteCalls).toBe(1); // the quote tokens are read once
  });

  it("keeps the candles when a refresh fails, and says so with a Retry", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    renderPage(<Market />, page());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    klineReplies.push(failure);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFRESH_MS + 10);
    });
    expect(klineCalls).toHaveLength(2);
    expect(screen.getAllByRole("img")).toHaveLength(2);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Prices could not be updated.");
    // Still failing: the candles stay, and so does the pressed Retry, with focus.
    klineReplies.push(failure);
    const retry = within(status).getByRole("button", { name: "Retry" });
    retry.focus();
    await act(async () => {
      fireEvent.click(retry);
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(klineCalls).toHaveLength(3);
    expect(screen.getAllByRole("img")).toHaveLength(2);
    expect(retry).toHaveFocus();
    // Then it works: the notice goes and focus moves to the first pair.
    await act(async () => {
      fireEvent.click(retry);
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(klineCalls).toHaveLength(4);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("heading", { name: "BTC/USDT" })).toHaveFocus();
  });
});

describe("priceDigits", () => {
  it("shows about six significant figures", () => {
    expect([65012.34, 3201.56, 150.12, 6.01, 0.6, 0.15, 0.0000123, 0].map(priceDigits)).toEqual([2, 2, 2, 4, 5, 5, 8, 2]);
  });
});
