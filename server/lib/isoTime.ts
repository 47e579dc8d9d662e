/**
 * Epoch milliseconds as ISO 8601 UTC text, exactly as `Date.prototype.toISOString` writes them,
 * in about a fifth of its time: V8 goes through its date cache for every call, which misses on
 * scattered times (measured ~0.7 µs a call, this ~0.15 µs). A users page writes two per row, so
 * this was ~5 % of `GET /v2/users`. Times outside years 1970–9999 use toISOString itself.
 */

import { speedTricks } from "./speedTricks";

/** The last millisecond of year 9999: toISOString writes later years with a sign and six digits. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;
const DAY_MS = 86_400_000;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** `ms` as `YYYY-MM-DDTHH:mm:ss.sssZ` (days to civil dates: H. Hinnant's days_from_civil inverse). */
export function isoUtc(ms: number): string {
  if (!speedTricks.isoUtc || !Number.isInteger(ms) || ms < 0 || ms > LAST_FOUR_DIGIT_YEAR_MS) return new Date(ms).toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  return `${year}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(rest - seconds * 1_000)}Z`;
}
