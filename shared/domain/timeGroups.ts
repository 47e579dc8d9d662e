/**
 * Last-seen time groups of the dashboard (SPEC §2: today, this week, this month, a long time ago),
 * computed in the admin's IANA time zone. Boundaries are epoch milliseconds so the server can count
 * with plain SQL ranges (`last_seen >= from AND last_seen < to`).
 */
import { toEpochMs } from "./licenses";
import type { Instant } from "./licenses";

/** The four groups, most recent first. */
export const TIME_GROUPS = ["today", "thisWeek", "thisMonth", "longAgo"] as const;

/** A last-seen time group. */
export type TimeGroup = (typeof TIME_GROUPS)[number];

/** A half-open interval `[from, to)` in epoch ms; `null` means unbounded on that side. */
export interface EpochRange {
  readonly from: number | null;
  readonly to: number | null;
}

/**
 * Group boundaries for one `now` in one zone. Ranges are disjoint and cover the whole time line:
 * today `[startOfToday, ∞)` (clock skew puts future timestamps in today), thisWeek
 * `[startOfWeek, startOfToday)`, thisMonth `[min(startOfMonth, startOfWeek), startOfWeek)` (when
 * the week began in the previous month those days are "this week", and this month is empty),
 * longAgo `(-∞, min(startOfMonth, startOfWeek))`. A never-seen user (null) counts as longAgo, so
 * the server's longAgo count is `last_seen IS NULL OR last_seen < longAgo.to`.
 */
export interface TimeGroupBoundaries {
  readonly timeZone: string;
  readonly startOfToday: number;
  /** Local midnight of this week's Monday (weeks start on Monday). */
  readonly startOfWeek: number;
  /** Local midnight of the first day of this month. */
  readonly startOfMonth: number;
  readonly ranges: Readonly<Record<TimeGroup, EpochRange>>;
}

/** A calendar date without a zone (month 1..12). */
export interface CivilDate {
  readonly year: number;
  readonly month: number; // 1..12
  readonly day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for a zone Intl does not know: callers validate zones with the timezone schema.
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a zone, as a UTC epoch (i.e. the local time "as if UTC"). */
function wallClockAsUtc(epochMs: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN } = fields;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** UTC offset (ms) of a zone at an instant, to the second. */
function offsetAt(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return wallClockAsUtc(wholeSecond, timeZone) - wholeSecond;
}

function civilDateOf(epochMs: number, timeZone: string): CivilDate {
  const d = new Date(wallClockAsUtc(epochMs, timeZone));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function civilKey(d: CivilDate): number {
  return d.year * 10_000 + d.month * 100 + d.day;
}

/**
 * The first instant of a civil date in a zone. Usually local midnight; when midnight is skipped by
 * a DST jump (e.g. America/Santiago, America/Sao_Paulo in the past) it is the instant of the jump.
 * When midnight happens twice, the earlier one.
 */
export function startOfLocalDay(date: CivilDate, timeZone: string): number {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day);
  const window = 36 * 3_600_000; // wider than any UTC offset (±14 h) plus a DST shift
  const candidates = [offsetAt(asUtc - window, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + window, timeZone)]
    .map((offset) => asUtc - offset)
    .filter((t) => wallClockAsUtc(t, timeZone) === asUtc)
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return candidates[0];
  // Midnight does not exist: binary-search the first instant whose local date is `date`.
  const target = civilKey(date);
  let lo = asUtc - window; // local date before `date`
  let hi = asUtc + window; // local date on or after `date`
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2000) * 1000;
    if (civilKey(civilDateOf(mid, timeZone)) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

function addDays(date: CivilDate, days: number): CivilDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The group boundaries of `now` in `timeZone` (IANA name; throws RangeError if unknown). */
export function timeGroupBoundaries(now: Instant, timeZone: string): TimeGroupBoundaries {
  const today = civilDateOf(toEpochMs(now), timeZone);
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay(); // 0 = Sunday
  const daysSinceMonday = (weekday + 6) % 7;
  const startOfToday = startOfLocalDay(today, timeZone);
  const startOfWeek = startOfLocalDay(addDays(today, -daysSinceMonday), timeZone);
  const startOfMonth = startOfLocalDay({ year: today.year, month: today.month, day: 1 }, timeZone);
  const monthFloor = Math.min(startOfMonth, startOfWeek);
  return {
    timeZone,
    startOfToday,
    startOfWeek,
    startOfMonth,
    ranges: {
      today: { from: startOfToday, to: null },
      thisWeek: { from: startOfWeek, to: startOfToday },
      thisMonth: { from: monthFloor, to: startOfWeek },
      longAgo: { from: null, to: monthFloor },
    },
  };
}

/** The group of a last-seen timestamp (null = never seen → longAgo) given precomputed boundaries. */
export function timeGroupIn(lastSeen: Instant | null | undefined, boundaries: TimeGroupBoundaries): TimeGroup {
  if (lastSeen === null || lastSeen === undefined) return "longAgo";
  const t = toEpochMs(lastSeen);
  for (const group of TIME_GROUPS) {
    const { from, to } = boundaries.ranges[group];
    if ((from === null || t >= from) && (to === null || t < to)) return group;
  }
  return "longAgo";
}

/** The group of a last-seen timestamp relative to `now` in `timeZone`. */
export function timeGroupOf(lastSeen: Instant | null | undefined, now: Instant, timeZone: string): TimeGroup {
  return timeGroupIn(lastSeen, timeGroupBoundaries(now, timeZone));
}
