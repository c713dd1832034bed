import { describe, expect, it } from "vitest";
import { mapInAppProfile } from "./profile";

describe("the in-app profile (spec §3)", () => {
  it("maps the app's names to the web profile's and leaves the token out", () => {
    const params = {
      uid: "1001",
      userName: "demo",
      vagueEmail: "de***@example.com",
      vagueMobile: "+81***12",
      mobileVerified: false,
      emailVerified: true,
      hasGoogle2fa: true,
      countryCode: "JP",
      lang: "ja-JP",
      status: 1,
      userToken: "secret",
    };
    expect(mapInAppProfile(params)).toEqual({
      id: 1001,
      username: "demo",
      vague_email: "de***@example.com",
      vague_mobile: "+81***12",
      mobile_verified: false,
      email_verified: true,
      has_google2fa: true,
      country_code: "JP",
      lang: "ja-JP",
      status: 1,
    });
  });

  it("keeps only what the app sent, with id 0 when the uid is missing", () => {
    expect(mapInAppProfile({ userName: "x", vagueEmail: null })).toEqual({ id: 0, username: "x" });
  });
});
