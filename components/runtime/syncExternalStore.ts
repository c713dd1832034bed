// swr imports use-sync-external-store/shim, a polyfill of this hook for React before
// 18. The pages run React 19, to whose own hook the shim would only forward, so the
// generator points that import here (internal/bundle/bundle.go) and no page carries the
// polyfill (DESIGN §7: 90 KB of first-load script).
export { useSyncExternalStore } from "react";
