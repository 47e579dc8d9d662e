/**
 * The one way the console shows a time: the short style of
 * `client/lib/datetime.ts` ('04 Mar 2026, 15:03' in en) in the admin's time zone, in every list
 * and profile, in a `<time>` element that tables keep on one line. A missing time shows
 * `fallback` ('Never', '—').
 */
import { formatDateTime } from "../lib/datetime";
import { useLang } from "./render-context";

/** Props of {@link DateTime}. */
export interface DateTimeProps {
  iso: string | null | undefined;
  timezone: string;
  fallback?: string;
}

/** A formatted `<time>`. */
export function DateTime({ iso, timezone, fallback = "—" }: DateTimeProps) {
  const lang = useLang();
  if (!iso) return <span className="muted">{fallback}</span>;
  // The text may differ by a separator between the server's and the browser's ICU; the server's
  // text stays (both are the same instant in the same zone).
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso, lang, timezone)}
    </time>
  );
}
