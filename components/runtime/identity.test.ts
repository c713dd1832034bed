import Cookies from "js-cookie";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GUID_DAYS, configureIdentity, deviceGuid, getUserId, resetForTests, setUserId } from "./identity";

beforeEach(() => {
  resetForTests();
  localStorage.clear();
  delete window.__PROMO_UID__;
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: "/" });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("deviceGuid (spec §3, §9)", () => {
  it("creates a 36-character v4 guid in a readable cookie that lasts 120 days", () => {
    vi.useFakeTimers({ now: new Date("2025-01-01T00:00:00Z"), toFake: ["Date"] });
    const set = vi.spyOn(document, "cookie", "set");
    const guid = deviceGuid();
    expect(guid).toHaveLength(36);
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Cookies.get("promo_guid")).toBe(guid);
    const written = String(set.mock.calls[0][0]);
    expect(written).toContain("path=/");
    expect(written).toMatch(/;\s*samesite=lax/i);
    expect(written).toContain(`expires=${new Date(Date.now() + GUID_DAYS * 864e5).toUTCString()}`);
    expect(GUID_DAYS).toBe(120);
  });

  it("is stable across calls and page loads", () => {
    const guid = deviceGuid();
    expect(deviceGuid()).toBe(guid);
    resetForTests(); // a new page: only the cookie remains
    expect(deviceGuid()).toBe(guid);
  });

  it("replaces a malformed cookie", () => {
    Cookies.set("promo_guid", "not-a-guid");
    const guid = deviceGuid();
    expect(guid).toHaveLength(36);
    expect(Cookies.get("promo_guid")).toBe(guid);
  });

  it("names the cookie after the brand", () => {
    configureIdentity({ brand: "acme" });
    const guid = deviceGuid();
    expect(Cookies.get("acme_guid")).toBe(guid);
  });

  it("works without crypto.randomUUID (pages served over plain http)", () => {
    const random = vi.spyOn(crypto, "getRandomValues");
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true }); // shadows the prototype's
    try {
      expect(deviceGuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(random).toHaveBeenCalled();
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
  });
});

describe("user id (spec §3)", () => {
  it("is 0 by default", () => {
    expect(getUserId()).toBe(0);
  });

  it("is stored on the window and in local storage under the brand's GA key", () => {
    configureIdentity({ brand: "acme" });
    setUserId(123456);
    expect(getUserId()).toBe(123456);
    expect(window.__PROMO_UID__).toBe(123456);
    expect(localStorage.getItem("acme_ga_uid")).toBe("123456");
    delete window.__PROMO_UID__; // a new page: local storage remains
    expect(getUserId()).toBe(123456);
  });

  it("prefers the window global", () => {
    localStorage.setItem("promo_ga_uid", "5");
    window.__PROMO_UID__ = 7;
    expect(getUserId()).toBe(7);
  });

  it("goes back to 0 on logout", () => {
    setUserId(9);
    setUserId(0);
    expect(getUserId()).toBe(0);
    expect(localStorage.getItem("promo_ga_uid")).toBeNull();
  });

  it("ignores garbage in storage", () => {
    localStorage.setItem("promo_ga_uid", "abc");
    expect(getUserId()).toBe(0);
  });
});
