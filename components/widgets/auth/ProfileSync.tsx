import { useProfile } from "../../api/profile";

/**
 * Keeps the logged-in visitor's profile (and so the stored user id, spec §3) fresh:
 * fetched when a session appears, refetched after every login or sign-up.
 */
export function ProfileSync() {
  useProfile();
  return null;
}
