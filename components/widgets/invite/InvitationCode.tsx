// Replaced by the widget's implementation.
export default function InvitationCode() {
  return null;
}
