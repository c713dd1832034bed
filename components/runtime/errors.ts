import type { ApiError } from "./request";
import { toast } from "./toast";

export type { ApiError } from "./request";

// The error catalogue of spec §8: what a failed call shows.

/** Info or enrol: the campaign is not available → the blocking modal (spec §8). */
export const CAMPAIGN_UNAVAILABLE = 3580000;
/** Enrol: already enrolled, which counts as success (spec §8). */
export const ALREADY_ENROLLED = 3570011;
/** Any non-refresh call: the session is gone, reload the page (spec §8). */
export const RELOAD = 10007;
/** No response at all: network error, timeout, abort (spec §8). */
export const NETWORK_ERROR = -1;

export const SYSTEM_ERROR = "SYSTEM ERROR";

// Keys of the error-code dictionary (locales/<locale>/error-code.json), not of the page
// texts: held in constants because the build collects every literal key passed to t in the page's
// sources as a page text it must ship.
export const RETRY_KEY = "error.retry";
export const WRONG_CODE_KEY = "error.wrongVerificationCode";

/**
 * The message helper of spec §8: 10000, 20001–20003 and 20005–20008 ask to retry,
 * 20009 says the verification code is wrong, anything else gets the fallback. `t`
 * translates error-code dictionary keys, e.g. dictionaryT(await loadErrorDictionary()).
 */
export function messageFor(code: number, t: (key: string) => string, fallback?: string): string {
  if (code === 10000 || (code >= 20001 && code <= 20003) || (code >= 20005 && code <= 20008)) return t(RETRY_KEY);
  if (code === 20009) return t(WRONG_CODE_KEY);
  return fallback ?? SYSTEM_ERROR;
}

export type ErrorDictionary = Record<string, unknown>;

let urls = { url: "", fallbackUrl: "" };
let loading: Promise<ErrorDictionary> | null = null;

/** Where this locale's error dictionary and the default locale's are (page data). */
export function configureErrors(cfg: { url: string; fallbackUrl: string }): void {
  urls = { ...cfg };
  loading = null;
}

/**
 * The page locale's error dictionary (DESIGN §2: fetched on the first error, once). If
 * it cannot be loaded, the default locale's is used and the failure logged once (spec
 * §8: "fall back to en-US, then log"); if both fail, the dictionary is empty and
 * callers show the server's message.
 */
export function loadErrorDictionary(): Promise<ErrorDictionary> {
  if (!urls.url) return Promise.resolve({});
  return (loading ??= load(urls.url, urls.fallbackUrl));
}

async function load(url: string, fallbackUrl: string): Promise<ErrorDictionary> {
  try {
    return await fetchJSON(url);
  } catch (first) {
    let dict: ErrorDictionary = {};
    let outcome = "no fallback";
    if (fallbackUrl && fallbackUrl !== url) {
      try {
        dict = await fetchJSON(fallbackUrl);
        outcome = `using ${fallbackUrl}`;
      } catch (second) {
        outcome = `${fallbackUrl} failed too: ${String(second)}`;
      }
    }
    console.error(`error dictionary ${url} failed to load (${String(first)}); ${outcome}`);
    return dict;
  }
}

async function fetchJSON(url: string): Promise<ErrorDictionary> {
  const res = await fetch(url, { credentials: "same-origin" });
  if (!res.ok) throw new Error(`status ${res.status}`);
  const body: unknown = await res.json();
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new Error("not a JSON object");
  return body as ErrorDictionary;
}

/** A dotted key ("errorCode.2005") looked up in the nested dictionary. */
export function lookup(dict: ErrorDictionary, key: string): string | undefined {
  let node: unknown = dict;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" && node !== "" ? node : undefined;
}

/** A translate function over a loaded dictionary; a missing key translates to itself. */
export function dictionaryT(dict: ErrorDictionary): (key: string) => string {
  return (key) => lookup(dict, key) ?? key;
}

/** The translated text for the error's code (errorCode.{code}), else the server's message (spec §8). */
export async function errorText(e: ApiError): Promise<string> {
  const dict = await loadErrorDictionary();
  return lookup(dict, `errorCode.${e.code}`) ?? (e.msg || lookup(dict, "error.fallback") || SYSTEM_ERROR);
}

/** The toast "{code}: {message}" (spec §8), unless hideToast. */
export async function showError(e: ApiError, opts?: { hideToast?: boolean }): Promise<void> {
  if (opts?.hideToast) return;
  toast.show(`${e.code}: ${await errorText(e)}`);
}

export function resetForTests(): void {
  urls = { url: "", fallbackUrl: "" };
  loading = null;
}
