/**
 * Checks a link before the page follows it (redirects of pop-ups, link buttons): only
 * site-relative paths and http(s) URLs pass, the same rule the build applies to
 * campaign.yaml, so a bad value can never become javascript: or another scheme.
 */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  if (/[\s\\]/.test(href)) return undefined;
  if (href.startsWith("/")) return href.startsWith("//") ? undefined : href;
  try {
    const u = new URL(href);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : undefined;
  } catch {
    return undefined;
  }
}
