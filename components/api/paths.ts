// The spec's API paths (§7) and our account calls (DESIGN §4). Every call goes to
// `<apiBase><path>`; the function forwards exactly these.
export const PATHS = {
  profile: "/v2/private/user/profile",
  login: "/user/public/login",
  register: "/user/public/register",
  verificationCode: "/user/public/verification-code",
  logout: "/user/logout",
  session: "/session",
  info: { new: "/fht/growth/activity-api/v1/info", old: "/segw/sact/activity/info" },
  enroll: { new: "/fht/growth/activity-api/v1/enroll", old: "/segw/sact/activity/enroll" },
} as const;
