import { CODE_WRONG_VERIFICATION_CODE, RETRY_CODES } from "./contract.gen";
import type { ApiError } from "./request";
import { toast } from "./toast";

export type { ApiError } from "./request";

// The error catalogue of spec §8: what a failed call shows. The codes themselves are
// internal/contract's (contract.gen.ts); these names say what the page does with them.
export {
  /** Info or enrol: the campaign is not available → the blocking modal (spec §8). */
  CODE_CAMPAIGN_UNAVAILABLE as CAMPAIGN_UNAVAILABLE,
  /** Enrol: already enrolled, which counts as success (spec §8). */
  CODE_ALREADY_ENROLLED as ALREADY_ENROLLED,
  /** Any non-refresh call: the session is gone, reload the page (spec §8). */
  CODE_AUTH_FAILED as RELOAD,
  /** No response at all: network error, timeout, abort (spec §8). */
  CODE_NETWORK_ERROR as NETWORK_ERROR,
} from "./contract.gen";

export const SYSTEM_ERROR = "SYSTEM ERROR";

// Keys of the error-code dictionary (locales/<locale>/error-code.json), not of the page
// texts: held in constants because the build collects every literal key passed to t in the page's
// sources as a page text it must ship.
export const RETRY_KEY = "error.retry";
export const WRONG_CODE_KEY = "error.wrongVerificationCode";
const FALLBACK_KEY = "error.fallback";

/** The dictionary key the message helper of spec §8 gives a code, if any. */
function helperKey(code: number): string | undefined {
  if (RETRY_CODES.includes(code)) return RETRY_KEY;
  if (code === CODE_WRONG_VERIFICATION_CODE) return WRONG_CODE_KEY;
  return undefined;
}

/**
 * The message helper of spec §8: 10000, 20001–20003 and 20005–20008 ask to retry,
 * 20009 says the verification code is wrong, anything else gets the fallback. `t`
 * translates error-code dictionary keys, e.g. dictionaryT(await loadErrorDictionary()).
 */
export function messageFor(code: number, t: (key: string) => string, fallback?: string): string {
  const key = helperKey(code);
  return key ? t(key) : (fallback ?? SYSTEM_ERROR);
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

/**
 * The text of an error (spec §8), the one path every error toast takes. A code the
 * message helper maps gets its translated retry or wrong-code text, never the server's
 * message (the spec maps these codes to a text for the visitor); any other code its
 * translated text (errorCode.{code}), else the server's message. Whatever is missing
 * falls back to error.fallback, then SYSTEM ERROR.
 */
export async function errorText(e: ApiError): Promise<string> {
  const dict = await loadErrorDictionary();
  const byCode = lookup(dict, `errorCode.${e.code}`);
  const fallback = () => lookup(dict, FALLBACK_KEY) ?? SYSTEM_ERROR;
  if (helperKey(e.code)) return messageFor(e.code, (key) => lookup(dict, key) ?? byCode ?? fallback());
  return byCode ?? (e.msg || fallback());
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
