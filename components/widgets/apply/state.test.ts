import { describe, expect, it } from "vitest";
import type { CampaignInfo } from "../../api/campaign";
import { applyView, needsEnrolCall } from "./state";

const info = (over: Partial<CampaignInfo> = {}): CampaignInfo => ({
  campaignId: "1",
  actStartAt: 1,
  actEndAt: 2,
  enrollStartAt: 1,
  enrollEndAt: 2,
  status: 5,
  enrolled: false,
  ...over,
});

describe("applyView (spec §4)", () => {
  it("lets a visitor press Apply whatever the campaign says", () => {
    expect(applyView(false, undefined)).toEqual({ joined: false, disabled: false });
    expect(applyView(false, info({ status: 6 }))).toEqual({ joined: false, disabled: false });
  });

  it("disables Apply for a logged-in user when the campaign is unknown, enrolled or not ongoing", () => {
    expect(applyView(true, undefined).disabled).toBe(true);
    expect(applyView(true, info({ enrolled: true }))).toEqual({ joined: true, disabled: true });
    for (const status of [4, 6, 7]) expect(applyView(true, info({ status })).disabled).toBe(true);
    expect(applyView(true, info())).toEqual({ joined: false, disabled: false });
  });
});

describe("needsEnrolCall (spec §4)", () => {
  it("calls only when not enrolled and the enrolment start time is above 0", () => {
    expect(needsEnrolCall(info())).toBe(true);
    expect(needsEnrolCall(info({ enrolled: true }))).toBe(false);
    expect(needsEnrolCall(info({ enrollStartAt: 0 }))).toBe(false);
    expect(needsEnrolCall(undefined)).toBe(false);
  });
});
