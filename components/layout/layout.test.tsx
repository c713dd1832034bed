import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshClientContext, resetForTests as resetContext } from "../runtime/context";
import { configureRequest, resetForTests as resetRequest } from "../runtime/request";
import { renderPage, testPageData } from "../testing/renderPage";
import { getAuthState, resetAuth } from "../widgets/auth/store";
import { PageFooter } from "./PageFooter";
import { PageHeader } from "./PageHeader";

const texts = {
  header: { language: "Language", login: "Log in", signup: "Sign up", logout: "Log out" },
  footer: { risk: "Crypto assets are volatile." },
};

function data() {
  const d = testPageData();
  d.resources["gmp-lib"] = { ...d.resources["gmp-lib"], ...texts };
  return d;
}

let calls: string[];

beforeEach(() => {
  resetRequest();
  resetContext();
  resetAuth();
  calls = [];
  configureRequest({ apiBase: "/api", lang: "en", onError: () => {}, storage: null });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith("/user/logout")) document.cookie = "promo_session=; max-age=0; path=/";
      const result = url.endsWith("/v2/private/user/profile") ? { id: 100001, vague_email: "de***@example.com" } : {};
      return new Response(JSON.stringify({ ret_code: 0, ret_msg: "OK", result }), { status: 200 });
    }),
  );
});

afterEach(() => {
  document.cookie = "promo_session=; max-age=0; path=/";
  window.history.replaceState(null, "", "/");
});

describe("PageHeader", () => {
  it("is the banner: the brand links home, the switcher lists each published language by its own name", async () => {
    renderPage(<PageHeader />, data());
    const banner = screen.getByRole("banner");
    expect(banner).toContainElement(screen.getByRole("link", { name: "Exchange" }));
    expect(screen.getByRole("link", { name: "Exchange" })).toHaveAttribute("href", "/");
    const toggle = screen.getByRole("link", { name: /Language/ });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const ja = screen.getByRole("link", { name: "日本語", hidden: true });
    expect(ja).toHaveAttribute("hreflang", "ja-JP");
    expect(ja).toHaveAttribute("href", "/ja-JP/blast/");
    expect(ja).toHaveAttribute("lang", "ja-JP");
    expect(screen.getByRole("link", { name: "English", hidden: true })).toHaveAttribute("aria-current", "true");
  });

  it("keeps the page's query string in every language link, so a referral code survives", async () => {
    window.history.replaceState(null, "", "/blast/?ref=ABC123");
    renderPage(<PageHeader />, data());
    await waitFor(() => expect(screen.getByRole("link", { name: "日本語", hidden: true })).toHaveAttribute("href", "/ja-JP/blast/?ref=ABC123"));
  });

  it("opens by keyboard, moves focus into the list, and Escape closes it and returns focus", async () => {
    const user = userEvent.setup();
    renderPage(<PageHeader />, data());
    const toggle = screen.getByRole("link", { name: /Language/ });
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("list", { name: "Language" })).toBeVisible();
    await waitFor(() => expect(screen.getByRole("link", { name: "English" })).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("offers Log in and Sign up to a visitor, opening the dialog on that form", async () => {
    const user = userEvent.setup();
    renderPage(<PageHeader />, data());
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(getAuthState().request?.mode).toBe("register");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(getAuthState().request?.mode).toBe("login");
  });

  it("shows a logged-in visitor's masked account and logs out through the function", async () => {
    const user = userEvent.setup();
    document.cookie = "promo_session=1; path=/";
    act(() => refreshClientContext());
    renderPage(<PageHeader />, data());
    expect(await screen.findByText("de***@example.com")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Log out" }));
    expect(calls).toContain("/api/user/logout");
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
  });
});

describe("PageFooter", () => {
  it("is the contentinfo landmark with the risk warning", () => {
    renderPage(<PageFooter />, data());
    expect(screen.getByRole("contentinfo")).toHaveTextContent("Crypto assets are volatile.");
  });
});
