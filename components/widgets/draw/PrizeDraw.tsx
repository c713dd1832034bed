// Replaced by the widget's implementation.
export default function PrizeDraw() {
  return null;
}
