import type { APIRequestContext } from "@playwright/test";

// The mock upstream's test control (DESIGN §5), mounted only in the local environment.

// The mock's clock starts on this day (promo serve --now, playwright.config.ts): inside
// every example campaign's period, so statuses, enrolment and market data do not change
// with the day the tests run. The screenshot tests fix the browser's clock to it too.
export const MOCK_NOW = "2026-11-25T10:00:00Z";

export const DEMO = { email: "demo@example.com", password: "Demo1234!" };
export const VERIFICATION_CODE = "123456";

async function post(request: APIRequestContext, path: string, data?: unknown): Promise<void> {
  const res = await request.post(`/api/__mock/${path}`, { data: data ?? {} });
  if (!res.ok()) throw new Error(`mock ${path}: ${res.status()} ${await res.text()}`);
}

/** The seeded state again: accounts, enrolments, faults, overrides and rate limits. */
export const resetMock = (request: APIRequestContext) => post(request, "reset");

/** The next `times` calls to the spec path fail that way. */
export const fault = (
  request: APIRequestContext,
  f: { path: string; ret_code?: number; http_status?: number; delay_ms?: number; times?: number; drop?: boolean },
) => post(request, "fault", f);

/** Overrides a campaign's status (4, 5, 6, 7) or makes it unavailable. */
export const campaign = (request: APIRequestContext, c: { id: string; status?: number; unavailable?: boolean }) => post(request, "campaign", c);

export const CAMPAIGNS = {
  depositblastoff: { id: "20261101001", enroll: "/fht/growth/activity-api/v1/enroll", info: "/fht/growth/activity-api/v1/info" },
  referral: { id: "20261015007", enroll: "/segw/sact/activity/enroll", info: "/segw/sact/activity/info" },
  spot: { id: "20261120003", enroll: "/fht/growth/activity-api/v1/enroll", info: "/fht/growth/activity-api/v1/info" },
};
