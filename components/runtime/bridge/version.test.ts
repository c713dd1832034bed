import { describe, expect, it } from "vitest";
import { bridgeVersionOK, compareVersions, MIN_BRIDGE_VERSION, parseAppVersion } from "./version";

describe("the app version (spec §5: 3.6.1 or later, part by part)", () => {
  it("compares part by part as numbers, missing parts being 0", () => {
    expect(compareVersions("3.10.0", "3.6.1")).toBe(1);
    expect(compareVersions("3.6.0", "3.6.1")).toBe(-1);
    expect(compareVersions("3.6.1", "3.6.1")).toBe(0);
    expect(compareVersions("3.6", "3.6.0")).toBe(0);
    expect(compareVersions("3.6", "3.6.1")).toBe(-1);
    expect(compareVersions("4", "3.99.99")).toBe(1);
    expect(compareVersions("3.6.1.1", "3.6.1")).toBe(1);
    expect(compareVersions("3.7.0-beta", "3.7.0")).toBe(0);
    expect(compareVersions("10.0.0", "9.9.9")).toBe(1);
  });

  it("needs 3.6.1", () => {
    expect(MIN_BRIDGE_VERSION).toBe("3.6.1");
    expect(bridgeVersionOK("3.6.1")).toBe(true);
    expect(bridgeVersionOK("3.10.0")).toBe(true);
    expect(bridgeVersionOK("3.6.0")).toBe(false);
    expect(bridgeVersionOK(null)).toBe(false);
  });

  it("reads the version after the marker in the user agent", () => {
    const ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    expect(parseAppVersion(`${ua} ExchangeApp/3.7.0`, "ExchangeApp")).toBe("3.7.0");
    expect(parseAppVersion(`${ua} ExchangeApp/3.10.2-rc1 Language/en`, "ExchangeApp")).toBe("3.10.2");
    expect(parseAppVersion(`${ua} ExchangeApp`, "ExchangeApp")).toBeNull();
    expect(parseAppVersion(`${ua} ExchangeApp/beta`, "ExchangeApp")).toBeNull();
    expect(parseAppVersion(ua, "ExchangeApp")).toBeNull();
    expect(parseAppVersion(`${ua} ExchangeApp/3.7.0`, "")).toBeNull();
  });
});
