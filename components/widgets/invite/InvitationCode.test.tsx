import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shareLink } from "../../api/invite";
import { referralCode } from "../../api/referral";
import { refreshClientContext, resetForTests as resetContext } from "../../runtime/context";
import { configureRequest, resetForTests as resetRequest } from "../../runtime/request";
import { renderPage, testPageData } from "../../testing/renderPage";
import { getAuthState, resetAuth } from "../auth/store";
import InvitationCode, { COPIED_MS } from "./InvitationCode";

// The widget's English texts as the page ships them (locales/en/gmp-lib.json).
const lib = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../../../locales/en/gmp-lib.json"), "utf8"));
const page = () => {
  const data = testPageData();
  data.campaign.widgets = { invitationCode: { enabled: true } };
  data.resources["gmp-lib"] = lib;
  return data;
};

const CODE = "2KX7Q9";
let codeCalls: number;
let replies: (() => Response | Promise<Response>)[];
let toasts: unknown[];
let writeText: ReturnType<typeof vi.fn>;
const ok = () => new Response(JSON.stringify({ ret_code: 0, ret_msg: "OK", result: { invitation_code: CODE } }), { status: 200 });

beforeEach(() => {
  resetRequest();
  resetContext();
  resetAuth();
  codeCalls = 0;
  replies = [];
  toasts = [];
  configureRequest({ apiBase: "/api", lang: "en", onError: (e) => toasts.push(e), storage: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === "/api/segw/sact/activity/invitation-code") {
        codeCalls++;
        return (replies.shift() ?? ok)();
      }
      // The profile call of useProfile.
      return new Response(JSON.stringify({ ret_code: 0, ret_msg: "OK", result: { id: 100001 } }), { status: 200 });
    }),
  );
  writeText = vi.fn(async () => undefined);
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  window.history.replaceState(null, "", "/blast/?utm_source=x&ref=OLD1&referral_code=OLD2#invite");
});

afterEach(() => {
  vi.useRealTimers();
  document.cookie = "promo_session=; max-age=0; path=/";
  window.history.replaceState(null, "", "/");
  Reflect.deleteProperty(navigator, "clipboard");
  Reflect.deleteProperty(navigator, "share");
  Reflect.deleteProperty(navigator, "userAgent");
});

function logIn() {
  document.cookie = "promo_session=1; path=/";
  act(() => refreshClientContext());
}

async function shown() {
  return screen.findByText(CODE);
}

describe("InvitationCode", () => {
  it("offers a visitor Log in instead of a code, and shows the code after the login", async () => {
    renderPage(<InvitationCode />, page());
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(getAuthState().request?.mode).toBe("login");
    expect(codeCalls).toBe(0);
    expect(screen.queryByRole("button", { name: "Copy" })).toBeNull();
    // The login dialog succeeds: its onSuccess runs and the session cookie appears.
    getAuthState().request?.onSuccess?.("login");
    logIn();
    expect(await shown()).toBeInTheDocument();
    // The pressed button is gone; focus lands on Copy, next to the new code.
    await waitFor(() => expect(screen.getByRole("button", { name: "Copy" })).toHaveFocus());
  });

  it("shows a busy skeleton while the code loads", async () => {
    let release!: () => void;
    replies.push(() => new Promise<Response>((r) => (release = () => r(ok()))));
    logIn();
    renderPage(<InvitationCode />, page());
    const busy = await screen.findByText("Loading…");
    expect(busy.closest("[aria-busy='true']")).not.toBeNull();
    await waitFor(() => expect(codeCalls).toBe(1));
    release();
    expect(await shown()).toBeInTheDocument();
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("copies the code, says Copied politely, and clears the status after a while", async () => {
    logIn();
    renderPage(<InvitationCode />, page());
    await shown();
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    expect(status).toBeEmptyDOMElement();
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    });
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(status).toHaveTextContent("Copied");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COPIED_MS - 100);
    });
    expect(status).toHaveTextContent("Copied");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(status).toBeEmptyDOMElement();
  });

  it("selects the code for the visitor when the browser refuses to copy", async () => {
    writeText.mockRejectedValueOnce(new DOMException("denied", "NotAllowedError"));
    logIn();
    renderPage(<InvitationCode />, page());
    const code = await shown();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy" }));
    });
    expect(screen.getByRole("status")).toHaveTextContent(lib.invite.copyFailed);
    expect(window.getSelection()?.toString()).toBe(code.textContent);
  });

  it("links to this page with ref=<code>, keeping other parameters, and the referral reader reads it", async () => {
    logIn();
    renderPage(<InvitationCode />, page());
    await shown();
    const link = screen.getByRole("link");
    const href = link.getAttribute("href")!;
    expect(href).toBe(`${window.location.origin}/blast/?utm_source=x&ref=${CODE}`);
    expect(link).toHaveTextContent(href);
    // A friend opens the link: enrolment and sign-up read this code (api/referral.ts).
    window.history.replaceState(null, "", new URL(href).pathname + new URL(href).search);
    expect(referralCode()).toBe(CODE);
  });

  it("Share copies the link on a computer, with the same Copied status", async () => {
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    logIn();
    renderPage(<InvitationCode />, page());
    await shown();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Share" }));
    });
    expect(share).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledWith(shareLink(CODE));
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
  });

  it("Share opens the system share sheet on a phone", async () => {
    const share = vi.fn(async (_: ShareData) => undefined);
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    Object.defineProperty(navigator, "userAgent", { value: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148", configurable: true });
    logIn();
    renderPage(<InvitationCode />, page());
    await shown();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Share" }));
    });
    expect(share).toHaveBeenCalledTimes(1);
    expect(share.mock.calls[0][0].url).toBe(shareLink(CODE));
    expect(writeText).not.toHaveBeenCalled();
  });

  it("says the code failed to load in its own space, without a toast, and Retry loads it", async () => {
    replies.push(() => new Response(JSON.stringify({ ret_code: 10000, ret_msg: "system error" }), { status: 200 }));
    logIn();
    renderPage(<InvitationCode />, page());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(lib.invite.error);
    expect(toasts).toEqual([]);
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await shown()).toBeInTheDocument();
    expect(codeCalls).toBe(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("treats an answer without a code as a failure", async () => {
    replies.push(() => new Response(JSON.stringify({ ret_code: 0, ret_msg: "OK", result: {} }), { status: 200 }));
    logIn();
    renderPage(<InvitationCode />, page());
    expect(await screen.findByRole("alert")).toHaveTextContent(lib.invite.error);
  });
});
