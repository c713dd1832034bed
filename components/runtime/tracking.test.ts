import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describe as describeElement, initHeatmap } from "./heatmap";
import { DEFAULT_PROJECT_TYPE, initTracking, resetForTests, track } from "./tracking";

let readyState: DocumentReadyState;

beforeEach(() => {
  resetForTests();
  delete window.dataLayer;
  readyState = "loading";
  vi.spyOn(document, "readyState", "get").mockImplementation(() => readyState);
});

afterEach(() => {
  document.body.innerHTML = "";
  document.head.querySelectorAll("script").forEach((s) => s.remove());
});

function load() {
  readyState = "complete";
  window.dispatchEvent(new Event("load"));
}

describe("track (spec §3, §4)", () => {
  it("queues events until the page has loaded, then delivers them in order", () => {
    initTracking({ campaignId: "1001" });
    track({ el: "apply" });
    track({ el: "login-open", ep: "exposure" });
    expect(window.dataLayer).toBeUndefined();
    load();
    track({ el: "after" });
    expect(window.dataLayer).toEqual([
      { event: "promo", ep: "click", el: "apply", campaign_id: "1001", project_type: DEFAULT_PROJECT_TYPE },
      { event: "promo", ep: "exposure", el: "login-open", campaign_id: "1001", project_type: DEFAULT_PROJECT_TYPE },
      { event: "promo", ep: "click", el: "after", campaign_id: "1001", project_type: DEFAULT_PROJECT_TYPE },
    ]);
    expect(DEFAULT_PROJECT_TYPE).toBe("growth-activity");
  });

  it("gives events queued before initTracking the page's campaign and project type", () => {
    track({ el: "early", extra: 1 });
    initTracking({ campaignId: "7", projectType: "spot" });
    load();
    expect(window.dataLayer).toEqual([{ event: "promo", ep: "click", el: "early", extra: 1, campaign_id: "7", project_type: "spot" }]);
  });

  it("lets an event name its own campaign", () => {
    initTracking({ campaignId: "7" });
    load();
    track({ el: "x", campaignId: "8" });
    expect(window.dataLayer).toMatchObject([{ campaign_id: "8" }]);
  });

  it("delivers at once when the page has already loaded", () => {
    readyState = "complete";
    initTracking({ campaignId: "7" });
    track({ el: "x" });
    expect(window.dataLayer).toHaveLength(1);
  });

  it("uses the site's project type, and the spec's default for an empty one", () => {
    initTracking({ campaignId: "7", projectType: "" });
    load();
    track({ el: "a" });
    initTracking({ campaignId: "7", projectType: "futures-growth" });
    track({ el: "b" });
    expect(window.dataLayer?.map((e) => (e as { project_type: string }).project_type)).toEqual([DEFAULT_PROJECT_TYPE, "futures-growth"]);
  });
});

describe("the Tag Manager container (site.yaml analytics.gtm)", () => {
  const SRC = "https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3";
  const gtmScripts = () => document.querySelectorAll<HTMLScriptElement>(`script[src="${SRC}"]`);
  const promoEvents = () => (window.dataLayer ?? []).filter((e) => (e as { event: string }).event === "promo");

  it("is injected only after the window's load event, once, and receives the queued events in order", () => {
    initTracking({ campaignId: "7", projectType: "spot-growth", gtm: "GTM-AB12CD3", env: "production" });
    track({ el: "a" });
    expect(gtmScripts()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
    load();
    expect(gtmScripts()).toHaveLength(1);
    expect(gtmScripts()[0].async).toBe(true);
    // The container's start event first, the page's events only once gtm.js has run.
    expect(window.dataLayer).toEqual([{ "gtm.start": expect.any(Number), event: "gtm.js" }]);
    track({ el: "b" });
    gtmScripts()[0].dispatchEvent(new Event("load"));
    track({ el: "c" });
    expect(window.dataLayer?.[0]).toMatchObject({ event: "gtm.js" });
    expect(promoEvents()).toEqual(
      ["a", "b", "c"].map((el) => ({ event: "promo", ep: "click", el, campaign_id: "7", project_type: "spot-growth" })),
    );
    // Started again (a second initTracking): still one script, one start event.
    initTracking({ campaignId: "7", gtm: "GTM-AB12CD3", env: "production" });
    window.dispatchEvent(new Event("load"));
    expect(gtmScripts()).toHaveLength(1);
    expect(window.dataLayer?.filter((e) => (e as { event: string }).event === "gtm.js")).toHaveLength(1);
    track({ el: "d" });
    expect(promoEvents()).toHaveLength(4);
  });

  it("releases the queue when gtm.js fails to load (a blocker)", () => {
    initTracking({ gtm: "GTM-AB12CD3", env: "test" });
    track({ el: "a" });
    load();
    gtmScripts()[0].dispatchEvent(new Event("error"));
    expect(promoEvents()).toHaveLength(1);
  });

  it.each([
    ["in the local environment", { gtm: "GTM-AB12CD3", env: "local" }],
    ["without a container", { env: "production" }],
    ["with something that is not a container id", { gtm: "x\"><script>", env: "production" }],
  ])("loads nothing %s and delivers after page load", (_, cfg) => {
    initTracking({ campaignId: "7", ...cfg });
    track({ el: "a" });
    expect(window.dataLayer).toBeUndefined();
    load();
    expect(document.querySelectorAll("script")).toHaveLength(0);
    expect(window.dataLayer).toEqual([{ event: "promo", ep: "click", el: "a", campaign_id: "7", project_type: DEFAULT_PROJECT_TYPE }]);
  });
});

describe("heatmap (spec §3)", () => {
  beforeEach(() => {
    readyState = "complete";
    initTracking({ campaignId: "7" });
  });

  it.each([
    ['<button id="go" class="cta primary">Apply <b>now</b></button>', "button", "button#go.cta:Apply now"],
    ['<a href="#home">Back to <span id="in">home</span></a>', "#in", "a:Back to home"],
    ['<input type="email" name="email" value="secret@example.com">', "input", "input[type=email][name=email]"],
    ['<textarea name="note">private text</textarea>', "textarea", "textarea[name=note]"],
    ['<ul><li class="prize">Gold</li></ul>', "li", "li.prize:Gold"],
    ['<img alt="Hero" src="/h.png">', "img", "img:Hero"],
    ['<button data-track="apply">Apply</button>', "button", "apply"],
  ])("reports a click on %s", (html, selector, el) => {
    const stop = initHeatmap();
    document.body.innerHTML = html;
    document.querySelector(selector)!.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 12, clientY: 34 }));
    stop();
    expect(window.dataLayer).toEqual([{ event: "promo", ep: "heatmap", el, x: 12, y: 34, campaign_id: "7", project_type: DEFAULT_PROJECT_TYPE }]);
  });

  it("ignores clicks elsewhere, and clicks after it stopped", () => {
    const stop = initHeatmap();
    document.body.innerHTML = '<p>text</p><div><span>x</span></div><button>b</button>';
    document.querySelector("p")!.click();
    document.querySelector("span")!.click();
    stop();
    document.querySelector("button")!.click();
    expect(window.dataLayer).toBeUndefined();
  });

  it("counts clicks a widget stops from propagating", () => {
    const stop = initHeatmap();
    document.body.innerHTML = "<button>b</button>";
    document.querySelector("button")!.addEventListener("click", (e) => e.stopPropagation());
    document.querySelector("button")!.click();
    stop();
    expect(window.dataLayer).toHaveLength(1);
  });

  it("shortens long texts", () => {
    document.body.innerHTML = `<a>${"word ".repeat(50)}</a>`;
    expect(describeElement(document.querySelector("a")!).length).toBeLessThanOrEqual("a:".length + 40);
  });
});
