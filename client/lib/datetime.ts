/**
 * Date, time and number formatting for the console: Intl in the admin's language and time zone. Shared
 * by server-rendered pages and islands (both import it, so both format the same way).
 */

/** BCP 47 locales the console formats dates in, per console language. */
export const DATE_LOCALES: Readonly<Record<string, string>> = { en: "en-GB", pt: "pt-PT", es: "es-ES" };

/** How much of a time to show: `long` on profiles, `short` in tables. */
export type DateTimeStyle = "long" | "short";

/** The Intl options of each style. */
export const DATE_TIME_OPTIONS: Readonly<Record<DateTimeStyle, Intl.DateTimeFormatOptions>> = {
  long: { dateStyle: "long", timeStyle: "short" },
  short: { year: "numeric", month: "short", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
};

/**
 * Formatters by locale, style and zone: building an Intl.DateTimeFormat costs ~0.1 ms, which a
 * table of 50 rows with two times each paid on every render. Bounded (zones come from admins).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS = 200;

function formatter(locale: string, style: DateTimeStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${style}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...DATE_TIME_OPTIONS[style], timeZone });
    } catch {
      // An unknown zone formats in UTC (remembered too: the zone stays unknown).
      format = new Intl.DateTimeFormat(locale, { ...DATE_TIME_OPTIONS[style], timeZone: "UTC" });
    }
    if (formatters.size >= FORMATTERS) formatters.clear();
    formatters.set(key, format);
  }
  return format;
}

/**
 * Formats an ISO time in the given time zone and console language with Intl; an unknown zone
 * falls back to UTC and an unparsable value is shown as sent.
 */
export function formatDateTime(iso: string, lang: string, timeZone: string, style: DateTimeStyle = "short"): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return formatter(DATE_LOCALES[lang] ?? "en-GB", style, timeZone).format(time);
}

/** Number formats per locale, made once each (building an Intl.NumberFormat costs ~50 µs). */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count in the console language, "10,000+" when it is a count's bound rather than the count (a users list past 10,000). */
export function formatTotal(value: number, lang: string, capped = false): string {
  return capped ? `${formatNumber(value, lang)}+` : formatNumber(value, lang);
}

/** Formats a count in the console language (1,234 / 1 234 / 1234 as the locale writes it). */
export function formatNumber(value: number, lang: string): string {
  const locale = DATE_LOCALES[lang] ?? "en-GB";
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}
