// Web URL → app link (spec §2 "Web-path to app deep-link mapping", §5 symbol
// patterns; deeplinks.md beside DESIGN.md, DESIGN §8). The table is data,
// internal/deeplink/rules.json, which Go embeds and this module imports; this is the
// same small interpreter as internal/deeplink/deeplink.go, held to the same answers
// by internal/deeplink/testdata/vectors.json (deeplink.test.ts). Change both or neither.
//
// Only the app needs it (links followed inside the app, the banner): keep it out of
// first-load code and load it with import() where it is used.
//
// The URL is parsed by hand, not with URL: the browser's parser and Go's differ (dot
// segments, backslashes, percent-decoding, default ports), and the mapping must not.
// Named imports: esbuild then leaves the file's $comment out of the bundle.
import { rules as ruleData, segments } from "../../internal/deeplink/rules.json";

export interface DeepLinkConfig {
  scheme?: string; // app.scheme; "" or absent: "exchange"
  siteHost: string; // the site's own host (baseURL's), port allowed
  webHosts: readonly string[]; // app.webHosts
}

export interface DeepLink {
  link: string; // <scheme>://<target>
  rule: string; // the rule's name in rules.json
}

interface SegmentKind {
  upper?: boolean;
  match?: string;
  suffixes?: Record<string, string>;
  values?: string[] | Record<string, string>;
}

interface Rule {
  name: string;
  paths: string[];
  target: string;
  query?: string[];
  require?: string[];
}

type Segment = { literal: string } | { name: string; accept: (s: string) => string | null };

const DEFAULT_SCHEME = "exchange";
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function kind(k: SegmentKind): (s: string) => string | null {
  const re = k.match === undefined ? null : new RegExp(k.match);
  // Own keys only: "constructor" or "__proto__" are no segment values.
  const values = Array.isArray(k.values) ? Object.fromEntries(k.values.map((v) => [v, v])) : k.values;
  return (s) => {
    if (k.upper) s = asciiUpper(s);
    if (values) return hasOwn(values, s) ? values[s] : null;
    if (!re || !re.test(s)) return null;
    if (!k.suffixes) return s;
    for (const [suffix, repl] of Object.entries(k.suffixes)) {
      if (s.endsWith(suffix)) return s.slice(0, s.length - suffix.length) + repl;
    }
    return null;
  };
}

const kinds = segments as Record<string, SegmentKind>;
const rules = (ruleData as Rule[]).map((r) => ({
  ...r,
  patterns: r.paths.map((p): Segment[] =>
    p
      .slice(1, -1)
      .split("/")
      .map((s) => {
        const m = /^\{([a-z][a-z0-9]*):([a-z][a-z0-9]*)\}$/.exec(s);
        return m ? { name: m[1], accept: kind(kinds[m[2]]) } : { literal: s };
      }),
  ),
}));
// A rule's first segment shaped like a locale (kyc, vip) is a page, not a prefix.
const firstSegments = new Set(rules.flatMap((r) => r.paths.map((p) => p.split("/")[1])));
const localeShape = /^[A-Za-z]{2,3}(-[A-Za-z]{2}|-[0-9]{3})?$/;

export function mapDeepLink(url: string, config: DeepLinkConfig): DeepLink | null {
  const parts = split(url, config);
  if (!parts) return null;
  const [path, query] = parts;
  let segs = path.slice(1).replace(/\/$/, "").split("/");
  if (localeShape.test(segs[0]) && !firstSegments.has(segs[0])) segs = segs.slice(1);
  for (const r of rules) {
    const target = apply(r, r.patterns, segs, query);
    if (target !== null) return { link: `${config.scheme || DEFAULT_SCHEME}://${target}`, rule: r.name };
  }
  return null;
}

// [path with a trailing slash, raw query], or null when url is not one of ours.
function split(url: string, config: DeepLinkConfig): [string, string] | null {
  if (url.includes("\\")) return null; // browsers read "\" as "/"
  let rest = url.split("#")[0];
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(rest);
  if (m) {
    const scheme = asciiLower(m[0].slice(0, -3));
    if (scheme !== "http" && scheme !== "https") return null;
    rest = rest.slice(m[0].length);
    let end = rest.search(/[/?]/);
    if (end < 0) end = rest.length;
    if (!ownHost(rest.slice(0, end), config)) return null;
    rest = rest.slice(end);
    if (!rest.startsWith("/")) rest = "/" + rest;
  } else if (!rest.startsWith("/") || rest.startsWith("//")) {
    return null;
  }
  const q = rest.indexOf("?");
  let path = q < 0 ? rest : rest.slice(0, q);
  if (!path.endsWith("/")) path += "/";
  return [path, q < 0 ? "" : rest.slice(q + 1)];
}

function ownHost(authority: string, config: DeepLinkConfig): boolean {
  const host = hostName(authority);
  if (host === "" || authority.includes("@")) return false;
  return host === hostName(config.siteHost) || config.webHosts.some((h) => hostName(h) === host);
}

const hostName = (authority: string) => asciiLower(authority.replace(/:[0-9]*$/, ""));

function apply(r: Rule, patterns: Segment[][], segs: string[], rawQuery: string): string | null {
  for (const pattern of patterns) {
    if (pattern.length !== segs.length) continue;
    const captured: Record<string, string> = {};
    const ok = pattern.every((p, i) => {
      if ("literal" in p) return segs[i] === p.literal;
      const v = p.accept(segs[i]);
      if (v !== null) captured[p.name] = v;
      return v !== null;
    });
    if (!ok) continue;
    let target = r.target.replace(/\{([a-z][a-z0-9]*)\}/g, (_, name: string) => encode(captured[name]) ?? "");
    let sep = target.includes("?") ? "&" : "?";
    for (const name of r.query ?? []) {
      const v = param(rawQuery, name);
      const encoded = v === null ? null : encode(v);
      if (encoded === null) {
        if (r.require?.includes(name)) return null;
        continue;
      }
      target += `${sep}${name}=${encoded}`;
      sep = "&";
    }
    return target;
  }
  return null;
}

// The first value of name ("+" is a space); empty or badly encoded counts as absent.
function param(rawQuery: string, name: string): string | null {
  for (const pair of rawQuery.split("&")) {
    const eq = pair.indexOf("=");
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (key !== name) continue;
    const value = eq < 0 ? "" : decode(pair.slice(eq + 1));
    return value ? value : null;
  }
  return null;
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return null; // bad %-escape or not UTF-8
  }
}

// RFC 3986's unreserved characters stay; encodeURIComponent also keeps !'()*, which
// Go's side encodes. null for a lone surrogate, which has no UTF-8.
function encode(s: string): string | null {
  try {
    return encodeURIComponent(s).replace(/[!'()*]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
  } catch {
    return null;
  }
}

// ASCII only: Unicode case mapping differs between Go and JavaScript ("ß" → "SS").
const asciiUpper = (s: string) => s.replace(/[a-z]+/g, (c) => c.toUpperCase());
const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (c) => c.toLowerCase());
