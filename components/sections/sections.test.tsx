import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetUnavailable } from "../api/unavailable";
import { resetForTests as resetContext } from "../runtime/context";
import type { Section } from "../runtime/contract.gen";
import { createI18n, I18nProvider } from "../runtime/i18n";
import { PageProvider } from "../runtime/page";
import { configureRequest, resetForTests as resetRequest } from "../runtime/request";
import type { PageData } from "../runtime/types";
import CampaignPage from "../template/CampaignPage";
import { Slot } from "../template/Slot";
import { testPageData } from "../testing/renderPage";
import { resetAuth } from "../widgets/auth/store";
import { ActionsSection } from "./Actions";
import { CountdownSection } from "./Countdown";
import { FaqSection } from "./Faq";
import { MarketSection, MoreCampaignsSection, PrizeDrawSection } from "./Growth";
import { HeroSection } from "./Hero";
import { PrizePoolSection } from "./PrizePool";
import { Sections } from "./Sections";
import { StepsSection } from "./Steps";
import { TiersSection } from "./Tiers";

// The growth widgets' own modules are tested beside them; here a stand-in shows when the
// section loads its chunk.
vi.mock("../widgets/draw/PrizeDraw", () => ({ default: () => <p>the prize draw widget</p> }));
// A chunk that takes a while to arrive, to see what the section shows meanwhile.
let marketArrives: () => void = () => {};
vi.mock("../widgets/market/Market", async () => {
  await new Promise<void>((resolve) => (marketArrives = resolve));
  return { default: () => <p>the market widget</p> };
});

const library = {
  sections: {
    prizePool: "Prize pool",
    steps: "How to take part",
    tiers: "Reward tiers",
    faq: "Frequently asked questions",
    countdown: {
      title: "Countdown",
      startsIn: "Starts in",
      endsIn: "Ends in",
      days_one: "Day",
      days_other: "Days",
      hours_one: "Hour",
      hours_other: "Hours",
      minutes_one: "Minute",
      minutes_other: "Minutes",
    },
  },
  schedule: { title: "Schedule", activity: "Campaign period", enrolment: "Registration period", startsIn: "Starts in {{time}}", endsIn: "Ends in {{time}}", ended: "This campaign has ended" },
  rules: { title: "Terms and rules" },
  quickLogin: { login: "Log in", register: "Sign up" },
};

const texts = {
  hero: { title: "Deposit Blast-Off", subtitle: "A 20% bonus on your first deposit." },
  pool: { title: "Total rewards" },
  steps: {
    deposit: { title: "Deposit", body: "Deposit at least 100 USDT." },
    trade: { title: "Trade", body: "Trade 1,000 USDT of spot." },
  },
  tiers: { deposit: "Net deposit", bonus: "Bonus" },
  faq: {
    who: { question: "Who can join?", answer: "Every verified account." },
    when: { question: "When is the bonus paid?", answer: "Within 7 days of the end." },
  },
};

function pageData(over: { locale?: string; sections?: Section[]; widgets?: PageData["campaign"]["widgets"]; image?: string } = {}): PageData {
  const d = testPageData({ locale: over.locale ?? "en" });
  d.resources["gmp-lib"] = { ...d.resources["gmp-lib"], ...library };
  d.resources.blast = texts;
  d.campaign = { ...d.campaign, sections: over.sections, image: over.image, widgets: over.widgets ?? d.campaign.widgets };
  return d;
}

// The providers App gives a page (page data, build-time HTML, translator), with an SWR
// cache of its own so no state leaks between tests.
function Page({ data, sink = null, children }: { data: PageData; sink?: Record<string, string> | null; children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 2000 }}>
      <PageProvider data={data} html={{ rules: "<p>Deposit at least 100 USDT.</p>" }} stableSink={sink}>
        <I18nProvider i18n={createI18n(data)}>{children}</I18nProvider>
      </PageProvider>
    </SWRConfig>
  );
}

const show = (children: ReactNode, data = pageData()) => render(<Page data={data}>{children}</Page>);

beforeEach(() => {
  resetRequest();
  resetContext();
  resetAuth();
  resetUnavailable();
  configureRequest({ apiBase: "/api", lang: "en", onError: () => {}, storage: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      const result = { campaignId: "1001", actStartAt: 1, actEndAt: 2, enrollStartAt: 1, enrollEndAt: 2, status: 5, enrolled: false };
      return new Response(JSON.stringify({ retCode: 0, retMsg: "OK", result }), { status: 200 });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe("HeroSection", () => {
  it("is the page's h1 and subtitle beside the campaign's art, sized and fetched first", () => {
    const { container } = show(<HeroSection art={{ src: "/assets/media/hero-1a2b.png", width: 1200, height: 800 }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Deposit Blast-Off" })).toBeInTheDocument();
    expect(screen.getByText("A 20% bonus on your first deposit.")).toBeInTheDocument();
    const img = container.querySelector("img")!;
    expect(img).toHaveAttribute("src", "/assets/media/hero-1a2b.png");
    expect(img).toHaveAttribute("width", "1200");
    expect(img).toHaveAttribute("height", "800");
    expect(img).toHaveAttribute("fetchpriority", "high");
    expect(img).toHaveAttribute("alt", "");
    expect(img).not.toHaveAttribute("loading");
  });

  it("falls back to the campaign image, and shows no image box without one", () => {
    const { container, unmount } = show(<HeroSection />, pageData({ image: "/assets/media/hero.svg" }));
    expect(container.querySelector("img")).toHaveAttribute("src", "/assets/media/hero.svg");
    unmount();
    const again = show(<HeroSection />);
    expect(again.container.querySelector("img, .promo-hero__art")).toBeNull();
  });
});

describe("ActionsSection", () => {
  it("holds the configured buttons, primary first, and marks the block whose primary is pinned on phones", async () => {
    const data = pageData({
      widgets: { quickApply: { style: "button", afterEnroll: "keep", popup: {}, autoSignUp: false }, quickLogin: { action: "register" } },
    });
    const { container } = show(<ActionsSection />, data);
    const primary = container.querySelector(".promo-actions__primary")!;
    expect(within(primary as HTMLElement).getByRole("button", { name: "Apply" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign up" })).toBeInTheDocument();
    // One Apply button: the phone bar is this button, moved by CSS, not a copy.
    expect(screen.getAllByRole("button", { name: "Apply" })).toHaveLength(1);
    expect(container.querySelector(".promo-actions")).toHaveClass("promo-actions--sticky");
  });

  it("makes the login button primary when there is no Apply, and renders nothing with neither", () => {
    const { container, unmount } = show(<ActionsSection sticky={false} />, pageData({ widgets: { quickLogin: { action: "login" } } }));
    expect(within(container.querySelector(".promo-actions__primary") as HTMLElement).getByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(container.querySelector(".promo-actions")).not.toHaveClass("promo-actions--sticky");
    unmount();
    expect(show(<ActionsSection />, pageData({ widgets: {} })).container).toBeEmptyDOMElement();
  });
});

describe("PrizePoolSection", () => {
  it("shows its heading and the amount in the page's locale with its unit", () => {
    show(<PrizePoolSection amount={500000} unit="USDT" />);
    const region = screen.getByRole("region", { name: "Prize pool" });
    expect(region).toHaveTextContent("500,000 USDT");
  });

  it("takes a configured title, formats per locale with Latin digits, and keeps the text stable for hydration", () => {
    const sink: Record<string, string> = {};
    const html = renderToString(
      <Page data={pageData({ locale: "ar-SA" })} sink={sink}>
        <PrizePoolSection title="pool.title" amount={1234567.5} unit="USDT" />
      </Page>,
    );
    expect(html).toContain("Total rewards");
    expect(sink["number:1234567.5"]).toMatch(/^1[,\u066c]234[,\u066c]567[.\u066b]5$/);
    // The client reuses the prerendered text, whatever its own Intl data says.
    const data = pageData({ locale: "ar-SA" });
    data.stable = { "number:1234567.5": "PRERENDERED" };
    show(<PrizePoolSection amount={1234567.5} unit="USDT" />, data);
    expect(screen.getByText("PRERENDERED")).toBeInTheDocument();
  });
});

describe("CountdownSection", () => {
  const start = Date.parse("2026-11-01T00:00:00Z");
  const end = Date.parse("2026-12-01T00:00:00Z");

  function at(ms: number) {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(ms);
  }

  it("prerenders a placeholder (no clock on the server), then shows the time left after hydration", () => {
    at(start - ((2 * 24 + 3) * 60 + 4) * 60_000);
    const html = renderToString(
      <Page data={pageData()} sink={{}}>
        <CountdownSection />
      </Page>,
    );
    expect(html).toContain("Countdown");
    expect(html).toContain("--");
    expect(html).not.toContain("Starts in");

    // Hydrating that HTML matches it (no error), then the clock fills in.
    const errors = vi.fn();
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = html;
    render(
      <Page data={pageData()}>
        <CountdownSection />
      </Page>,
      { container, hydrate: true, onRecoverableError: errors },
    );
    expect(errors).not.toHaveBeenCalled();
    const region = screen.getByRole("region", { name: "Starts in" });
    expect(region.querySelector("[aria-live='polite']")).toHaveTextContent("Starts in 02 Days 03 Hours 04 Minutes");
    expect(region.querySelector(".promo-timer__tiles")).not.toHaveAttribute("aria-hidden");
  });

  it("counts to the end once started, a unit per tile with its plural label", () => {
    at(end - (24 * 60 + 1) * 60_000);
    show(<CountdownSection />);
    const tiles = screen.getByRole("region", { name: "Ends in" }).querySelectorAll(".promo-timer__tile");
    expect(Array.from(tiles, (t) => t.textContent!.trim())).toEqual(["01 Day", "00 Hours", "01 Minute"]);
  });

  it("changes its live text at most once a minute", () => {
    at(end - 10 * 60_000 - 30_000);
    show(<CountdownSection />);
    const live = document.querySelector("[aria-live='polite']")!;
    expect(live).toHaveTextContent("11 Minutes");
    const observer = new MutationObserver(() => {});
    observer.observe(live, { subtree: true, childList: true, characterData: true });
    const changed = () => observer.takeRecords().length > 0;
    // The clock ticks every second; the region's text changes only when a minute passes.
    act(() => void vi.advanceTimersByTime(29_000));
    expect(changed()).toBe(false);
    act(() => void vi.advanceTimersByTime(2_000));
    expect(changed()).toBe(true);
    expect(live).toHaveTextContent("10 Minutes");
    act(() => void vi.advanceTimersByTime(58_000));
    expect(changed()).toBe(false);
    act(() => void vi.advanceTimersByTime(2_000));
    expect(changed()).toBe(true);
    expect(live).toHaveTextContent("09 Minutes");
    observer.disconnect();
  });

  it("says the campaign has ended after its end", () => {
    at(end + 1000);
    show(<CountdownSection />);
    expect(screen.getByRole("heading", { name: "This campaign has ended" })).toBeInTheDocument();
    expect(document.querySelector(".promo-timer__tile")).toBeNull();
  });

  it("keeps a configured title as the heading and shows the phase under it", () => {
    at(start + 1000);
    show(<CountdownSection title="pool.title" />);
    const region = screen.getByRole("region", { name: "Total rewards" });
    expect(region).toHaveTextContent("Ends in");
  });
});

describe("StepsSection", () => {
  it("shows numbered task cards from the items' texts under the default heading", () => {
    show(<StepsSection items={["steps.deposit", "steps.trade"]} />);
    const region = screen.getByRole("region", { name: "How to take part" });
    const items = within(region).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole("heading", { level: 3, name: "Deposit" })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent("Trade 1,000 USDT of spot.");
    expect(within(region).getByRole("list").tagName).toBe("OL");
  });
});

describe("TiersSection", () => {
  it("is a real table with column headers and numbers formatted with their units", () => {
    show(
      <TiersSection
        columns={["tiers.deposit", "tiers.bonus"]}
        units={["USDT", "USDT"]}
        rows={[
          [100, 20],
          [10000, 2000.5],
        ]}
      />,
    );
    const table = screen.getByRole("table", { name: "Reward tiers" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Net deposit", "Bonus"]);
    expect(headers[0]).toHaveAttribute("scope", "col");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ["100\u00a0USDT", "20\u00a0USDT"],
      ["10,000\u00a0USDT", "2,000.5\u00a0USDT"],
    ]);
    // Scrolls inside its card, and can be scrolled from the keyboard.
    expect(table.parentElement).toHaveClass("promo-tiers__scroll");
    expect(table.parentElement).toHaveAttribute("tabindex", "0");
  });

  it("uses the page's locale and leaves a unit out where the column has none", () => {
    show(<TiersSection title="pool.title" columns={["tiers.deposit", "tiers.bonus"]} units={["", "USDT"]} rows={[[1234.5, 10]]} />, pageData({ locale: "ru-RU" }));
    const table = screen.getByRole("table", { name: "Total rewards" });
    expect(Array.from(within(table).getAllByRole("row")[1].children, (c) => c.textContent)).toEqual(["1\u00a0234,5", "10\u00a0USDT"]);
  });
});

describe("FaqSection", () => {
  it("lists each question as a button in a heading that controls its hidden answer", () => {
    show(<FaqSection items={["faq.who", "faq.when"]} />);
    const region = screen.getByRole("region", { name: "Frequently asked questions" });
    const button = within(region).getByRole("button", { name: "Who can join?" });
    expect(button.closest("h3")).not.toBeNull();
    expect(button).toHaveAttribute("aria-expanded", "false");
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(panel).toHaveTextContent("Every verified account.");
    expect(panel).not.toBeVisible();
    expect(panel).toHaveAttribute("hidden");
  });

  it("toggles by click", async () => {
    const user = userEvent.setup();
    show(<FaqSection items={["faq.who", "faq.when"]} />);
    const button = screen.getByRole("button", { name: "Who can join?" });
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(panel).toBeVisible();
    // Items are independent.
    expect(screen.getByRole("button", { name: "When is the bonus paid?" })).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(panel).not.toBeVisible();
  });

  it("toggles by keyboard, Enter and Space", async () => {
    const user = userEvent.setup();
    show(<FaqSection title="pool.title" items={["faq.who", "faq.when"]} />);
    expect(screen.getByRole("region", { name: "Total rewards" })).toBeInTheDocument();
    await user.tab();
    const first = screen.getByRole("button", { name: "Who can join?" });
    expect(first).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(first).toHaveAttribute("aria-expanded", "true");
    await user.tab();
    const second = screen.getByRole("button", { name: "When is the bonus paid?" });
    expect(second).toHaveFocus();
    await user.keyboard(" ");
    expect(second).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById(second.getAttribute("aria-controls")!)).toBeVisible();
    await user.keyboard(" ");
    expect(second).toHaveAttribute("aria-expanded", "false");
  });
});

describe("Sections", () => {
  const order = (container: HTMLElement) =>
    Array.from(container.querySelectorAll(".promo-hero, .promo-actions, .promo-section, .promo-schedule, .promo-rules"), (el) =>
      el.classList.contains("promo-hero")
        ? "hero"
        : el.classList.contains("promo-actions")
          ? "actions"
          : el.classList.contains("promo-schedule")
            ? "schedule"
            : el.classList.contains("promo-rules")
              ? "rules"
              : el.className.match(/promo-section--(\w+)/)![1],
    );

  it("renders the configured sections in their order", () => {
    const sections: Section[] = [
      { type: "prizePool", amount: 500000, unit: "USDT" },
      { type: "hero" },
      { type: "faq", items: ["faq.who"] },
      { type: "tiers", columns: ["tiers.deposit"], units: [""], rows: [[100]] },
      { type: "steps", items: ["steps.deposit"] },
      { type: "countdown" },
      { type: "rules" },
      { type: "actions" },
      { type: "schedule" },
    ];
    const { container } = show(<Sections />, pageData({ sections }));
    expect(order(container)).toEqual(["prizePool", "hero", "faq", "tiers", "steps", "countdown", "rules", "actions", "schedule"]);
  });

  it("renders hero, actions, schedule and rules when the campaign lists no sections", () => {
    const { container } = show(<Sections />);
    expect(order(container)).toEqual(["hero", "actions", "schedule", "rules"]);
    expect(screen.getByRole("heading", { level: 1, name: "Deposit Blast-Off" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Apply" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Terms and rules" })).toBeInTheDocument();
  });

  it("hydrates the prerendered page of every section type without a mismatch", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
    vi.setSystemTime(Date.parse("2026-11-10T00:00:00Z"));
    const sections: Section[] = [
      { type: "hero", art: { src: "/a.png", width: 600, height: 400 } },
      { type: "actions" },
      { type: "prizePool", amount: 500000, unit: "USDT" },
      { type: "countdown" },
      { type: "steps", items: ["steps.deposit", "steps.trade"] },
      { type: "tiers", columns: ["tiers.deposit", "tiers.bonus"], units: ["USDT", "USDT"], rows: [[100, 20]] },
      { type: "faq", items: ["faq.who", "faq.when"] },
      { type: "schedule" },
      { type: "rules" },
    ];
    const sink: Record<string, string> = {};
    const html = renderToString(
      <Page data={pageData({ locale: "de-DE", sections })} sink={sink}>
        <Sections />
      </Page>,
    );
    expect(sink["number:500000"]).toBe("500.000");
    const data = { ...pageData({ locale: "de-DE", sections }), stable: sink };
    const errors = vi.fn();
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = html;
    render(
      <Page data={data}>
        <Sections />
      </Page>,
      { container, hydrate: true, onRecoverableError: errors },
    );
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByRole("region", { name: "Ends in" })).toHaveTextContent("21 Days");
  });

  it("pins only the first actions block's primary action on phones", () => {
    const { container } = show(<Sections />, pageData({ sections: [{ type: "actions" }, { type: "hero" }, { type: "actions" }] }));
    const blocks = container.querySelectorAll(".promo-actions");
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toHaveClass("promo-actions--sticky");
    expect(blocks[1]).not.toHaveClass("promo-actions--sticky");
  });
});

describe("slots of widgets not built yet", () => {
  it("are not rendered by the standard template, so they take no space", () => {
    const data = pageData({
      widgets: {
        quickApply: { style: "button", afterEnroll: "keep", popup: {}, autoSignUp: false },
        invitationCode: { enabled: true },
        market: { symbols: ["BTCUSDT"] },
        prizeDraw: { chancesPerUser: 3, prizes: [] },
      },
    });
    const { container } = show(<CampaignPage />, data);
    expect(container.querySelector("main.promo-page")).toBeInTheDocument();
    expect(Array.from(container.querySelectorAll("[data-slot]"), (s) => s.getAttribute("data-slot"))).toEqual(["quick-apply"]);
  });

  it("are nothing at all when a page names one without its widget", () => {
    const { container } = show(
      <>
        <Slot name="invitation-code" />
        <Slot name="market" />
        <Slot name="prize-draw">{null}</Slot>
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe("growth widget sections", () => {
  const draw = { chancesPerUser: 3, prizes: [{ id: "p1", name: "prizes.p1", weight: 1 }] };
  const withDraw = () => {
    const data = pageData({ widgets: { prizeDraw: draw } });
    data.resources["gmp-lib"] = { ...data.resources["gmp-lib"], draw: { title: "Prize draw" }, widget: { loading: "Loading…" } };
    return data;
  };

  it("prerender a titled region with a busy skeleton, and nothing when the widget is not configured", () => {
    const html = renderToString(
      <Page data={withDraw()}>
        <PrizeDrawSection />
      </Page>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/<h2[^>]*>Prize draw<\/h2>/);
    expect(renderToString(<Page data={pageData({ widgets: {} })}>{<PrizeDrawSection />}</Page>)).toBe("");
  });

  it("load the widget's chunk when the browser is idle, in place of the skeleton", async () => {
    vi.useFakeTimers();
    show(<PrizeDrawSection />, withDraw());
    const region = screen.getByRole("region", { name: "Prize draw" });
    expect(within(region).getByText("Loading…")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    vi.useRealTimers();
    expect(await within(region).findByText("the prize draw widget")).toBeInTheDocument();
    expect(region.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it("keep the skeleton while the chunk is still on its way, so nothing collapses", async () => {
    vi.useFakeTimers();
    const data = pageData({ widgets: { market: { symbols: ["BTCUSDT"] } } });
    data.resources["gmp-lib"] = { ...data.resources["gmp-lib"], market: { title: "Market" }, widget: { loading: "Loading…" } };
    show(<MarketSection />, data);
    const region = screen.getByRole("region", { name: "Market" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    vi.useRealTimers();
    expect(region.querySelector('[aria-busy="true"]')).not.toBeNull();
    await act(async () => marketArrives());
    expect(await within(region).findByText("the market widget")).toBeInTheDocument();
    expect(region.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it("the more-campaigns list needs no configuration", () => {
    const data = pageData({ widgets: {} });
    data.resources["gmp-lib"] = { ...data.resources["gmp-lib"], campaigns: { title: "More campaigns" } };
    show(<MoreCampaignsSection />, data);
    expect(screen.getByRole("region", { name: "More campaigns" })).toBeInTheDocument();
  });
});
