import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetForTests as resetIdentity } from "./identity";
import {
  CACHE_TTL,
  DEFAULT_TIMEOUT,
  MEMORY_CACHE_MAX,
  STORAGE_LIMIT,
  configureRequest,
  isApiError,
  request,
  resetForTests,
  type ApiError,
  type RequestOptions,
} from "./request";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

// A fetch that honours the abort signal the way browsers do.
function stubFetch(handler: Handler) {
  const fn = vi.fn(
    (input: RequestInfo | URL, init: RequestInit = {}) =>
      new Promise<Response>((resolve, reject) => {
        const signal = init.signal;
        const abort = () => reject(new DOMException("The operation was aborted.", "AbortError"));
        if (signal?.aborted) return abort();
        signal?.addEventListener("abort", abort);
        Promise.resolve()
          .then(() => handler(String(input), init))
          .then(resolve, reject);
      }),
  );
  vi.stubGlobal("fetch", fn);
  return fn;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const ok = (result: unknown) => json({ ret_code: 0, ret_msg: "OK", result });
const never = () => new Promise<Response>(() => {});

let onError: ReturnType<typeof vi.fn<(e: ApiError, o: RequestOptions) => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;

function setup(extra: Partial<Parameters<typeof configureRequest>[0]> = {}) {
  configureRequest({ apiBase: "/api", lang: "ja-JP", onError, reload, storage: localStorage, ...extra });
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!isApiError(e)) throw new Error(`expected an ApiError, got ${String(e)}`);
  return e;
}

beforeEach(() => {
  resetForTests();
  resetIdentity();
  localStorage.clear();
  document.cookie = "promo_guid=; max-age=0; path=/";
  onError = vi.fn();
  reload = vi.fn();
  setup();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("the call", () => {
  it("prefixes the API base, builds the query string and leaves undefined params out", async () => {
    const fetch = stubFetch(() => ok(null));
    await request({ url: "/spot/api/quote/v1/multi/kline", params: { symbol: "BTCUSDT", exchangeId: 301, interval: "1h", limit: 24, skip: undefined, flag: false } });
    expect(fetch.mock.calls[0][0]).toBe("/api/spot/api/quote/v1/multi/kline?symbol=BTCUSDT&exchangeId=301&interval=1h&limit=24&flag=false");
    expect(fetch.mock.calls[0][1]?.method).toBe("GET");
    expect(fetch.mock.calls[0][1]?.body).toBeUndefined();
  });

  it("sends credentials same-origin and the Lang and Guid headers", async () => {
    const fetch = stubFetch(() => ok(null));
    await request({ url: "/v2/private/user/profile" });
    const init = fetch.mock.calls[0][1]!;
    expect(init.credentials).toBe("same-origin");
    const headers = init.headers as Record<string, string>;
    expect(headers.Lang).toBe("ja-JP");
    expect(headers.Guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(document.cookie).toContain(`promo_guid=${headers.Guid}`);
    expect(headers["Content-Type"]).toBeUndefined();
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("sends a JSON body for %s when data is an object or array", async (method) => {
    const fetch = stubFetch(() => ok(null));
    await request({ method, url: "/segw/sact/activity/enroll", data: { campaign_id: "42", referral_code: "AB" } });
    await request({ method, url: "/x", data: [1, 2] });
    const [first, second] = fetch.mock.calls.map((c) => c[1]!);
    expect(first.method).toBe(method);
    expect(first.body).toBe('{"campaign_id":"42","referral_code":"AB"}');
    expect((first.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(second.body).toBe("[1,2]");
  });

  it("never sends a body with GET", async () => {
    const fetch = stubFetch(() => ok(null));
    await request({ url: "/x", data: { a: 1 } });
    expect(fetch.mock.calls[0][1]?.body).toBeUndefined();
  });

  it("resolves with result, code and msg", async () => {
    stubFetch(() => ok({ id: 7 }));
    await expect(request({ url: "/v2/private/user/profile" })).resolves.toEqual({ result: { id: 7 }, code: 0, msg: "OK" });
  });
});

describe("the envelope rule (spec §4: HTTP 200 and ret_code 0 only)", () => {
  it("fails on HTTP 200 with ret_code 5, with the envelope's code, msg and result", async () => {
    stubFetch(() => json({ ret_code: 5, ret_msg: "nope", result: { why: 1 } }));
    const e = await failure(request({ url: "/x" }));
    expect(e).toMatchObject({ code: 5, msg: "nope", result: { why: 1 }, status: 200 });
    expect(onError).toHaveBeenCalledWith(e, expect.objectContaining({ url: "/x" }));
  });

  it("fails on HTTP 500 even with ret_code 0", async () => {
    stubFetch(() => json({ ret_code: 0, ret_msg: "OK", result: {} }, 500));
    const e = await failure(request({ url: "/x" }));
    expect(e).toMatchObject({ code: -1, msg: "Request failed with status code 500", status: 500 });
  });

  it("uses an error envelope sent with a non-200 status", async () => {
    stubFetch(() => json({ ret_code: 2002, ret_msg: "too frequent" }, 429));
    const e = await failure(request({ url: "/x" }));
    expect(e).toMatchObject({ code: 2002, msg: "too frequent", status: 429 });
  });

  it.each([201, 204])("fails on HTTP %i even with ret_code 0", async (status) => {
    stubFetch(() => new Response(status === 204 ? null : JSON.stringify({ ret_code: 0, result: 1 }), { status }));
    const e = await failure(request({ url: "/x" }));
    expect(e).toMatchObject({ code: -1, status });
  });

  it("reports the status when a non-200 body is no envelope", async () => {
    stubFetch(() => new Response("<html>bad gateway</html>", { status: 502 }));
    const e = await failure(request({ url: "/x" }));
    expect(e).toMatchObject({ code: -1, msg: "Request failed with status code 502", status: 502 });
  });

  it("accepts the retCode / retMsg variant", async () => {
    stubFetch(() => json({ retCode: 0, retMsg: "fine", result: { campaignId: "1" } }));
    await expect(request({ url: "/fht/growth/activity-api/v1/info" })).resolves.toEqual({ result: { campaignId: "1" }, code: 0, msg: "fine" });
    stubFetch(() => json({ retCode: 3580000, retMsg: "unavailable" }));
    expect(await failure(request({ url: "/fht/growth/activity-api/v1/info" }))).toMatchObject({ code: 3580000, msg: "unavailable" });
  });

  it("fails with a parse error on a body that is not JSON", async () => {
    stubFetch(() => new Response("not json", { status: 200 }));
    const e = await failure(request({ url: "/x" }));
    expect(e.code).toBe(-1);
    expect(e.msg).toMatch(/not JSON/);
  });

  it("fails on HTTP 200 without a ret_code", async () => {
    stubFetch(() => json({ result: 1 }));
    expect((await failure(request({ url: "/x" }))).msg).toMatch(/no ret_code/);
  });
});

describe("10007 (spec §8)", () => {
  it("reloads the page on a non-refresh call, without a toast", async () => {
    stubFetch(() => json({ ret_code: 10007, ret_msg: "login expired" }));
    const e = await failure(request({ url: "/x" }));
    expect(e.code).toBe(10007);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
  });

  it("does not reload on a refresh call", async () => {
    stubFetch(() => json({ ret_code: 10007, ret_msg: "login expired" }));
    await failure(request({ url: "/x", refresh: true }));
    expect(reload).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

describe("transport errors (spec §8)", () => {
  it("times out after 30 s by default with the exact message", async () => {
    vi.useFakeTimers();
    stubFetch(never);
    const p = failure(request({ url: "/x" }));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT - 1);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const e = await p;
    expect(e).toMatchObject({ code: -1, msg: "timeout of 30000ms exceeded" });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: -1, msg: "timeout of 30000ms exceeded" }), expect.anything());
  });

  it("honours a custom timeout", async () => {
    vi.useFakeTimers();
    stubFetch(never);
    const p = failure(request({ url: "/x", timeout: 50_000 }));
    await vi.advanceTimersByTimeAsync(49_999);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await p).msg).toBe("timeout of 50000ms exceeded");
  });

  it("gives code -1 'Network Error' with a toast when fetch rejects", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const e = await failure(request({ url: "/x" }));
    expect(e).toMatchObject({ code: -1, msg: "Network Error" });
    expect(e.status).toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("hideToast suppresses the toast but still rejects", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    expect((await failure(request({ url: "/x", hideToast: true }))).msg).toBe("Network Error");
    expect(onError).not.toHaveBeenCalled();
  });

  it("fails with 'Request aborted' when the caller aborts, without a toast", async () => {
    stubFetch(never);
    const ctrl = new AbortController();
    const p = failure(request({ url: "/x", signal: ctrl.signal }));
    ctrl.abort();
    expect(await p).toMatchObject({ code: -1, msg: "Request aborted" });
    expect(onError).not.toHaveBeenCalled();
  });

  it("shows the default toast '{code}: {message}' when no onError is configured", async () => {
    const { toast } = await import("./toast");
    const show = vi.spyOn(toast, "show");
    configureRequest({ apiBase: "/api", lang: "en" });
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    await failure(request({ url: "/x" }));
    await vi.waitFor(() => expect(show).toHaveBeenCalledWith("-1: Network Error"));
  });
});

describe("the cache (spec §9)", () => {
  it("answers from the cache for the TTL, then fetches again", async () => {
    vi.useFakeTimers();
    let n = 0;
    const fetch = stubFetch(() => ok({ n: ++n }));
    const opts = { url: "/v2/private/user/profile", cache: true };
    expect((await request(opts)).result).toEqual({ n: 1 });
    await vi.advanceTimersByTimeAsync(CACHE_TTL - 1);
    expect((await request(opts)).result).toEqual({ n: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect((await request(opts)).result).toEqual({ n: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("honours a custom ttl", async () => {
    vi.useFakeTimers();
    const fetch = stubFetch(() => ok(1));
    await request({ url: "/a", cache: true, ttl: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    await request({ url: "/a", cache: true, ttl: 1000 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("keys entries by method, url, params and data", async () => {
    const fetch = stubFetch(() => ok(1));
    await request({ url: "/a", cache: true, params: { p: 1 } });
    await request({ url: "/a", cache: true, params: { p: 2 } });
    await request({ method: "POST", url: "/a", cache: true, params: { p: 1 } });
    await request({ method: "POST", url: "/a", cache: true, params: { p: 1 }, data: { d: 1 } });
    await request({ method: "POST", url: "/a", cache: true, params: { p: 1 }, data: { d: 1 } });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("does not cache without the cache flag", async () => {
    const fetch = stubFetch(() => ok(1));
    await request({ url: "/a" });
    await request({ url: "/a" });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it(`keeps at most ${MEMORY_CACHE_MAX} entries in memory: the 21st evicts the least recently used`, async () => {
    setup({ storage: null }); // memory only, so an eviction shows as a new fetch
    const fetch = stubFetch(() => ok(1));
    for (let i = 0; i < MEMORY_CACHE_MAX; i++) await request({ url: `/e${i}`, cache: true });
    await request({ url: "/e0", cache: true }); // /e0 is now the most recently used, /e1 the least
    expect(fetch).toHaveBeenCalledTimes(MEMORY_CACHE_MAX);
    await request({ url: "/e20", cache: true }); // the 21st entry
    await request({ url: "/e0", cache: true });
    expect(fetch).toHaveBeenCalledTimes(MEMORY_CACHE_MAX + 1);
    await request({ url: "/e1", cache: true });
    expect(fetch).toHaveBeenCalledTimes(MEMORY_CACHE_MAX + 2);
  });

  it("survives in local storage, e.g. across page loads", async () => {
    const fetch = stubFetch(() => ok({ id: 9 }));
    await request({ url: "/v2/private/user/profile", cache: true });
    const keys = Object.keys(localStorage);
    expect(keys).toHaveLength(1);
    const stored = JSON.parse(localStorage.getItem(keys[0])!) as { e: number; v: string };
    expect(stored.e).toBeGreaterThan(Date.now());
    resetForTests(); // a new page: empty memory
    setup();
    expect((await request({ url: "/v2/private/user/profile", cache: true })).result).toEqual({ id: 9 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("skips the local-storage write once the stored total would exceed the limit", async () => {
    stubFetch(() => ok("x"));
    localStorage.setItem("big", "y".repeat(STORAGE_LIMIT - 200));
    await request({ url: "/small", cache: true });
    expect(Object.keys(localStorage)).toHaveLength(2);
    localStorage.setItem("big", "y".repeat(STORAGE_LIMIT));
    await request({ url: "/other", cache: true });
    expect(Object.keys(localStorage).filter((k) => k.includes("/other"))).toEqual([]);
  });

  it("deletes the entry when a forced refresh fails", async () => {
    let fail = false;
    const fetch = stubFetch(() => (fail ? json({ ret_code: 10000, ret_msg: "x" }) : ok({ n: 1 })));
    await request({ url: "/a", cache: true });
    fail = true;
    await failure(request({ url: "/a", cache: true, force: true }));
    expect(localStorage.length).toBe(0);
    fail = false;
    await request({ url: "/a", cache: true });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("keeps the last good entry when keepCacheOnError (the profile call)", async () => {
    let fail = false;
    const fetch = stubFetch(() => (fail ? Promise.reject(new TypeError("offline")) : ok({ id: 1 })));
    const opts = { url: "/v2/private/user/profile", cache: true, keepCacheOnError: true };
    await request(opts);
    fail = true;
    await failure(request({ ...opts, force: true }));
    expect((await request(opts)).result).toEqual({ id: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("hands out copies: a caller mutating a result does not change the cache", async () => {
    stubFetch(() => ok({ list: [1] }));
    const first = await request<{ list: number[] }>({ url: "/a", cache: true });
    first.result.list.push(2);
    expect((await request<{ list: number[] }>({ url: "/a", cache: true })).result.list).toEqual([1]);
  });
});
