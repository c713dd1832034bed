import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CODE_NO_CHANCES_LEFT, CODE_SYSTEM_ERROR, DRAW_ORDER_ASC, DRAW_ORDER_DESC } from "../../runtime/contract.gen";
import { refreshClientContext, resetForTests as resetContext } from "../../runtime/context";
import { configureErrors, resetForTests as resetErrors } from "../../runtime/errors";
import { configureRequest, resetForTests as resetRequest } from "../../runtime/request";
import { Toaster, toast } from "../../runtime/toast";
import { renderPage, testPageData } from "../../testing/renderPage";
import { getAuthState, resetAuth } from "../auth/store";
import { BRAVE_FINGERPRINT_STUB, resetFingerprint } from "./fingerprint";
import PrizeDraw from "./PrizeDraw";

// The library is a lazy chunk of its own; here a stand-in counts its runs.
const fingerprintRuns = vi.hoisted(() => ({ load: 0 }));
vi.mock("@fingerprintjs/fingerprintjs", () => ({
  load: async (opts: { monitoring?: boolean }) => {
    fingerprintRuns.load++;
    if (opts.monitoring !== false) throw new Error("the vendor's monitoring request must be off");
    return { get: async () => ({ visitorId: "fp-visitor-123" }) };
  },
}));

// The real English texts, so the test reads the copy visitors get (DESIGN §6).
const json = (path: string) => JSON.parse(readFileSync(join(process.cwd(), path), "utf8"));
const library = json("locales/en/gmp-lib.json");
const errorCodes = json("locales/en/error-code.json");

const PATH = "/api/segw/prizedraw/v1/prize_draw/";
const PRIZES = [
  { id: "usdt-100", name: "prizes.usdt100", weight: 1 },
  { id: "thanks", name: "prizes.thanks", weight: 9 },
];

type Call = { path: string; body: Record<string, unknown>; headers: Headers };
type Reply = { status?: number; body: unknown };
let calls: Call[];
let upstream: {
  status: number;
  chances: number;
  records: { id: number; campaign_id: string; prize_id: string; prize_name: string; created_at: number }[];
  replies: Map<string, Reply>; // Idempotency-Key → first answer, as the function keeps it
  configFails: number; // the next n configuration calls fail
  drawFaults: Reply[]; // answers the next draws get instead
  drawDelay: number;
};

const ok = (result: unknown): Reply => ({ body: { ret_code: 0, ret_msg: "OK", result } });
const fail = (code: number, status = 200): Reply => ({ status, body: { ret_code: code, ret_msg: "upstream says no" } });

function answer(path: string, body: Record<string, unknown>, headers: Headers): Reply {
  const login = document.cookie.includes("promo_session=1");
  if (path === "activity") {
    if (upstream.configFails > 0) {
      upstream.configFails--;
      return fail(CODE_SYSTEM_ERROR);
    }
    return ok({ campaign_id: "1001", status: upstream.status, chances_per_user: 3, remaining_chances: login ? upstream.chances : null, prizes: PRIZES });
  }
  if (path === "draw_record/list") {
    const list = body.order === DRAW_ORDER_ASC ? [...upstream.records] : [...upstream.records].reverse();
    const page = Number(body.page), size = Number(body.page_size);
    return ok({ list: list.slice((page - 1) * size, page * size), total: list.length, page, page_size: size });
  }
  const key = headers.get("Idempotency-Key") ?? "";
  const replay = upstream.replies.get(key);
  if (replay) return replay;
  const reply = upstream.drawFaults.shift() ?? drawOnce();
  if (reply.status === undefined || reply.status === 200) upstream.replies.set(key, reply);
  return reply;
}

function drawOnce(): Reply {
  if (upstream.chances <= 0) return fail(CODE_NO_CHANCES_LEFT);
  upstream.chances--;
  const record = { id: upstream.records.length + 1, campaign_id: "1001", prize_id: "usdt-100", prize_name: "prizes.usdt100", created_at: Date.UTC(2026, 10, 21, 8, 30) };
  upstream.records.push(record);
  return ok({ record, remaining_chances: upstream.chances });
}

beforeEach(() => {
  resetRequest();
  resetErrors();
  resetContext();
  resetAuth();
  resetFingerprint();
  toast.dismiss();
  fingerprintRuns.load = 0;
  calls = [];
  upstream = { status: 5, chances: 3, records: [], replies: new Map(), configFails: 0, drawFaults: [], drawDelay: 5 };
  configureRequest({ apiBase: "/api", lang: "en", storage: null });
  configureErrors({ url: "/e.json", fallbackUrl: "" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === "/e.json") return new Response(JSON.stringify(errorCodes), { status: 200 });
      const path = url.slice(PATH.length);
      const headers = new Headers(init.headers);
      const body = init.body ? JSON.parse(String(init.body)) : {};
      calls.push({ path, body, headers });
      await new Promise((r) => setTimeout(r, path === "item/draw" ? upstream.drawDelay : 5)); // in flight for a moment
      const reply = answer(path, body, headers);
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
});

afterEach(() => {
  document.cookie = "promo_session=; max-age=0; path=/";
  delete (navigator as { brave?: unknown }).brave;
});

function logIn() {
  document.cookie = "promo_session=1; path=/";
  act(() => refreshClientContext());
}

function page() {
  const data = testPageData();
  data.campaign.widgets = { prizeDraw: { chancesPerUser: 3, prizes: PRIZES } };
  data.resources = { blast: { prizes: { usdt100: "100 USDT", thanks: "Better luck next time" } }, "gmp-lib": library };
  return renderPage(
    <>
      <PrizeDraw />
      <Toaster />
    </>,
    data,
  );
}

const draws = () => calls.filter((c) => c.path === "item/draw");

async function drawButton() {
  const button = await screen.findByRole("button", { name: "Draw" });
  await waitFor(() => expect(button).not.toHaveAttribute("aria-disabled"));
  return button;
}

describe("PrizeDraw", () => {
  it("shows a loading state until the configuration arrives, then the prizes", async () => {
    page();
    expect(screen.getByText("Loading…").closest("[aria-busy]")).toHaveAttribute("aria-busy", "true");
    expect(await screen.findByRole("list", { name: "Prizes" })).toHaveTextContent("100 USDT");
    expect(calls.map((c) => c.path)).toEqual(["activity"]);
    expect(calls[0].body).toEqual({ campaign_id: "1001" });
  });

  it("gives a visitor Draw, which opens the login; after it the draw follows without a second press", async () => {
    page();
    await userEvent.click(await screen.findByRole("button", { name: "Draw" }));
    expect(getAuthState().request?.mode).toBe("login");
    expect(screen.queryByText(/Chances left/)).toBeNull();
    expect(screen.queryByRole("list", { name: "My prizes" })).toBeNull();
    expect(calls.some((c) => c.path === "draw_record/list")).toBe(false);
    expect(draws()).toEqual([]);

    logIn();
    act(() => getAuthState().request?.redeem?.());
    const dialog = await screen.findByRole("dialog", { name: /Your prize\s*100 USDT/ });
    expect(dialog).toBeInTheDocument();
    expect(draws()).toHaveLength(1);
    expect(screen.getByText("Chances left: 2")).toBeInTheDocument();
  });

  it("disables Draw at zero chances and sends nothing", async () => {
    upstream.chances = 0;
    logIn();
    page();
    expect(await screen.findByText("Chances left: 0")).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "Draw" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByText("You have used all your chances.")).toBeInTheDocument();
    await userEvent.click(button);
    expect(draws()).toEqual([]);
  });

  it("says so with a Retry when the configuration fails, and recovers", async () => {
    upstream.configFails = 1;
    page();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The prize draw could not be loaded.");
    expect(screen.queryByRole("status")).toBeNull(); // errors hidden: no toast (spec §7)
    await userEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("button", { name: "Draw" })).toBeInTheDocument();
  });

  it("draws: the dialog names the prize, the chances go down and the record is listed", async () => {
    logIn();
    page();
    expect(await screen.findByText("Chances left: 3")).toBeInTheDocument();
    expect(await screen.findByText("No prizes yet. Press Draw to win one.")).toBeInTheDocument();
    await userEvent.click(await drawButton());
    const dialog = await screen.findByRole("dialog", { name: /Your prize\s*100 USDT/ });
    expect(screen.getByText("Chances left: 2")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "My prizes" });
    expect(within(list).getByRole("listitem")).toHaveTextContent(/100 USDT\s*Nov 21, 2026, 08:30 UTC/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Got it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Draw" })).toHaveFocus(); // focus comes back
  });

  it("sends the fingerprint as gdfp and a fresh Idempotency-Key per click", async () => {
    logIn();
    page();
    for (let i = 0; i < 2; i++) {
      await userEvent.click(await drawButton());
      await userEvent.click(await screen.findByRole("button", { name: "Got it" }));
    }
    const [first, second] = draws();
    expect(first.body).toEqual({ campaign_id: "1001" });
    expect(first.headers.get("gdfp")).toBe("fp-visitor-123");
    expect(first.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("Idempotency-Key")).not.toBe(first.headers.get("Idempotency-Key"));
    expect(fingerprintRuns.load).toBe(1); // computed once for the page's life
  });

  it("draws once however fast the clicks come, busy meanwhile", async () => {
    upstream.drawDelay = 50;
    logIn();
    page();
    const button = await drawButton();
    await userEvent.dblClick(button);
    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
    await screen.findByRole("dialog", { name: /Your prize/ });
    expect(draws()).toHaveLength(1);
    expect(upstream.records).toHaveLength(1);
  });

  it("retries an unanswered draw with the same Idempotency-Key, which draws once", async () => {
    logIn();
    page();
    upstream.drawFaults = [{ status: 502, body: { ret_code: -1, ret_msg: "upstream unreachable" } }];
    await userEvent.click(await drawButton());
    await screen.findByRole("dialog", { name: /Your prize\s*100 USDT/ }, { timeout: 3000 });
    const [first, retry] = draws();
    expect(retry.headers.get("Idempotency-Key")).toBe(first.headers.get("Idempotency-Key"));
    expect(upstream.records).toHaveLength(1);
    expect(screen.queryByRole("status")).toBeNull(); // recovered: no toast
  });

  it("shows the dictionary's text for 3570013 and reads the chances again", async () => {
    logIn();
    page();
    const button = await drawButton();
    upstream.chances = 0; // used up elsewhere meanwhile
    await userEvent.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent(`${CODE_NO_CHANCES_LEFT}: You have used all your chances.`);
    expect(await screen.findByText("Chances left: 0")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("sends Brave's stub instead of running the library", async () => {
    (navigator as { brave?: unknown }).brave = { isBrave: async () => true };
    logIn();
    page();
    await userEvent.click(await drawButton());
    await screen.findByRole("dialog", { name: /Your prize/ });
    expect(draws()[0].headers.get("gdfp")).toBe(BRAVE_FINGERPRINT_STUB);
    expect(fingerprintRuns.load).toBe(0);
  });

  it("forgets the user's chances and prizes at logout, so the next account never sees them", async () => {
    upstream.records = [{ id: 1, campaign_id: "1001", prize_id: "usdt-100", prize_name: "prizes.usdt100", created_at: Date.UTC(2026, 10, 21) }];
    logIn();
    page();
    expect(await screen.findByText("Chances left: 3")).toBeInTheDocument();
    await screen.findByRole("list", { name: "My prizes" });

    document.cookie = "promo_session=; max-age=0; path=/";
    act(() => refreshClientContext());
    await waitFor(() => expect(screen.queryByText(/My prizes/)).toBeNull());
    expect(screen.queryByText(/Chances left/)).toBeNull();

    upstream.records = []; // another account
    upstream.chances = 1;
    logIn();
    expect(screen.queryByText("Chances left: 3")).toBeNull(); // not even until its own arrive
    expect(screen.queryByRole("list", { name: "My prizes" })).toBeNull();
    expect(await screen.findByText("Chances left: 1")).toBeInTheDocument();
    expect(await screen.findByText("No prizes yet. Press Draw to win one.")).toBeInTheDocument();
  });

  it("pages My prizes newest first with More, and oldest first on request", async () => {
    upstream.records = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, campaign_id: "1001", prize_id: i % 2 ? "thanks" : "usdt-100", prize_name: "raw", created_at: Date.UTC(2026, 10, 21, 0, i) }));
    upstream.records.push({ id: 13, campaign_id: "1001", prize_id: "retired", prize_name: "Mystery box", created_at: Date.UTC(2026, 10, 21, 1, 0) });
    logIn();
    page();
    const list = await screen.findByRole("list", { name: "My prizes" });
    const items = () => within(list).getAllByRole("listitem");
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(items()[0]).toHaveTextContent("Mystery box"); // unknown prize id: the upstream's name
    expect(calls.find((c) => c.path === "draw_record/list")!.body).toEqual({ campaign_id: "1001", order: DRAW_ORDER_DESC, page: 1, page_size: 10 });
    await userEvent.click(screen.getByRole("button", { name: "More" }));
    await waitFor(() => expect(items()).toHaveLength(13));
    expect(items()[10]).toHaveFocus();
    expect(screen.queryByRole("button", { name: "More" })).toBeNull();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Order" }), "Oldest first");
    await waitFor(() => expect(within(screen.getByRole("list", { name: "My prizes" })).getAllByRole("listitem")[0]).toHaveTextContent("100 USDT"));
    expect(calls.at(-1)!.body).toMatchObject({ order: DRAW_ORDER_ASC, page: 1 });
  });
});
