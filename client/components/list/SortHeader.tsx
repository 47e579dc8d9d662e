/**
 * A column header of a server-rendered list: a link that sorts by the column when the
 * API sorts by it (`aria-sort` on the current one, its direction spoken), plain text otherwise.
 */
import { useT } from "../render-context";

/** Props of {@link SortHeader}. */
export interface SortHeaderProps {
  label: string;
  /** The address sorting by this column; null for a column the API does not sort by. */
  href: string | null;
  /** The current order when the list is sorted by this column. */
  sorted: "asc" | "desc" | null;
  className?: string;
}

/** One `<th scope="col">`. */
export function SortHeader({ label, href, sorted, className }: SortHeaderProps) {
  const t = useT();
  if (!href) {
    return (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  }
  return (
    <th scope="col" className={className} aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}>
      <a className={sorted ? "sort-link is-sorted" : "sort-link"} href={href} title={t("common:list.sortBy", { column: label })}>
        {label}
        <span className="sort-mark" aria-hidden="true">
          {sorted ? (sorted === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </a>
    </th>
  );
}

/**
 * The href and state of a sortable column: a click on the current column flips its order, on
 * another column sorts by it in its natural order (`firstOrder`: dates newest first).
 */
export function sortState<F extends string>(
  field: F,
  current: { sort: F; order: "asc" | "desc" },
  href: (sort: F, order: "asc" | "desc") => string,
  firstOrder: "asc" | "desc" = "asc",
): { href: string; sorted: "asc" | "desc" | null } {
  const sorted = current.sort === field ? current.order : null;
  const order = sorted ? (sorted === "asc" ? "desc" : "asc") : firstOrder;
  return { href: href(field, order), sorted };
}
