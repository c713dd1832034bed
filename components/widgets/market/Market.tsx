// Replaced by the widget's implementation.
export default function Market() {
  return null;
}
