import { Sections } from "../sections/Sections";

/**
 * The standard campaign template: the blocks campaign.yaml lists under `sections`, in
 * its order, or hero, actions, schedule and rules (DESIGN §9). Widgets that are not
 * built yet (invitation code, market, prize draw) have no block, so they take no space
 * (DESIGN §6). campaigns/<slug>/page.tsx replaces this template with a designer's
 * composition of the same parts.
 */
export default function CampaignPage() {
  return (
    <main className="promo-page">
      <Sections />
    </main>
  );
}
