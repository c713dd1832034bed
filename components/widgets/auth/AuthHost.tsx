import { useEffect } from "react";
import { LazyWidget, prefetchWhenIdle } from "../lazy";
import { useAuth } from "./store";
// Imported here, not by the lazy modal: esbuild links only the entry's style sheet, so
// a lazy chunk's own CSS would never load.
import "./auth.css";

const loadModal = () => import("./LoginModal");

/** Mounts the login/register modal when a widget asks for it; prefetches it when idle. */
export function AuthHost() {
  const { request } = useAuth();
  useEffect(() => prefetchWhenIdle(loadModal), []);
  if (!request) return null;
  return <LazyWidget load={loadModal} props={{ request }} />;
}
