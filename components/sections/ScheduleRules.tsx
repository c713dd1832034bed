import { Rules } from "../template/Rules";
import { Schedule } from "../template/Schedule";
import "./sections.css";

// The schedule and the rules are the standard template's own blocks, already a titled
// region each; sections.css gives them the same card, spacing and heading scale as the
// other sections. No wrapper element: the rules render nothing for a campaign without
// rules, and a wrapper would be an empty box (DESIGN §6).

/** The campaign and registration periods with the countdown line (template/Schedule). */
export function ScheduleSection() {
  return <Schedule />;
}

/** The terms and rules from the campaign's Markdown (template/Rules); nothing without them. */
export function RulesSection() {
  return <Rules />;
}
