/**
 * Date, time and number formatting for the console: Intl in the admin's language and time zone. Shared
 * by server-rendered pages and islands (both import it, so both format the same way).
 */

/** BCP 47 locales the console formats dates in, per console language. */
export const DATE_LOCALES: Readonly<Record<string, string>> = { en: "en-GB", pt: "pt-PT", es: "es-ES" };

/** How much of a time to show: `long` on profiles, `short` in tables. */
export type DateTimeStyle = "long" | "short";

/** The Intl options of each style (tests compare the fast pattern with Intl itself). */
export const DATE_TIME_OPTIONS: Readonly<Record<DateTimeStyle, Intl.DateTimeFormatOptions>> = {
  long: { dateStyle: "long", timeStyle: "short" },
  short: { year: "numeric", month: "short", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
};

const DAY = 86_400_000;

/** Switch for bench/tricks/run.ts: off formats every time with Intl itself. */
export const datePatternTrick = { on: true };

/**
 * A format's pattern, read back from Intl once per locale and style: the literals and fields in
 * order, and the text of each month. Filling it from a date's UTC fields costs ~0.1 µs where
 * `Intl.DateTimeFormat#format` costs ~1.5 µs, which was a fifth of rendering a users table.
 */
type PatternField = "day" | "month" | "year" | "hour" | "minute";
interface Pattern {
  /** Literal texts, and fields by name (`pad`: two digits, "02"). */
  parts: ReadonlyArray<{ literal: string } | { field: PatternField; pad: boolean }>;
  months: readonly string[];
}

const patterns = new Map<string, Pattern | null>();
const FIELDS: ReadonlySet<string> = new Set<PatternField>(["day", "month", "year", "hour", "minute"]);

/** Day 2, hour 7, minute 9 of each month: tells a padded field ("02") from a plain one ("2"). */
const sampleOf = (month: number, year = 2026, day = 2, hour = 7, minute = 9) => Date.UTC(year, month, day, hour, minute, 30, 500);

function fieldText(field: PatternField, pad: boolean, local: Date, months: readonly string[]): string {
  let value: number;
  switch (field) {
    case "month":
      return months[local.getUTCMonth()] ?? "";
    case "day":
      value = local.getUTCDate();
      break;
    case "hour":
      value = local.getUTCHours();
      break;
    case "minute":
      value = local.getUTCMinutes();
      break;
    case "year":
      value = local.getUTCFullYear();
      break;
  }
  return pad && value < 10 ? `0${value}` : String(value);
}

/** The pattern filled with the fields of `local`, a wall time expressed as a UTC date. */
function fillPattern(pattern: Pattern, local: Date): string {
  let text = "";
  for (const part of pattern.parts) text += "literal" in part ? part.literal : fieldText(part.field, part.pad, local, pattern.months);
  return text;
}

/**
 * The pattern of a locale and style, or null when Intl's output is not one fixed sequence of
 * ASCII numbers, month texts and literals: checked against Intl (in UTC) on dates of every
 * month, day, hour and minute shape before it is used, so it never disagrees with Intl.
 */
function patternOf(locale: string, style: DateTimeStyle): Pattern | null {
  const key = `${locale}|${style}`;
  let pattern = patterns.get(key);
  if (pattern !== undefined) return pattern;
  pattern = null;
  try {
    const utc = new Intl.DateTimeFormat(locale, { ...DATE_TIME_OPTIONS[style], timeZone: "UTC" });
    const parts: Pattern["parts"][number][] = [];
    for (const part of utc.formatToParts(sampleOf(8))) {
      if (part.type === "literal") parts.push({ literal: part.value });
      else if (FIELDS.has(part.type) && (part.type === "month" || /^[0-9]+$/.test(part.value)))
        parts.push({ field: part.type as PatternField, pad: part.value.length === 2 && part.value.startsWith("0") });
      else throw new Error(`unsupported part ${part.type}`);
    }
    if (parts.filter((part) => "field" in part).length !== 5) throw new Error("a field is missing or repeated");
    const months = Array.from(
      { length: 12 },
      (_, month) => utc.formatToParts(sampleOf(month)).find((part) => part.type === "month")?.value ?? "",
    );
    const candidate: Pattern = { parts, months };
    const agrees = (time: number) => fillPattern(candidate, new Date(time)) === utc.format(time);
    let checked = true;
    for (let month = 0; month < 12 && checked; month++) {
      for (const [day, hour, minute] of [
        [1, 0, 0],
        [9, 9, 59],
        [10, 10, 5],
        [28, 12, 30],
        [31, 23, 59],
      ] as const) {
        if (!agrees(sampleOf(month, 2000 + month * 3, day, hour, minute))) checked = false;
      }
    }
    if (checked) pattern = candidate;
  } catch {
    pattern = null;
  }
  patterns.set(key, pattern);
  return pattern;
}

/**
 * A zone's offset from UTC by UTC day, read from Intl (`en-US` numeric parts) at the day's first
 * and last second: when they agree the whole day has that offset, as no zone changes its offset
 * twice within a day (checked for every zone Node's ICU knows, 1970–2040, every 3 hours); a day
 * with a change is null and its times are formatted by Intl itself. Bounded per zone.
 */
class ZoneOffsets {
  /** Days kept per zone: ten years of a list's times. */
  static readonly DAYS = 4_096;

  private readonly probe: Intl.DateTimeFormat;
  private readonly days = new Map<number, number | null>();

  constructor(timeZone: string) {
    this.probe = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  }

  at(time: number): number | null {
    const day = Math.floor(time / DAY);
    let offset = this.days.get(day);
    if (offset === undefined) {
      const first = this.offsetAt(day * DAY);
      offset = first !== null && first === this.offsetAt(day * DAY + DAY - 1000) ? first : null;
      if (this.days.size >= ZoneOffsets.DAYS) this.days.clear();
      this.days.set(day, offset);
    }
    return offset;
  }

  /** The offset at a whole second, from the zone's wall time then (`9/2/2026, 07:09:30`). */
  private offsetAt(second: number): number | null {
    const wall = /^(\d{1,2})\/(\d{1,2})\/(\d{4}), (\d{2}):(\d{2}):(\d{2})$/.exec(this.probe.format(second));
    if (!wall) return null;
    const [month, day, year, hour, minute, sec] = wall.slice(1).map(Number) as [number, number, number, number, number, number];
    return Date.UTC(year, month - 1, day, hour, minute, sec) - second;
  }
}

/** One locale, style and zone: Intl, and the faster pattern with the zone's offsets when it has one. */
interface Formatter {
  intl: Intl.DateTimeFormat;
  pattern: Pattern | null;
  offsets: ZoneOffsets;
}

/**
 * Formatters by locale, style and zone: building an Intl.DateTimeFormat costs ~0.1 ms, which a
 * table of 50 rows with two times each paid on every render. Bounded (zones come from admins).
 */
const formatters = new Map<string, Formatter>();
const FORMATTERS = 200;
/** Offsets by zone, shared by the formatters of every language and style. */
const zones = new Map<string, ZoneOffsets>();

function offsetsOf(timeZone: string): ZoneOffsets {
  let offsets = zones.get(timeZone);
  if (!offsets) {
    if (zones.size >= FORMATTERS) zones.clear();
    zones.set(timeZone, (offsets = new ZoneOffsets(timeZone)));
  }
  return offsets;
}

/** The formatter asked for last: a table asks for the same one for every cell (no key to build). */
let last: { locale: string; style: DateTimeStyle; timeZone: string; format: Formatter } | null = null;

function formatter(locale: string, style: DateTimeStyle, timeZone: string): Formatter {
  if (last && last.locale === locale && last.style === style && last.timeZone === timeZone) return last.format;
  const key = `${locale}|${style}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    let zone = timeZone;
    let intl: Intl.DateTimeFormat;
    try {
      intl = new Intl.DateTimeFormat(locale, { ...DATE_TIME_OPTIONS[style], timeZone });
    } catch {
      // An unknown zone formats in UTC (remembered too: the zone stays unknown).
      zone = "UTC";
      intl = new Intl.DateTimeFormat(locale, { ...DATE_TIME_OPTIONS[style], timeZone: zone });
    }
    if (formatters.size >= FORMATTERS) formatters.clear();
    format = { intl, pattern: patternOf(locale, style), offsets: offsetsOf(zone) };
    formatters.set(key, format);
  }
  last = { locale, style, timeZone, format };
  return format;
}

/**
 * Formats an ISO time in the given time zone and console language; an unknown zone falls back to
 * UTC and an unparsable value is shown as sent. Times of years 1900–9999 in days without an
 * offset change are filled into the locale's pattern (the same text as Intl); others go to Intl.
 */
export function formatDateTime(iso: string, lang: string, timeZone: string, style: DateTimeStyle = "short"): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const { intl, pattern, offsets } = formatter(DATE_LOCALES[lang] ?? "en-GB", style, timeZone);
  if (pattern && datePatternTrick.on) {
    const offset = offsets.at(time);
    if (offset !== null) {
      const local = new Date(time + offset);
      const year = local.getUTCFullYear();
      if (year >= 1900 && year <= 9999) return fillPattern(pattern, local);
    }
  }
  return intl.format(time);
}

/** Number formats per locale, made once each (building an Intl.NumberFormat costs ~50 µs). */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats a count in the console language (1,234 / 1 234 / 1234 as the locale writes it). */
export function formatNumber(value: number, lang: string): string {
  const locale = DATE_LOCALES[lang] ?? "en-GB";
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}
