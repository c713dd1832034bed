import { lazy, Suspense } from "react";
import { useClientContext } from "../../runtime/context";
import { loadChunk } from "../lazy";

// The smart app banner's place in every page (DESIGN §8): the banner itself is a lazy
// chunk that only phones outside the app load, after hydration (the prerendered HTML is
// the same for every device), so first-load JS grows by these few lines only. A chunk
// that fails to load shows nothing: the banner is an offer, not page content. Like
// every lazy widget it waits for the page's style sheets (loadChunk).
const Banner = lazy(() => loadChunk(() => import("./Banner")).catch(() => ({ default: () => null })));

export function BannerHost() {
  const { hydrated, isPhone, isApp } = useClientContext();
  if (!hydrated || !isPhone || isApp) return null;
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
}
