import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  ACTIVITY_DELETED,
  ACTIVITY_ENDED,
  ACTIVITY_NOT_ENDED,
  ACTIVITY_NOT_STARTED,
  ACTIVITY_REVIEW_SUCCESS,
  ACTIVITY_STARTED,
  ACTIVITY_STATUS_TEXT,
  ACTIVITY_TERMINATED,
  ACTIVITY_UNSPECIFIED,
  CODE_SYSTEM_ERROR,
} from "../../runtime/contract.gen";
import { configureRequest, resetForTests as resetRequest } from "../../runtime/request";
import { renderPage, testPageData } from "../../testing/renderPage";
import MoreCampaigns, { statusName } from "./MoreCampaigns";

const locales = join(dirname(fileURLToPath(import.meta.url)), "../../../locales");
const lib = JSON.parse(readFileSync(join(locales, "en/gmp-lib.json"), "utf8"));
const page = (locale = "en") => {
  const data = testPageData({ locale });
  data.resources["gmp-lib"] = lib;
  return data;
};

// An item as the mock sends it (internal/mock/doc.go); the page's own campaign is 1001.
const item = (id: string, status: number, extra: Record<string, unknown> = {}) => ({
  campaign_id: id,
  act_start_at: Date.UTC(2026, 10, 1),
  act_end_at: Date.UTC(2026, 11, 20),
  enroll_start_at: 0,
  enroll_end_at: 0,
  status,
  enrolled: false,
  family: "new",
  slug: `camp-${id}`,
  title: `Campaign ${id}`,
  title_lang: "en",
  ...extra,
});

let replies: (() => Response)[];
let bodies: unknown[];
let toasts: unknown[];
const list = (items: unknown[]) => () => new Response(JSON.stringify({ ret_code: 0, ret_msg: "OK", result: { list: items, total: items.length, page: 1, page_size: 20 } }), { status: 200 });

beforeEach(() => {
  resetRequest();
  replies = [];
  bodies = [];
  toasts = [];
  configureRequest({ apiBase: "/api", lang: "en", onError: (e) => toasts.push(e), storage: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      expect(String(input)).toBe("/api/segw/sact/activity/list");
      bodies.push(JSON.parse(String(init.body)));
      return (replies.shift() ?? list([]))();
    }),
  );
});

describe("statusName", () => {
  it("names every activity status of the contract, each with an English text", () => {
    for (const status of Object.keys(ACTIVITY_STATUS_TEXT).map(Number)) {
      expect(lib.campaigns.status[statusName(status)], `status ${status}`).toBeTypeOf("string");
    }
    expect(statusName(ACTIVITY_REVIEW_SUCCESS)).toBe("reviewSuccess");
    expect(statusName(1)).toBe(statusName(ACTIVITY_UNSPECIFIED)); // unknown to the contract
  });
});

describe("MoreCampaigns", () => {
  it("shows a busy skeleton while the list loads", async () => {
    renderPage(<MoreCampaigns />, page());
    expect(screen.getByText("Loading…").closest("[aria-busy='true']")).not.toBeNull();
    expect(await screen.findByText(lib.campaigns.empty)).toBeInTheDocument();
  });

  it("lists the other campaigns with their statuses, running ones first, linked in the page's locale", async () => {
    replies.push(
      list([
        item("2", ACTIVITY_ENDED),
        item("1001", ACTIVITY_STARTED), // this page's campaign
        item("3", ACTIVITY_NOT_STARTED),
        item("4", ACTIVITY_TERMINATED),
        item("5", ACTIVITY_DELETED),
        item("6", ACTIVITY_STARTED, { title: "Deutsch", title_lang: "de" }),
        item("7", ACTIVITY_NOT_ENDED, { slug: "" }), // not one of this site's pages
        item("8", ACTIVITY_REVIEW_SUCCESS, { act_end_at: 0 }),
      ]),
    );
    renderPage(<MoreCampaigns />, page("ja-JP"));
    const cards = await screen.findAllByRole("listitem");
    const titles = cards.map((c) => within(c).getByRole("heading", { level: 3 }).textContent);
    expect(titles).toEqual(["Deutsch", "Campaign 7", "Campaign 3", "Campaign 8", "Campaign 2"]);
    const statuses = cards.map((c) => c.querySelector(".promo-campaigns__status")?.textContent);
    const s = lib.campaigns.status;
    expect(statuses).toEqual([s.started, s.notEnded, s.notStarted, s.reviewSuccess, s.ended]);
    expect(within(cards[0]).getByRole("link", { name: "Deutsch" })).toHaveAttribute("href", "/ja-JP/camp-6/");
    expect(within(cards[0]).getByRole("heading")).toHaveAttribute("lang", "de");
    expect(within(cards[1]).queryByRole("link")).toBeNull();
    const ja = new Intl.DateTimeFormat("ja-JP", { dateStyle: "medium", timeZone: "UTC" });
    expect(within(cards[3]).getByText(`From ${ja.format(Date.UTC(2026, 10, 1))}`)).toBeInTheDocument(); // open end
    expect(bodies).toEqual([{ page: 1, page_size: 20 }]);
  });

  it("links to the unprefixed English page and leaves lang off a title in the page's language", async () => {
    replies.push(list([item("3", ACTIVITY_NOT_STARTED)]));
    renderPage(<MoreCampaigns />, page());
    const link = await screen.findByRole("link", { name: "Campaign 3" });
    expect(link).toHaveAttribute("href", "/camp-3/");
    expect(screen.getByRole("heading", { level: 3 })).not.toHaveAttribute("lang");
    expect(screen.getByText("Nov 1 – Dec 20, 2026")).toBeInTheDocument();
  });

  it("says there are no other campaigns when the list holds only this one", async () => {
    replies.push(list([item("1001", ACTIVITY_STARTED), item("9", ACTIVITY_DELETED)]));
    renderPage(<MoreCampaigns />, page());
    expect(await screen.findByText(lib.campaigns.empty)).toBeInTheDocument();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("says the list failed to load, without a toast, and Retry loads it", async () => {
    replies.push(() => new Response(JSON.stringify({ ret_code: CODE_SYSTEM_ERROR, ret_msg: "system error" }), { status: 200 }));
    replies.push(list([item("3", ACTIVITY_NOT_STARTED)]));
    renderPage(<MoreCampaigns />, page());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(lib.campaigns.error);
    expect(toasts).toEqual([]);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: "Campaign 3" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
