/**
 * Wall times in a named time zone, for `datetime-local` inputs: the access log's time range is
 * entered and shown in the admin's time zone while the API takes UTC instants.
 */

/** The zone's offset from UTC (ms) at an instant; an unknown zone is UTC. */
function offsetAt(time: number, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(time);
  } catch {
    return 0;
  }
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(time / 1000) * 1000;
}

/**
 * The UTC instant (ISO, `…Z`) of a wall time `YYYY-MM-DDTHH:mm` in `timeZone`; null for anything
 * else. A wall time skipped by a clock change resolves to the instant just after the gap.
 */
export function wallTimeToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (!Number.isFinite(wall)) return null;
  const first = wall - offsetAt(wall, timeZone);
  const time = wall - offsetAt(first, timeZone);
  return new Date(time).toISOString();
}

/** The wall time `YYYY-MM-DDTHH:mm` of an instant in `timeZone` ("" for an unparsable one). */
export function isoToWallTime(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return "";
  return new Date(time + offsetAt(time, timeZone)).toISOString().slice(0, 16);
}
