import type { LicenseState } from "../../../shared/domain/licenses";
import type { Translate } from "../render-context";
import type { Seats } from "./seats";

/** Badge colour per license state: the users list's badge tones, so a state reads the same everywhere. */
const TONE: Record<LicenseState, string> = {
  valid: "badge-active",
  nearExpiration: "badge-pending",
  expired: "badge-blocked",
  unlicensed: "badge-blocked",
};

/** A pack's (or a company's) license state as a coloured badge with its translated name. */
export function StateBadge({ t, state }: { t: Translate; state: LicenseState }) {
  return (
    <span className={`badge ${TONE[state]}`} data-state={state}>
      {t(`licenses:state.${state}`)}
    </span>
  );
}

/** A company's licenses after the capacity moves by `delta` (available never shown below zero). */
export function seatsAfter(seats: Seats, delta: number): Seats {
  const capacity = Math.max(0, seats.capacity + delta);
  return { ...seats, capacity, available: Math.max(0, capacity - seats.users - seats.invites) };
}

/** Whether a company would use more licenses than it has (existing users stay; no new invitation fits). */
export function overCapacity(seats: Seats): number {
  return Math.max(0, seats.users + seats.invites - seats.capacity);
}

/**
 * A text that depends on a number: i18next picks the key's `_one` / `_other` form from `count`.
 * The key is a parameter, so plural keys are named once here rather than as literal `t()` keys.
 */
export function counted(t: Translate, key: string, count: number, vars: Record<string, string | number> = {}): string {
  return t(key, { ...vars, count });
}
