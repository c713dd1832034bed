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

  it("with an analytics script, loads it after page load and waits for it", () => {
    initTracking({ campaignId: "7", analyticsSrc: "https://analytics.example/tag.js" });
    track({ el: "a" });
    expect(document.querySelector("script[src='https://analytics.example/tag.js']")).toBeNull();
    load();
    const script = document.querySelector<HTMLScriptElement>("script[src='https://analytics.example/tag.js']");
    expect(script?.async).toBe(true);
    track({ el: "b" });
    expect(window.dataLayer).toBeUndefined();
    script!.dispatchEvent(new Event("load"));
    track({ el: "c" });
    expect(window.dataLayer?.map((e) => (e as { el: string }).el)).toEqual(["a", "b", "c"]);
  });

  it("releases the queue when the analytics script fails to load", () => {
    initTracking({ analyticsSrc: "/tag.js" });
    track({ el: "a" });
    load();
    document.querySelector("script")!.dispatchEvent(new Event("error"));
    expect(window.dataLayer).toHaveLength(1);
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
