import { createContext, useContext, type ReactNode } from "react";
import type { PageData } from "./types";

interface PageContextValue {
  data: PageData;
  // HTML rendered at build time (the rules' Markdown), keyed by name.
  html: Record<string, string>;
  // Server: collects stable values; client: null (they come from data.stable).
  stableSink: Record<string, string> | null;
}

const PageContext = createContext<PageContextValue | null>(null);

export function PageProvider(props: PageContextValue & { children: ReactNode }) {
  const { children, ...value } = props;
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

function usePageContext(): PageContextValue {
  const ctx = useContext(PageContext);
  if (!ctx) throw new Error("Promo components must be rendered inside a campaign page");
  return ctx;
}

/** The page's data: campaign config, locale, direction, API base. */
export function usePage(): PageData {
  return usePageContext().data;
}

/** Build-time HTML by name (e.g. "rules"), or "" when the page has none. */
export function useBuildHtml(name: string): string {
  return usePageContext().html[name] ?? "";
}

/**
 * A value computed once while prerendering and reused verbatim by the first client
 * render, for anything whose result could differ between Node and the browser (date
 * formatting in a time zone, Intl data versions). Without it the hydration could
 * mismatch (DESIGN §2).
 */
export function useStable(key: string, compute: () => string): string {
  const { data, stableSink } = usePageContext();
  if (stableSink) {
    const value = compute();
    stableSink[key] = value;
    return value;
  }
  return data.stable[key] ?? compute();
}
