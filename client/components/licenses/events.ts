import type { Seats } from "./seats";

/** The DOM event an island sends after it changed some teams' licenses. */
export const SEATS_CHANGED_EVENT = "bulwark:seats-changed";

/** One team's licenses just before and just after an action. */
export interface SeatsChange {
  team: string;
  before: Seats;
  after: Seats;
}

/**
 * Tells the other islands of the page (the gauge, the per-company summary) that an action
 * changed these teams' licenses. Islands are separate React roots, so they talk through a
 * window event; a page without a listener loses nothing.
 */
export function announceSeatsChanged(changes: readonly SeatsChange[]): void {
  if (changes.length === 0) return;
  window.dispatchEvent(new CustomEvent<readonly SeatsChange[]>(SEATS_CHANGED_EVENT, { detail: changes }));
}

/** Subscribes to {@link announceSeatsChanged}; returns the unsubscribe function (for useEffect). */
export function onSeatsChanged(listener: (changes: readonly SeatsChange[]) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<readonly SeatsChange[]>).detail);
  window.addEventListener(SEATS_CHANGED_EVENT, handler);
  return () => window.removeEventListener(SEATS_CHANGED_EVENT, handler);
}
