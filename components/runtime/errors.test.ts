import { beforeEach, describe, expect, it, vi } from "vitest";
import { configureErrors, dictionaryT, errorText, loadErrorDictionary, lookup, messageFor, resetForTests, showError } from "./errors";
import { resetForTests as resetToasts, toast } from "./toast";

const t = (key: string) => `t(${key})`;

describe("messageFor (spec §8)", () => {
  it.each([
    [9999, "fallback"],
    [10000, "t(error.retry)"],
    [10001, "fallback"],
    [20000, "fallback"],
    [20001, "t(error.retry)"],
    [20002, "t(error.retry)"],
    [20003, "t(error.retry)"],
    [20004, "fallback"],
    [20005, "t(error.retry)"],
    [20008, "t(error.retry)"],
    [20009, "t(error.wrongVerificationCode)"],
    [20010, "fallback"],
    [-1, "fallback"],
  ])("%i → %s", (code, expected) => {
    expect(messageFor(code, t, "fallback")).toBe(expected);
  });

  it("says SYSTEM ERROR without a fallback", () => {
    expect(messageFor(20004, t)).toBe("SYSTEM ERROR");
  });

  it("translates from the error dictionary", () => {
    const dt = dictionaryT({ error: { retry: "Please try again later." } });
    expect(messageFor(20001, dt)).toBe("Please try again later.");
    expect(messageFor(20009, dt)).toBe("error.wrongVerificationCode");
  });
});

const dictionary = { errorCode: { "2005": "This email address is already registered." }, error: { fallback: "Oops" } };

function stubFetch(routes: Record<string, () => Response | Promise<Response>>) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const route = routes[String(input)];
    if (!route) throw new TypeError("Failed to fetch");
    return route();
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

beforeEach(() => {
  resetForTests();
  resetToasts();
});

describe("the error dictionary", () => {
  it("loads the locale's dictionary once, without logging", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = stubFetch({ "/ja.json": () => Response.json(dictionary) });
    configureErrors({ url: "/ja.json", fallbackUrl: "/en.json" });
    const [a, b] = await Promise.all([loadErrorDictionary(), loadErrorDictionary()]);
    expect(a).toEqual(dictionary);
    expect(b).toBe(a);
    await loadErrorDictionary();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it("falls back to the default locale's dictionary and logs once", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = stubFetch({ "/ja.json": () => new Response("", { status: 404 }), "/en.json": () => Response.json(dictionary) });
    configureErrors({ url: "/ja.json", fallbackUrl: "/en.json" });
    expect(await loadErrorDictionary()).toEqual(dictionary);
    await loadErrorDictionary();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(["/ja.json", "/en.json"]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0][0])).toContain("/ja.json");
  });

  it("is empty when both fail, with a single log", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    stubFetch({ "/ja.json": () => new Response("{bad", { status: 200 }) });
    configureErrors({ url: "/ja.json", fallbackUrl: "/en.json" });
    expect(await loadErrorDictionary()).toEqual({});
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("fetches nothing before it is configured", async () => {
    const fetch = stubFetch({});
    expect(await loadErrorDictionary()).toEqual({});
    expect(fetch).not.toHaveBeenCalled();
  });

  it("looks up dotted keys", () => {
    expect(lookup(dictionary, "errorCode.2005")).toBe("This email address is already registered.");
    expect(lookup(dictionary, "errorCode.9")).toBeUndefined();
    expect(lookup(dictionary, "errorCode")).toBeUndefined();
  });
});

describe("errorText and showError", () => {
  beforeEach(() => {
    stubFetch({ "/en.json": () => Response.json(dictionary) });
    configureErrors({ url: "/en.json", fallbackUrl: "/en.json" });
  });

  it("prefers the translated text for the code, else the server's message", async () => {
    expect(await errorText({ code: 2005, msg: "email exists" })).toBe("This email address is already registered.");
    expect(await errorText({ code: 35732, msg: "sub account" })).toBe("sub account");
    expect(await errorText({ code: 35732, msg: "" })).toBe("Oops");
  });

  it("toasts '{code}: {message}'", async () => {
    const show = vi.spyOn(toast, "show");
    await showError({ code: 2005, msg: "email exists" });
    expect(show).toHaveBeenCalledWith("2005: This email address is already registered.");
  });

  it("shows nothing with hideToast", async () => {
    const show = vi.spyOn(toast, "show");
    await showError({ code: 2005, msg: "email exists" }, { hideToast: true });
    expect(show).not.toHaveBeenCalled();
  });
});

describe("error toasts use the message helper (spec §8)", () => {
  const translated = {
    error: { retry: "Bitte später erneut versuchen.", wrongVerificationCode: "Falscher Bestätigungscode.", fallback: "SYSTEMFEHLER" },
    errorCode: { "2005": "E-Mail bereits registriert.", "10000": "Systemfehler." },
  };

  beforeEach(() => {
    stubFetch({ "/de.json": () => Response.json(translated) });
    configureErrors({ url: "/de.json", fallbackUrl: "/de.json" });
  });

  it("shows the translated retry text for 20002, not the server's message", async () => {
    const show = vi.spyOn(toast, "show");
    await showError({ code: 20002, msg: "Service busy, please retry" });
    expect(show).toHaveBeenCalledWith("20002: Bitte später erneut versuchen.");
  });

  it("prefers the retry text to the code's own entry for a retry code", async () => {
    expect(await errorText({ code: 10000, msg: "system error" })).toBe("Bitte später erneut versuchen.");
  });

  it("shows the wrong-code text for 20009", async () => {
    const show = vi.spyOn(toast, "show");
    await showError({ code: 20009, msg: "verification code mismatch" });
    expect(show).toHaveBeenCalledWith("20009: Falscher Bestätigungscode.");
  });

  it("shows the dictionary entry of an unmapped code", async () => {
    expect(await errorText({ code: 2005, msg: "registered email" })).toBe("E-Mail bereits registriert.");
  });

  it("shows the server's message for an unmapped code without an entry", async () => {
    expect(await errorText({ code: 35732, msg: "sub account" })).toBe("sub account");
  });

  it("never shows the server's message for a mapped code, even without a dictionary", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    resetForTests();
    stubFetch({});
    configureErrors({ url: "/missing.json", fallbackUrl: "/missing-too.json" });
    expect(await errorText({ code: 20003, msg: "raw upstream text" })).toBe("SYSTEM ERROR");
    expect(await errorText({ code: 35731, msg: "raw upstream text" })).toBe("raw upstream text");
  });
});
