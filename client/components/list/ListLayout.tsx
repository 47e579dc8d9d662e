/**
 * The one component tree of every list page (issue 27, "One pattern, for real"): toolbar (the
 * count, then the export menu and the primary action top-right), the filters with their chips,
 * the results (top pager and rows, or the empty or error state) and the bottom pager with 'Rows
 * per page'. Server-rendered lists reach it through `ListFrame`, islands use it directly; the
 * parts carry `data-list-part` so tests/unit/list-pattern.test.tsx can tell a page that drifts.
 * The filters and the results carry the ids the shell's skip links point at.
 */
import type { ReactNode, Ref } from "react";

/** Target of 'Skip to filters' (client/components/layout/AppLayout.tsx). */
export const LIST_FILTERS_ID = "list-filters";
/** Target of 'Skip to results'. */
export const LIST_RESULTS_ID = "list-results";
/** The parts, in the order every list draws them. */
export const LIST_PARTS = ["toolbar", "filters", "results", "pager"] as const;

/** Props of {@link ListLayout}. */
export interface ListLayoutProps {
  className?: string;
  rootRef?: Ref<HTMLDivElement>;
  /** The count line (`CountLine`), the toolbar's first item. */
  count: ReactNode;
  /** The export menu, then the page's primary action ('Create user'), top-right. */
  actions?: ReactNode;
  /** The filters form; null on a list too short to filter (API tokens): no filters part then. */
  filters: ReactNode;
  /** Active-filter chips and 'Clear filters'. */
  chips?: ReactNode;
  /** Between filters and rows: a bulk bar, a selection offer, a result summary, an alert. */
  notice?: ReactNode;
  /** The pager above the rows (only when there is another page). */
  topPager?: ReactNode;
  /** The rows, or the empty or the error state. */
  results: ReactNode;
  /** The pager below the rows, with 'Rows per page'. */
  bottomPager?: ReactNode;
  /** Under the bottom pager (the time zone of the times shown). */
  footnote?: ReactNode;
  /** While an island loads the next rows (`aria-busy` on the results). */
  busy?: boolean;
  /** An extra class on the results (`users-results`), for the page's own styles and tests. */
  resultsClassName?: string;
}

/** See the module comment. */
export function ListLayout({
  className,
  rootRef,
  count,
  actions,
  filters,
  chips,
  notice,
  topPager,
  results,
  bottomPager,
  footnote,
  busy,
  resultsClassName,
}: ListLayoutProps) {
  return (
    <div ref={rootRef} className={className ? `list-frame ${className}` : "list-frame"}>
      <div className="list-toolbar" data-list-part="toolbar">
        {count}
        {actions ? <div className="list-actions">{actions}</div> : null}
      </div>
      {filters ? (
        <div id={LIST_FILTERS_ID} className="list-filters-region" data-list-part="filters" tabIndex={-1}>
          {filters}
          {chips}
        </div>
      ) : null}
      {notice}
      <div
        id={LIST_RESULTS_ID}
        className={resultsClassName ? `list-results ${resultsClassName}` : "list-results"}
        data-list-part="results"
        tabIndex={-1}
        aria-busy={busy}
      >
        {topPager}
        {results}
      </div>
      <div className="list-pager" data-list-part="pager">
        {bottomPager}
      </div>
      {footnote}
    </div>
  );
}
