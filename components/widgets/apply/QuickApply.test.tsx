import { act, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetUnavailable } from "../../api/unavailable";
import { refreshClientContext, resetForTests as resetContext } from "../../runtime/context";
import { configureRequest, resetForTests as resetRequest } from "../../runtime/request";
import { renderPage, testPageData } from "../../testing/renderPage";
import { getAuthState, resetAuth } from "../auth/store";
import { QuickApply } from "./QuickApply";
import { useEnrolment } from "./useEnrolment";

type Call = { url: string; body: unknown; headers: Headers };
let calls: Call[];
let infoResult: Record<string, unknown>;
let enrolReply: { ret_code: number; ret_msg: string };

beforeEach(() => {
  resetRequest();
  resetContext();
  resetAuth();
  resetUnavailable();
  calls = [];
  infoResult = { campaignId: "1001", actStartAt: 1, actEndAt: 2, enrollStartAt: 1, enrollEndAt: 2, status: 5, enrolled: false };
  enrolReply = { ret_code: 0, ret_msg: "OK" };
  configureRequest({ apiBase: "/api", lang: "en", onError: () => {}, storage: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: new Headers(init.headers) });
      await new Promise((r) => setTimeout(r, 5)); // in flight for a moment, like a real call
      const envelope = url.endsWith("/enroll") ? { ...enrolReply, result: {} } : { retCode: 0, retMsg: "OK", result: infoResult };
      return new Response(JSON.stringify(envelope), { status: 200 });
    }),
  );
});

afterEach(() => {
  document.cookie = "promo_session=; max-age=0; path=/";
  window.history.replaceState(null, "", "/");
});

function logIn() {
  document.cookie = "promo_session=1; path=/";
  act(() => refreshClientContext());
}

describe("QuickApply", () => {
  it("opens the login modal for a visitor, with enrolment to follow", async () => {
    renderPage(<QuickApply />);
    await userEvent.click(await screen.findByRole("button", { name: "Apply" }));
    expect(getAuthState().request?.mode).toBe("login");
    expect(getAuthState().request?.redeem).toBeTypeOf("function");
    expect(calls.filter((c) => c.url.endsWith("/enroll"))).toEqual([]);
  });

  it("shares one info request between two buttons of the same campaign", async () => {
    renderPage(
      <>
        <QuickApply />
        <QuickApply />
      </>,
    );
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 30));
    expect(calls.filter((c) => c.url === "/api/fht/growth/activity-api/v1/info")).toHaveLength(1);
  });

  it("enrols a logged-in user with the referral code and a fresh Idempotency-Key per press", async () => {
    window.history.replaceState(null, "", "/blast/?ref=FRIEND42");
    logIn();
    renderPage(<QuickApply />);
    const apply = await screen.findByRole("button", { name: "Apply" });
    await waitFor(() => expect(apply).not.toHaveAttribute("aria-disabled"));
    await userEvent.click(apply);
    expect(await screen.findByRole("dialog", { name: "Application successful" })).toBeInTheDocument();
    const enrol = calls.find((c) => c.url === "/api/fht/growth/activity-api/v1/enroll")!;
    expect(enrol.body).toEqual({ campaignId: "1001", referralCode: "FRIEND42" });
    expect(enrol.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole("button", { name: "Joined" })).toHaveAttribute("aria-disabled", "true");
  });

  it("uses the old family's paths and names", async () => {
    logIn();
    const data = testPageData();
    data.campaign = { ...data.campaign, api: "old" };
    infoResult = { campaign_id: "1001", act_start_at: 1, act_end_at: 2, enroll_start_at: 1, enroll_end_at: 2, status: 5, enrolled: false };
    renderPage(<QuickApply />, data);
    const apply = await screen.findByRole("button", { name: "Apply" });
    await waitFor(() => expect(apply).not.toHaveAttribute("aria-disabled"));
    await userEvent.click(apply);
    await screen.findByRole("dialog", { name: "Application successful" });
    expect(calls.map((c) => c.url)).toContain("/api/segw/sact/activity/enroll");
    expect(calls.find((c) => c.url.endsWith("/enroll"))!.body).toEqual({ campaign_id: "1001" });
  });

  it("counts an enrolment as done without calling when the enrolment start time is 0", async () => {
    logIn();
    infoResult = { ...infoResult, enrollStartAt: 0 };
    renderPage(<QuickApply />);
    const apply = await screen.findByRole("button", { name: "Apply" });
    await waitFor(() => expect(apply).not.toHaveAttribute("aria-disabled"));
    await userEvent.click(apply);
    await screen.findByRole("dialog", { name: "Application successful" });
    expect(calls.filter((c) => c.url.endsWith("/enroll"))).toEqual([]);
  });

  it("is disabled for a logged-in user when the campaign is not ongoing", async () => {
    logIn();
    infoResult = { ...infoResult, status: 6 };
    renderPage(<QuickApply />);
    await waitFor(() => expect(calls.length).toBe(1));
    const apply = screen.getByRole("button", { name: "Apply" });
    await waitFor(() => expect(apply).toHaveAttribute("aria-disabled", "true"));
    await userEvent.click(apply);
    expect(calls).toHaveLength(1);
  });

  it("logs an error and sends nothing when the campaign id is empty", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { result } = renderHook(() => useEnrolment({ ...testPageData().campaign, id: "" }));
    let outcome: unknown = "unset";
    await act(async () => {
      outcome = await result.current.run();
    });
    expect(outcome).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining("no id"));
    expect(calls).toEqual([]);
  });

  it("hides the button after enrolment in hide mode", async () => {
    logIn();
    infoResult = { ...infoResult, enrolled: true };
    const data = testPageData();
    data.campaign.widgets.quickApply!.afterEnroll = "hide";
    renderPage(<QuickApply />, data);
    await waitFor(() => expect(calls.length).toBe(1));
    await waitFor(() => expect(screen.queryByRole("button")).toBeNull());
  });
});
