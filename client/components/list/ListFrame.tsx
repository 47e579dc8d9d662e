/**
 * The frame of every server-rendered list ("The list pattern" in docs/DECISIONS.md), drawn in
 * the one list tree (`ListLayout`): toolbar (count, export menu, primary action), filters (the
 * ListFilters island) with chips and 'Clear filters', the rows (or the empty or error state) with
 * the pager above and below, 'Rows per page' in the bottom one. Pages give the table
 * (`ListTable`) and their texts, nothing else.
 */
import type { ReactNode } from "react";
import { Island } from "../Island";
import { ListFilters } from "../../islands/ListFilters";
import { CountLine } from "./CountLine";
import { FilterChips } from "./FilterChips";
import { LinkPager } from "./LinkPager";
import { ListError } from "./ListError";
import { ListLayout } from "./ListLayout";
import { PageSize } from "./PageSize";
import { activeChips, clearedHref, hrefWith, type ListFiltersProps } from "./listQuery";

/** Props of {@link ListFrame}. */
export interface ListFrameProps {
  filters: ListFiltersProps;
  /** The list's export menu (`ExportForm`), top-right before the primary action. */
  exportMenu?: ReactNode;
  /** The page's primary action ('Create company'), top-right. */
  actions?: ReactNode;
  /** Rows shown, rows in total, and whether this is the first page (a cursor is set). */
  shown: number;
  total: number;
  cursor: string | null;
  nextCursor: string | null;
  /** The pager's accessible name. */
  pagerLabel: string;
  /** The message when the rows could not be read; replaces rows, count and pager. */
  error?: string | null;
  /** Shown instead of the rows when there are none; null when the rows' island draws its own. */
  empty: ReactNode | null;
  /** The rows: a {@link ListTable} (or an island rendering one). */
  children: ReactNode;
  /** Above the rows, under the chips (a notice such as 'Some filters were ignored'). */
  notice?: ReactNode;
  /** Under the bottom pager (a note such as the time zone of the times shown). */
  footnote?: ReactNode;
  className?: string;
}

/** The rows a list read: how many are shown, how many match, and the next page's cursor. */
export interface ListFramePage {
  items: readonly unknown[];
  total: number;
  nextCursor: string | null;
}

/** The frame props every list fills the same way (see {@link listFrameProps}). */
export type ListFrameBase = Pick<ListFrameProps, "filters" | "shown" | "total" | "cursor" | "nextCursor" | "pagerLabel" | "error">;

/**
 * The common ListFrame props of a list page from its filters, the page read, the cursor it was
 * read from (none on the first page) and the pager's name: one place that says where the count
 * and the pager come from, so no list page draws them from different reads. A page spreads it and
 * adds its own rows, empty state, actions and notes.
 */
export function listFrameProps(
  filters: ListFiltersProps,
  page: ListFramePage,
  cursor: string | null | undefined,
  pagerLabel: string,
  error?: string | null,
): ListFrameBase {
  return { filters, shown: page.items.length, total: page.total, cursor: cursor ?? null, nextCursor: page.nextCursor, pagerLabel, error };
}

/** The list frame: the page's filters, read and rows in {@link ListLayout}'s tree. */
export function ListFrame({
  filters,
  exportMenu,
  actions,
  shown,
  total,
  cursor,
  nextCursor,
  pagerLabel,
  error,
  empty,
  children,
  notice,
  footnote,
  className,
}: ListFrameProps) {
  const pager = {
    label: pagerLabel,
    firstHref: cursor ? hrefWith(filters) : null,
    nextHref: nextCursor ? hrefWith(filters, { cursor: nextCursor }) : null,
  };
  return (
    <ListLayout
      className={className}
      count={error ? null : <CountLine index={cursor ? null : 0} limit={filters.limit.value} shown={shown} total={total} />}
      actions={
        exportMenu || actions ? (
          <>
            {exportMenu}
            {actions}
          </>
        ) : null
      }
      filters={<Island name="ListFilters" component={ListFilters} props={filters} />}
      chips={<FilterChips chips={activeChips(filters)} clearHref={clearedHref(filters)} />}
      notice={notice}
      topPager={error ? null : <LinkPager position="top" {...pager} />}
      results={
        error ? <ListError message={error} retryHref={hrefWith(filters, { cursor })} /> : shown === 0 && empty !== null ? empty : children
      }
      bottomPager={
        error ? null : (
          <LinkPager position="bottom" {...pager}>
            {shown > 0 || cursor ? <PageSize value={filters.limit.value} hrefOf={(limit) => hrefWith(filters, { limit })} /> : null}
          </LinkPager>
        )
      }
      footnote={footnote}
    />
  );
}

/** Props of {@link ListTable}. */
export interface ListTableProps {
  caption: string;
  className?: string;
  children: ReactNode;
}

/**
 * The table of a list: a sticky header row, cells that wrap instead of widening the frame (no
 * inner scrollbar), and on phones (≤ 640 px) one card per row, each cell labelled from its
 * `data-label`; the row's `th scope="row"` (the primary link) is the card's title.
 */
export function ListTable({ caption, className, children }: ListTableProps) {
  return (
    <div className="list-table-frame">
      <table className={className ? `data-table list-table ${className}` : "data-table list-table"}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
