// The client of `promo dev`, injected into every page it serves (never into `promo
// build` output) as a classic script before </head>: it runs before the page's module
// scripts. It keeps the page in step with the build over Server-Sent Events (reload,
// style swap, error overlay) and applies what the preview matrix at / chose (device,
// clock). Plain JS without dependencies: it is served as is, there is no build step.
//
// The pages' CSP is `script-src 'self'; style-src 'self'`: nothing here writes markup
// styles or <style> elements; the overlay is styled by a constructable style sheet in
// a shadow root, which CSP does not restrict.
(() => {
  "use strict";
  // The dev server may inject this script into a page that already names it (the
  // preview matrix does): one client per page.
  if (window.__PROMO_DEV_CLIENT__) return;
  window.__PROMO_DEV_CLIENT__ = true;
  // The page's runtime puts its content swap here when it hydrates (swapContent), and
  // tells of texts it could not find (missingText): never a raw key without a word.
  window.__PROMO_DEV__ = { missingText };

  function readCookies() {
    const out = {};
    for (const part of document.cookie.split(/;\s*/)) {
      const i = part.indexOf("=");
      if (i <= 0) continue;
      try {
        out[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1));
      } catch {
        // A malformed value is not ours: ignore it.
      }
    }
    return out;
  }

  // ---- Device and clock (cookies set by the preview matrix) ----

  // iPhone Safari: what components/runtime/context.ts detects as a phone.
  const IPHONE_UA =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

  // The page data is parsed after this script runs: read it when first asked (by the
  // page's module scripts, which run after parsing); null until then.
  let pageData;
  function readPageData() {
    if (pageData === undefined) {
      const el = document.getElementById("promo-data");
      if (!el) return null;
      try {
        pageData = JSON.parse(el.textContent);
      } catch {
        pageData = null;
      }
    }
    return pageData;
  }

  function emulateDevice(device, cookies) {
    if (device !== "phone" && device !== "app") return;
    const appMarker = () => String(readPageData()?.app?.userAgentMarker || "");
    // The preview's app settings (dev/preview.go): the app's version and whether it is
    // logged in.
    const version = /^\d+(\.\d+){0,3}$/.test(cookies.promo_dev_app_version || "") ? cookies.promo_dev_app_version : "3.7.0";
    Object.defineProperty(navigator, "userAgent", {
      configurable: true,
      get: () => (device === "app" && appMarker() ? `${IPHONE_UA} ${appMarker()}/${version}` : IPHONE_UA),
    });
    if (device === "app") {
      // Marks the in-app emulation for pages and tests.
      window.__PROMO_APP_BRIDGE__ = Object.freeze({ emulated: true });
      document.addEventListener("DOMContentLoaded", () => installFakeBridge(version, cookies.promo_dev_app_user === "login"), { once: true });
    }
  }

  // ---- The fake app bridge (DESIGN §8), dev pages only ----

  const DEMO_EMAIL = "demo@example.com"; // the mock's seeded account (DESIGN §5)

  // Installs window[app.bridge] once the page data is there, then announces it with the
  // "<bridge>Ready" event, as an app that injects it late would. Router.push asks with
  // window.confirm, standing in for the app's login screen; the token comes from the
  // mock's control (local only), which is what the app would hold.
  function installFakeBridge(version, appLoggedIn) {
    const data = readPageData();
    const name = data?.app?.bridge;
    if (!name || window[name]) return;
    let loggedIn = appLoggedIn;
    const apiBase = String(data.apiBase || "/api").replace(/\/+$/, "");
    const profile = async () => {
      if (!loggedIn) return { code: 1 };
      const res = await fetch(`${apiBase}/__mock/token`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: DEMO_EMAIL }) });
      const body = await res.json().catch(() => null);
      const r = body?.result;
      if (!res.ok || !r?.userToken) return { code: 1 };
      return { code: 0, params: { uid: r.id, userName: "demo", vagueEmail: "de***@example.com", emailVerified: true, userToken: r.userToken } };
    };
    const methods = {
      "SystemInfo.getAppConfig": async () => ({ code: 0, params: { appVersion: version } }),
      "UserProfile.getUserProfile": profile,
      "Router.push": async (params) => {
        const screen = params?.path === "register" ? "sign-up" : "login";
        if (!loggedIn) loggedIn = window.confirm(`promo dev, in the app (${version}): the app's ${screen} screen opens here.\n\nLog in as ${DEMO_EMAIL}?`);
        if (loggedIn) document.cookie = "promo_dev_app_user=login; path=/; samesite=lax";
        return { code: loggedIn ? 0 : 1 };
      },
    };
    window[name] = Object.freeze({
      call: (module, method, params) => (methods[`${module}.${method}`] ?? (async () => ({ code: 404 })))(params),
    });
    window.dispatchEvent(new Event(`${name}Ready`));
  }

  // The preview's time travel: useNow (components/runtime/clock.ts) adds the offset.
  function travelInTime(iso) {
    const t = iso ? Date.parse(iso) : NaN;
    if (!Number.isNaN(t)) window.__PROMO_NOW_OFFSET__ = t - Date.now();
  }

  // ---- Events ----

  function connect() {
    if (typeof EventSource !== "function") return;
    let instance = null;
    let build = null;
    let retry = 0;
    const open = () => {
      const es = new EventSource("/__promo/events");
      es.addEventListener("hello", (e) => {
        retry = 0;
        const d = parse(e);
        if (!d) return;
        if (instance === null) {
          instance = d.instance;
        } else if (d.instance !== instance) {
          location.reload(); // the server restarted: its pages may have changed
          return;
        }
        hideBadge();
        if (d.error) {
          showErrors(errorList(d.error));
        } else if (build !== null && d.build !== build) {
          location.reload(); // a build finished while we were disconnected
          return;
        } else {
          hideOverlay();
        }
        build = d.build;
      });
      es.addEventListener("building", () => showBadge());
      es.addEventListener("reload", (e) => {
        const d = parse(e);
        if (!d) return;
        build = d.build;
        hideOverlay();
        hideBadge();
        if (d.cssOnly) {
          swapStyles();
        } else if (d.pages == null || d.pages.map(withSlash).includes(withSlash(location.pathname)) || isPreview) {
          if (d.hot && d.pages != null && !isPreview) swapContent();
          else location.reload();
        }
      });
      es.addEventListener("error", (e) => {
        // Named "error" events carry data; the EventSource's own connection errors
        // do not (they come through this listener too).
        if (!(e instanceof MessageEvent)) return;
        const d = parse(e);
        if (!d) return;
        build = d.build;
        hideBadge();
        showErrors(errorList(d));
      });
      // EventSource reconnects by itself after a dropped connection. It gives up only
      // when the server answered something other than an event stream (a proxy's 502
      // while the server restarts): then try again, more slowly each time.
      es.onerror = () => {
        if (es.readyState !== EventSource.CLOSED) return;
        retry = Math.min(retry + 1, 10);
        setTimeout(open, retry * 500);
      };
    };
    open();
  }

  function parse(e) {
    try {
      return JSON.parse(e.data);
    } catch {
      return null;
    }
  }

  const withSlash = (p) => (p.endsWith("/") ? p : p + "/");
  // The preview matrix (dev/preview.html) shows every campaign's title and status:
  // any build may change it.
  const isPreview = document.documentElement.hasAttribute("data-promo-preview");

  // The error payload is {build, errors: [...]}; accept a bare list or one error too.
  function errorList(payload) {
    if (Array.isArray(payload)) return payload;
    if (Array.isArray(payload.errors)) return payload.errors;
    return [payload];
  }

  // The page as just built, parsed; null (and the page reloading) when it cannot be had.
  async function freshPage() {
    try {
      const res = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
      if (!res.ok) throw new Error(String(res.status));
      return new DOMParser().parseFromString(await res.text(), "text/html");
    } catch {
      location.reload();
      return null;
    }
  }

  // A content edit (texts, rules, campaign.yaml) swaps the page's data in place: the
  // page's own runtime re-renders with it (entry/client.tsx registers the swap), so
  // the scroll position, an open dialog and the login stay (DESIGN §7). Anything the
  // swap cannot carry (other scripts or style sheets, another language or direction,
  // a page without the hook) reloads instead.
  async function swapContent() {
    const swap = window.__PROMO_DEV__ && window.__PROMO_DEV__.swap;
    const doc = await freshPage();
    if (!doc) return;
    const same = (sel, attr) =>
      [...doc.querySelectorAll(sel)].map((e) => e.getAttribute(attr)).join(" ") ===
      [...document.querySelectorAll(sel)].map((e) => e.getAttribute(attr)).join(" ");
    const root = doc.documentElement;
    const script = doc.getElementById("promo-data");
    if (
      typeof swap !== "function" || !script ||
      !same('script[type="module"]', "src") || !same('link[rel~="stylesheet"]', "href") ||
      root.lang !== document.documentElement.lang || root.dir !== document.documentElement.dir
    ) {
      location.reload();
      return;
    }
    const html = {};
    doc.querySelectorAll("[data-promo-html]").forEach((el) => (html[el.dataset.promoHtml] = el.innerHTML));
    document.title = doc.title;
    missing.clear(); // texts still missing say so again as the page renders
    try {
      swap(JSON.parse(script.textContent || "{}"), html);
    } catch {
      location.reload();
    }
  }

  // Swaps each <link rel=stylesheet> for the one in the same position of the freshly
  // built page; the old sheet goes only once the new one has loaded, so nothing flashes
  // unstyled. If the page's sheets changed in number, a reload is simpler and right.
  async function swapStyles() {
    const doc = await freshPage();
    if (!doc) return;
    const sel = 'link[rel~="stylesheet"]';
    const fresh = [...doc.querySelectorAll(sel)];
    const live = [...document.querySelectorAll(sel)];
    if (fresh.length !== live.length) {
      location.reload();
      return;
    }
    live.forEach((old, i) => {
      const href = fresh[i].getAttribute("href");
      if (!href || href === old.getAttribute("href")) return; // hashed names: same name, same content
      const next = old.cloneNode();
      next.setAttribute("href", href);
      const done = () => old.remove();
      next.addEventListener("load", done, { once: true });
      next.addEventListener("error", done, { once: true });
      old.after(next);
    });
  }

  // ---- Texts missing at run time ----

  // A key no bundle has reaches t() (typically one built at run time): the page shows
  // the raw key. Gathered for a moment, then shown in the overlay, once per key.
  const missing = new Map();
  let missingTimer = 0;
  function missingText(ns, key) {
    const id = ns + ":" + key;
    if (missing.has(id)) return;
    missing.set(id, {
      file: "locales/en/" + ns + ".json",
      code: "missing-text",
      message: 'Text "' + key + '" of ' + ns + " is not in any bundle: the page shows the raw key.",
      hint: "add it to locales/en/" + ns + ".json; if the page builds the key at run time, list it under keys: in campaign.yaml so the check sees it",
    });
    clearTimeout(missingTimer);
    missingTimer = setTimeout(() => {
      if (overlay && overlay.dataset.kind === "build") return; // a build error comes first
      showErrors([...missing.values()], "Missing texts");
    }, 50);
  }

  // ---- Overlay and badge: one shadow root, created on first use ----

  const CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.overlay { position: fixed; inset: 0; z-index: 2147483647; overflow: auto; direction: ltr; text-align: left;
  background: rgba(11, 14, 17, 0.92); color: #f5f5f5; font: 15px/1.5 system-ui, sans-serif; padding: 24px; }
.panel { max-width: 960px; margin: 0 auto; background: #1b1f24; border: 1px solid #e5484d; border-radius: 8px; padding: 20px 24px; }
.head { display: flex; justify-content: space-between; align-items: center; gap: 16px; }
h2 { margin: 0; font-size: 20px; color: #ff8589; }
button { font: inherit; color: #f5f5f5; background: #2e343b; border: 1px solid #8b949e; border-radius: 6px; padding: 6px 14px; cursor: pointer; }
button:focus-visible { outline: 3px solid #ffd33d; outline-offset: 2px; }
ol { list-style: none; margin: 16px 0 0; padding: 0; }
li + li { margin-top: 20px; border-top: 1px solid #3a4048; padding-top: 20px; }
.loc { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #79c0ff; }
.code { color: #c9d1d9; }
.msg { margin: 6px 0; font-weight: 600; }
.hint { margin: 6px 0; color: #c9d1d9; }
pre { margin: 10px 0 0; padding: 12px 0; background: #0d1117; border-radius: 6px; overflow-x: auto;
  font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.line { display: block; padding: 0 12px; white-space: pre; }
.line.hit { background: rgba(229, 72, 77, 0.25); }
.caret { display: block; padding: 0 12px; white-space: pre; color: #ff8589; font-weight: 700; }
.num { display: inline-block; min-width: 4ch; margin-right: 1ch; color: #8b949e; text-align: right; user-select: none; }
.badge { position: fixed; left: 12px; bottom: 12px; z-index: 2147483647; direction: ltr;
  font: 12px/1 system-ui, sans-serif; color: #f5f5f5; background: #0b0e11; border: 1px solid #8b949e;
  border-radius: 999px; padding: 6px 10px; pointer-events: none; }
`;

  let root = null;
  let overlay = null;
  let badge = null;
  let badgeTimer = 0;

  function shadow() {
    if (root) return root;
    const host = document.createElement("div");
    host.setAttribute("data-promo-dev", "");
    host.dir = "ltr"; // even on right-to-left pages: file names and excerpts read left to right
    root = host.attachShadow({ mode: "open" });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
    // Outside the page's React root, so hydration never sees it.
    (document.body || document.documentElement).appendChild(host);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && overlay) hideOverlay();
    });
    return root;
  }

  function el(tag, className, text) {
    const n = document.createElement(tag);
    if (className) n.className = className;
    if (text != null) n.textContent = String(text);
    return n;
  }

  // title: "Build failed" for a build's errors, else what the problems are.
  function showErrors(errors, title) {
    hideOverlay();
    const kind = title ? "page" : "build";
    const box = el("div", "overlay");
    box.dataset.kind = kind;
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-label", title || "Build error");
    const panel = box.appendChild(el("div", "panel"));
    const head = panel.appendChild(el("div", "head"));
    const n = errors.length;
    head.appendChild(el("h2", "", title ? `${title}: ${n}` : n > 1 ? `Build failed: ${n} errors` : "Build failed"));
    const close = head.appendChild(el("button", "", "Close"));
    close.type = "button";
    close.setAttribute("aria-label", kind === "build" ? "Close the build error" : "Close");
    close.addEventListener("click", hideOverlay);
    const list = panel.appendChild(el("ol"));
    for (const err of errors) list.appendChild(renderError(err || {}));
    // No focus is moved: the designer keeps working in the page or the editor.
    shadow().appendChild(box);
    overlay = box;
  }

  function renderError(err) {
    const item = el("li");
    let where = err.file || "";
    if (err.line) where += `:${err.line}` + (err.column ? `:${err.column}` : "");
    const loc = item.appendChild(el("div"));
    loc.appendChild(el("span", "loc", where));
    if (err.code) loc.appendChild(el("span", "code", ` [${err.code}]`));
    item.appendChild(el("p", "msg", err.message || "The build failed."));
    if (err.hint) item.appendChild(el("p", "hint", `Hint: ${err.hint}`));
    if (Array.isArray(err.excerpt) && err.excerpt.length) item.appendChild(renderExcerpt(err));
    return item;
  }

  function renderExcerpt(err) {
    const pre = el("pre");
    const width = String(Math.max(...err.excerpt.map((l) => l.line || 0))).length;
    for (const l of err.excerpt) {
      const text = String(l.text ?? "");
      const hit = l.line === err.line;
      const row = pre.appendChild(el("span", hit ? "line hit" : "line"));
      row.appendChild(el("span", "num", String(l.line).padStart(width)));
      row.appendChild(document.createTextNode(text));
      if (hit && err.column > 0) {
        // Columns count characters (code points); keep the line's tabs so the caret
        // lines up under the column.
        const pad = Array.from(text).slice(0, err.column - 1).join("").replace(/[^\t]/g, " ");
        const caret = pre.appendChild(el("span", "caret"));
        caret.setAttribute("aria-hidden", "true");
        caret.appendChild(el("span", "num", " ".repeat(width)));
        caret.appendChild(document.createTextNode(pad + "^"));
      }
    }
    return pre;
  }

  function hideOverlay() {
    if (overlay) overlay.remove();
    overlay = null;
  }

  // Shown only when a build takes a while: most take tens of milliseconds, and a badge
  // flashing on every save would distract more than it tells.
  function showBadge() {
    clearTimeout(badgeTimer);
    badgeTimer = setTimeout(() => {
      if (!badge) {
        badge = el("div", "badge", "rebuilding…");
        badge.setAttribute("role", "status");
        badge.setAttribute("aria-label", "Promo dev: rebuilding");
        shadow().appendChild(badge);
      }
      // A build that ends without an event for this page must not leave it up.
      badgeTimer = setTimeout(hideBadge, 10000);
    }, 250);
  }

  function hideBadge() {
    clearTimeout(badgeTimer);
    if (badge) badge.remove();
    badge = null;
  }

  // Last, so every constant above is initialised.
  const cookies = readCookies();
  emulateDevice(cookies.promo_dev_device, cookies);
  travelInTime(cookies.promo_dev_now);
  connect();
})();
