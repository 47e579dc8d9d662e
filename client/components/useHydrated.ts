import { useSyncExternalStore } from "react";

const unchanging = () => () => undefined;

/**
 * False on the server and while the browser hydrates, true from the render after: what only the
 * browser knows (window, history, media queries) may show from then on without a hydration
 * mismatch. React's server snapshot of useSyncExternalStore is the mechanism meant for this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
