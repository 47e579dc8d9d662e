/**
 * The count line every list shows ("The list pattern" in docs/DECISIONS.md): '1–50 of
 * 10,000' when the page's position is known, '10,000 in total' when it is not (a keyset page
 * opened from a link), nothing while the list is empty (the empty state speaks then). Numbers in
 * the locale's format. Server-rendered pages and islands use the same component.
 */
import { formatNumber, formatTotal } from "../../lib/datetime";
import { useLang, useT, type Translate } from "../render-context";

/** Where a page sits in its list: `index` is zero-based, null when unknown. */
export interface CountLineProps {
  index: number | null;
  limit: number;
  shown: number;
  total: number;
  /** `total` is a count's bound, not the count (a users list past 10,000): shown as "10,000+". */
  capped?: boolean;
  /** Replaces the count while the list loads (islands). */
  loading?: string | null;
  className?: string;
}

/** The count line's text (null when the page is empty). */
export function countLineText(
  t: Translate,
  lang: string,
  { index, limit, shown, total, capped }: Omit<CountLineProps, "loading" | "className">,
): string | null {
  if (shown === 0) return null;
  const format = (value: number) => formatNumber(value, lang);
  const all = formatTotal(total, lang, capped);
  if (index === null) return t("common:list.totalOnly", { total: all });
  return t("common:list.range", { from: format(index * limit + 1), to: format(index * limit + shown), total: all });
}

/** The count line as a polite live region, so a screen reader hears the new count after a change. */
export function CountLine({ loading, className, ...position }: CountLineProps) {
  const t = useT();
  const lang = useLang();
  return (
    <p className={className ? `list-count ${className}` : "list-count"} role="status">
      {loading ?? countLineText(t, lang, position)}
    </p>
  );
}
