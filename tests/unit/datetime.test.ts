import { describe, expect, it } from "vitest";
import { DATE_LOCALES, DATE_TIME_OPTIONS, formatDateTime, type DateTimeStyle } from "../../client/lib/datetime";

const LANGS = Object.keys(DATE_LOCALES);
const STYLES: DateTimeStyle[] = ["short", "long"];

const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** What Intl itself writes for the time (an unknown zone in UTC, as formatDateTime promises). */
function intlText(time: number, lang: string, timeZone: string, style: DateTimeStyle): string {
  const key = `${lang}|${timeZone}|${style}`;
  let format = intlFormats.get(key);
  if (!format) {
    const options = DATE_TIME_OPTIONS[style];
    try {
      format = new Intl.DateTimeFormat(DATE_LOCALES[lang], { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(DATE_LOCALES[lang], { ...options, timeZone: "UTC" });
    }
    intlFormats.set(key, format);
  }
  return format.format(time);
}

/** A repeatable pseudo-random sequence (the same instants on every run). */
function randomTimes(count: number, seed: number, from: number, to: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(from + (state / 2_147_483_648) * (to - from));
  });
}

/** Every mismatch between formatDateTime and Intl for these times, as readable lines. */
function mismatches(times: readonly number[], zones: readonly string[]): string[] {
  const found: string[] = [];
  for (const timeZone of zones) {
    for (const lang of LANGS) {
      for (const style of STYLES) {
        for (const time of times) {
          const iso = new Date(time).toISOString();
          const got = formatDateTime(iso, lang, timeZone, style);
          const want = intlText(time, lang, timeZone, style);
          if (got !== want) found.push(`${iso} ${timeZone} ${lang} ${style}: ${got} ≠ ${want}`);
        }
      }
    }
  }
  return found;
}

describe("formatDateTime", () => {
  it("writes what Intl writes, in every zone, language and style", () => {
    const zones = [...Intl.supportedValuesOf("timeZone"), "UTC", "Etc/GMT+12", "No/Such_Zone"];
    const times = randomTimes(40, 7, Date.UTC(1890, 0, 1), Date.UTC(2060, 0, 1));
    expect(mismatches(times, zones)).toEqual([]);
  });

  it("writes what Intl writes around offset changes, minute by minute", () => {
    const zones = [
      "Europe/Lisbon",
      "America/New_York",
      "America/St_Johns",
      "Asia/Kathmandu",
      "Australia/Lord_Howe",
      "Pacific/Apia",
      "Pacific/Chatham",
      "America/Sao_Paulo",
      "Africa/Casablanca",
    ];
    const times: number[] = [];
    // Two days around the usual change dates of both hemispheres, every 7 minutes and a second either side of each hour.
    for (const start of [
      Date.UTC(2026, 2, 28),
      Date.UTC(2026, 9, 24),
      Date.UTC(2026, 3, 4),
      Date.UTC(2011, 11, 29),
      Date.UTC(2018, 10, 3),
    ]) {
      for (let time = start; time < start + 2 * 86_400_000; time += 7 * 60_000) times.push(time);
      for (let hour = 0; hour < 48; hour++) times.push(start + hour * 3_600_000 - 1_000, start + hour * 3_600_000);
    }
    expect(mismatches(times, zones)).toEqual([]);
  });

  it("fills the locale's pattern instead of asking Intl, once it knows the zone's offset that day", () => {
    const descriptor = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, "format");
    if (!descriptor?.get) throw new Error("Intl.DateTimeFormat#format is not a getter here");
    const original = descriptor;
    let calls = 0;
    Object.defineProperty(Intl.DateTimeFormat.prototype, "format", {
      configurable: true,
      get(this: Intl.DateTimeFormat) {
        const format = original.get?.call(this) as (date?: Date | number) => string;
        return (date?: Date | number) => {
          calls++;
          return format(date);
        };
      },
    });
    try {
      for (const lang of LANGS) {
        for (const style of STYLES) {
          formatDateTime("2026-05-01T00:00:00.000Z", lang, "Europe/Lisbon", style);
          calls = 0;
          for (let minute = 0; minute < 50; minute++)
            formatDateTime(new Date(Date.UTC(2026, 4, 1, 9, minute)).toISOString(), lang, "Europe/Lisbon", style);
          expect({ lang, style, calls }).toEqual({ lang, style, calls: 0 });
        }
      }
    } finally {
      Object.defineProperty(Intl.DateTimeFormat.prototype, "format", original);
    }
  });

  it("shows an unparsable value as sent", () => {
    expect(formatDateTime("not a date", "en", "Europe/Lisbon")).toBe("not a date");
  });
});
