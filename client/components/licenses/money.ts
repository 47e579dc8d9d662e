import { DATE_LOCALES } from "../../lib/datetime";

/**
 * An amount in minor units (cents) as the console language writes money in that currency; the
 * number of minor digits comes from Intl (EUR 2, JPY 0), so the price list never states it.
 */
export function formatMoney(minor: number, currency: string, lang: string): string {
  const locale = DATE_LOCALES[lang] ?? "en-GB";
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: "currency", currency });
  } catch {
    return `${minor} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}
