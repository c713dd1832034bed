import { ResponseCache } from "./cache";
import { NETWORK_ERROR, RELOAD, showError } from "./errors";
import { deviceGuid } from "./identity";

// The request wrapper of spec §7 ("Request wrapper behaviour"), §8 and §9. Every call of
// the page goes through it: it adds Lang and Guid, applies the envelope rule, shows the
// error toast and keeps the response cache.

/** Spec §9: the wrapper's default timeout. */
export const DEFAULT_TIMEOUT = 30_000;
/** Spec §9: the product HTTP timeout, the function's own limit for an upstream call (DESIGN §4). */
export const PRODUCT_TIMEOUT = 50_000;
/** Spec §9: how long a cached response is used by default. */
export const CACHE_TTL = 60_000;
/** Spec §9: entries of the in-memory cache. */
export const MEMORY_CACHE_MAX = 20;
/** Spec §9: no local-storage cache write once the stored total exceeds this many characters. */
export const STORAGE_LIMIT = 4_718_592;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  method?: Method; // GET by default
  url: string; // a spec path such as "/segw/sact/activity/info", prefixed with apiBase
  params?: Record<string, string | number | boolean | undefined>; // query string; undefined values are left out
  data?: unknown; // JSON body for POST, PUT, PATCH and DELETE when an object or array
  timeout?: number; // ms, DEFAULT_TIMEOUT by default; 0 for none
  cache?: boolean; // answer from the cache while fresh, store successful responses
  ttl?: number; // ms a cached response stays fresh, CACHE_TTL by default
  force?: boolean; // with cache: skip a fresh entry, fetch and store again
  keepCacheOnError?: boolean; // with cache: a failure leaves the last good entry in place (the profile call, spec §7)
  hideToast?: boolean; // no error toast (spec §7 marks which calls)
  refresh?: boolean; // a refresh call: ret_code 10007 does not reload the page (spec §8)
  headers?: Record<string, string>;
  signal?: AbortSignal; // the caller's cancellation: fails with "Request aborted", no toast
}

export type ErrorKind = "network" | "timeout" | "aborted" | "http" | "parse" | "api";

/** The error object given to callers (spec §3: code, msg, result). */
export interface ApiError {
  code: number; // ret_code, or -1 when there was no usable response
  msg: string; // ret_msg, or the transport message of spec §8
  result?: unknown;
  status?: number; // HTTP status, when a response arrived
  kind?: ErrorKind;
}

export interface ApiResponse<T> {
  result: T;
  code: number;
  msg: string;
}

/** Thrown by request(): an Error (with a stack) carrying the ApiError fields. */
export class RequestError extends Error implements ApiError {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly kind: ErrorKind,
    readonly status?: number,
    readonly result?: unknown,
  ) {
    super(msg);
    this.name = "RequestError";
  }
}

export function isApiError(e: unknown): e is ApiError {
  return typeof e === "object" && e !== null && typeof (e as ApiError).code === "number" && typeof (e as ApiError).msg === "string";
}

interface Config {
  apiBase: string;
  lang: string;
  onError: (e: ApiError, opts: RequestOptions) => void;
  reload: () => void;
  storage: () => Storage | null;
  now: () => number;
  storagePrefix: string;
}

function defaults(): Config {
  return {
    apiBase: "/api",
    lang: "en",
    onError: (e) => void showError(e),
    reload: () => window.location.reload(),
    storage: () => {
      try {
        return window.localStorage;
      } catch {
        return null; // forbidden in some sandboxed frames and privacy modes
      }
    },
    now: () => Date.now(),
    storagePrefix: "promo:cache:",
  };
}

let cfg = defaults();
let cache = newCache();

function newCache(): ResponseCache {
  return new ResponseCache({
    max: MEMORY_CACHE_MAX,
    limit: STORAGE_LIMIT,
    prefix: cfg.storagePrefix,
    storage: () => cfg.storage(),
    now: () => cfg.now(),
  });
}

export function configureRequest(c: {
  apiBase: string;
  lang: string;
  onError?: (e: ApiError, opts: RequestOptions) => void;
  reload?: () => void;
  storage?: Storage | null;
  now?: () => number;
  storagePrefix?: string; // local-storage key prefix of the cache, "<brand>:cache:" is a good choice
}): void {
  const base = defaults();
  cfg = {
    apiBase: c.apiBase.replace(/\/+$/, ""),
    lang: c.lang,
    onError: c.onError ?? base.onError,
    reload: c.reload ?? base.reload,
    storage: c.storage !== undefined ? () => c.storage ?? null : base.storage,
    now: c.now ?? base.now,
    storagePrefix: c.storagePrefix ?? base.storagePrefix,
  };
  cache = newCache();
}

/**
 * Calls `<apiBase><url>` and resolves with the envelope's result, code and msg; rejects
 * with a RequestError otherwise. Success only when the HTTP status is 200 and ret_code
 * (or retCode) is 0 (spec §4).
 */
export async function request<T = unknown>(opts: RequestOptions): Promise<ApiResponse<T>> {
  const method = opts.method ?? "GET";
  const url = buildUrl(opts.url, opts.params);
  const key = opts.cache ? `${method} ${url} ${opts.data === undefined ? "" : JSON.stringify(opts.data)}` : "";
  if (key && !opts.force) {
    const hit = cache.get(key);
    if (hit !== undefined) return hit as ApiResponse<T>;
  }
  try {
    const res = await send(method, url, opts);
    if (key) cache.set(key, res, opts.ttl ?? CACHE_TTL);
    return res as ApiResponse<T>;
  } catch (err) {
    const e = err instanceof RequestError ? err : new RequestError(NETWORK_ERROR, String(err), "network");
    if (key && !opts.keepCacheOnError) cache.delete(key);
    if (e.code === RELOAD && !opts.refresh) {
      cfg.reload(); // the page reloads: no toast
    } else if (!opts.hideToast && e.kind !== "aborted") {
      cfg.onError(e, opts);
    }
    throw e;
  }
}

function buildUrl(path: string, params: RequestOptions["params"]): string {
  let url = path.startsWith("/") && !path.startsWith("//") ? cfg.apiBase + path : path;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined) query.append(name, String(value));
  }
  const qs = query.toString();
  if (qs) url += (url.includes("?") ? "&" : "?") + qs;
  return url;
}

function body(method: Method, data: unknown): BodyInit | undefined {
  if (method === "GET" || data === undefined || data === null) return undefined;
  if (typeof data === "string" || data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) return data;
  return typeof data === "object" ? JSON.stringify(data) : undefined;
}

async function send(method: Method, url: string, opts: RequestOptions): Promise<ApiResponse<unknown>> {
  const timeout = opts.timeout ?? DEFAULT_TIMEOUT;
  const ctrl = new AbortController();
  let timedOut = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          ctrl.abort();
        }, timeout)
      : undefined;
  const cancel = () => ctrl.abort();
  if (opts.signal?.aborted) ctrl.abort();
  else opts.signal?.addEventListener("abort", cancel);
  // No usable response: the transport message of spec §8, code -1.
  const transport = () =>
    timedOut
      ? new RequestError(NETWORK_ERROR, `timeout of ${timeout}ms exceeded`, "timeout")
      : ctrl.signal.aborted
        ? new RequestError(NETWORK_ERROR, "Request aborted", "aborted")
        : new RequestError(NETWORK_ERROR, "Network Error", "network");

  const payload = body(method, opts.data);
  const headers: Record<string, string> = { Accept: "application/json", Lang: cfg.lang };
  const guid = deviceGuid();
  if (guid) headers.Guid = guid;
  if (typeof payload === "string" && typeof opts.data === "object") headers["Content-Type"] = "application/json";
  Object.assign(headers, opts.headers);
  try {
    let res: Response;
    let text: string;
    try {
      if (ctrl.signal.aborted) throw transport();
      res = await fetch(url, { method, headers, body: payload, credentials: "same-origin", signal: ctrl.signal });
      text = await res.text();
    } catch {
      throw transport();
    }
    return interpret(res.status, text);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", cancel);
  }
}

interface Envelope {
  code: number;
  msg: string;
  result: unknown;
}

// Spec §3: ret_code or retCode, ret_msg or retMsg, result.
function envelope(body: unknown): Envelope | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const code = b.ret_code ?? b.retCode;
  const msg = b.ret_msg ?? b.retMsg;
  if (typeof code !== "number") return null;
  return { code, msg: typeof msg === "string" ? msg : "", result: b.result };
}

function interpret(status: number, text: string): ApiResponse<unknown> {
  let parsed: unknown;
  let isJSON = true;
  try {
    parsed = JSON.parse(text);
  } catch {
    isJSON = false;
  }
  const env = isJSON ? envelope(parsed) : null;
  if (status === 200) {
    if (!isJSON) throw new RequestError(NETWORK_ERROR, "Unexpected response: the body is not JSON", "parse", status);
    if (!env) throw new RequestError(NETWORK_ERROR, "Unexpected response: no ret_code", "parse", status);
    if (env.code !== 0) throw new RequestError(env.code, env.msg, "api", status, env.result);
    return { result: env.result, code: 0, msg: env.msg };
  }
  // Not 200: a failure whatever the body says, but an error envelope (the function's
  // 429, 502, 504) names the reason better than the status does.
  const httpMsg = status >= 200 && status <= 299 ? `Unexpected response status ${status}` : `Request failed with status code ${status}`;
  if (env && env.code !== 0) throw new RequestError(env.code, env.msg || httpMsg, "http", status, env.result);
  throw new RequestError(NETWORK_ERROR, httpMsg, "http", status);
}

export function resetForTests(): void {
  cfg = defaults();
  cache = newCache();
}
