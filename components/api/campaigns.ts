import useSWR from "swr";
import { CODE_NETWORK_ERROR, ROUTE_ACTIVITY_LIST } from "../runtime/contract.gen";
import { request, RequestError, type ApiError } from "../runtime/request";

/** How many campaigns the list asks for: one page, no paging in the widget. */
export const LIST_PAGE_SIZE = 20;

/**
 * One campaign of the activity list, in the page's names. The payload is the mock's
 * (internal/mock/doc.go): the old info result plus slug, title and title_lang.
 */
export interface ActivityItem {
  campaignId: string;
  status: number; // an activity status of spec §4 (contract.gen.ts ACTIVITY_*)
  actStartAt: number; // Unix ms, 0 for an open end
  actEndAt: number;
  slug: string; // the page's URL segment on this site; "" for a campaign of elsewhere
  title: string;
  titleLang: string; // the language the title is written in, "" when unknown
}

type RawItem = Partial<{ campaign_id: unknown; status: unknown; act_start_at: unknown; act_end_at: unknown; slug: unknown; title: unknown; title_lang: unknown }>;

const str = (v: unknown) => (typeof v === "string" ? v : "");
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** The list (spec §7: POST activity/list, toasts suppressed). */
export async function fetchActivityList(): Promise<ActivityItem[]> {
  const { result } = await request<{ list?: unknown } | null>({
    method: ROUTE_ACTIVITY_LIST.method,
    url: ROUTE_ACTIVITY_LIST.path,
    data: { page: 1, page_size: LIST_PAGE_SIZE },
    hideToast: true,
  });
  const list = result?.list;
  if (!Array.isArray(list)) throw new RequestError(CODE_NETWORK_ERROR, "Unexpected response: no list", "parse", 200, result);
  return list
    .filter((x): x is RawItem => typeof x === "object" && x !== null)
    .map((x) => ({
      campaignId: String(x.campaign_id ?? ""),
      status: num(x.status),
      actStartAt: num(x.act_start_at),
      actEndAt: num(x.act_end_at),
      slug: str(x.slug),
      title: str(x.title),
      titleLang: str(x.title_lang),
    }))
    .filter((x) => x.campaignId !== "");
}

/** The list through SWR: one request however many lists a page shows. */
export function useActivityList() {
  return useSWR<ActivityItem[], ApiError>("activity-list", fetchActivityList, { revalidateOnFocus: false, shouldRetryOnError: false });
}
