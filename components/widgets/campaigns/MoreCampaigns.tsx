// Replaced by the widget's implementation.
export default function MoreCampaigns() {
  return null;
}
