import { useMemo, useRef, useState } from "react";
import { CountLine } from "../components/list/CountLine";
import { EmptyState } from "../components/list/EmptyState";
import { ExportForm } from "../components/list/ExportForm";
import { FilterChips } from "../components/list/FilterChips";
import { ListError } from "../components/list/ListError";
import { ListLayout } from "../components/list/ListLayout";
import { userFilterChips } from "../components/users/filterChips";
import { PageSize } from "../components/list/PageSize";
import { Pager } from "../components/list/Pager";
import { useLang, useT } from "../components/render-context";
import { BulkBar, type BulkOutcome, type MatchingSelection } from "../components/users/BulkBar";
import { BulkSummary } from "../components/users/BulkSummary";
import { filterOf, hasFilters, usersPageHref } from "../components/users/query";
import type { TeamOption, UserListItem, UserListPage, UsersQuery } from "../components/users/types";
import { UsersFilters } from "../components/users/UsersFilters";
import { UsersGrid, type SortField } from "../components/users/UsersGrid";
import { useKeysetList, type KeysetSource } from "../components/list/useKeysetList";
import { usersCalls } from "../components/users/api";
import { formatTotal } from "../lib/datetime";

/** Plural keys are built, not literal, so the key checker does not look for a base key. */
const ALL_MATCHING_KEY = ["users:selection", "allMatching"].join(".");

/** Props of the users list island: the server-rendered first page and what it was rendered from. */
export interface UsersTableProps {
  page: UserListPage;
  query: UsersQuery;
  /** Teams in the admin's scope: the team filter and the move target. */
  teams: TeamOption[];
  csrfToken: string;
  /** The admin's time zone; times are shown in it. */
  timezone: string;
}

/**
 * /users/manage: search, filters, sortable columns and keyset paging over `GET /v2/users`, with
 * the view kept in the address bar; a selection of the shown rows (cleared when the view changes)
 * or of every user matching the filter, and bulk block, activate, move and delete with a
 * confirmation that names the users and shows the server's review, then a result summary.
 */
export function UsersTable({ page: initialPage, query: initialQuery, teams, csrfToken, timezone }: UsersTableProps) {
  const t = useT();
  const lang = useLang();
  const source = useMemo<KeysetSource<UsersQuery, UserListItem>>(() => {
    const calls = usersCalls(csrfToken);
    return { stateKey: "usersCursors", fetchPage: (query) => calls.list(query), hrefOf: usersPageHref };
  }, [csrfToken]);
  const list = useKeysetList(initialPage, initialQuery, source);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  /** 'Select all matching': the filter it was chosen under; any change of filter ends it. */
  const [matching, setMatching] = useState<MatchingSelection | null>(null);
  const root = useRef<HTMLDivElement>(null);
  /** Bumped when a chip removes the search: the toolbar is drawn again from the query (its box keeps its own text). */
  const [searchReset, setSearchReset] = useState(0);
  // A control that removes itself ('Clear selection', the summary's 'Dismiss') hands focus to the
  // page's select-all box (or the search when the list is empty), never to the body.
  const focusListStart = () =>
    (
      root.current?.querySelector<HTMLElement>(".data-table thead input[type=checkbox]") ??
      root.current?.querySelector<HTMLElement>("input[type=search]")
    )?.focus();
  const { query, page, busy, pageIndex } = list;
  const filterKey = JSON.stringify(filterOf(query));
  // The selection belongs to what the admin sees (docs/DECISIONS.md "Console: selections and
  // reviewed moves"): a new search, filter, sort, page size or page clears the ticked rows, and a
  // new filter ends 'select all matching' (it names the filter). The bar says so politely.
  const viewKey = JSON.stringify(query);
  const [shownView, setShownView] = useState({ viewKey, filterKey });
  const [cleared, setCleared] = useState(false);
  if (shownView.viewKey !== viewKey) {
    setShownView({ viewKey, filterKey });
    const endsMatching = matching !== null && shownView.filterKey !== filterKey;
    // Paging under 'select all matching' keeps it (the bar still says so): nothing to announce then.
    if (!(matching !== null && !endsMatching) && (selected.size > 0 || endsMatching)) setCleared(true);
    if (selected.size > 0) setSelected(new Set());
    if (endsMatching) setMatching(null);
  }
  const activeMatching =
    matching && JSON.stringify(matching.filter) === filterKey
      ? { ...matching, total: page.total, capped: Boolean(page.totalCapped) }
      : null;
  const pageSelected = page.items.length > 0 && page.items.every((user) => selected.has(user.uid));
  /** While every match is selected the rows show checked; touching one goes back to a page selection. */
  const shownSelected = activeMatching ? new Set(page.items.map((user) => user.uid)) : selected;
  const leaveMatching = () => {
    if (!activeMatching) return;
    setMatching(null);
    setSelected(new Set(page.items.map((user) => user.uid)));
  };
  const changeSelection = (update: (prev: ReadonlySet<string>) => ReadonlySet<string>) => {
    setCleared(false);
    setSelected(update);
  };

  const toggle = (uid: string) => {
    leaveMatching();
    changeSelection((prev) => {
      const next = new Set(prev);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });
  };
  const togglePage = (select: boolean) => {
    if (activeMatching && !select) {
      setMatching(null);
      setSelected(new Set());
      return;
    }
    changeSelection((prev) => {
      const next = new Set(prev);
      for (const user of page.items) {
        if (select) next.add(user.uid);
        else next.delete(user.uid);
      }
      return next;
    });
  };
  const sort = (field: SortField) => {
    const order = query.sort === field && query.order === "asc" ? "desc" : "asc";
    list.change({ sort: field, order });
  };
  const done = (result: BulkOutcome) => {
    setOutcome(result);
    setMatching(null);
    // The summary names what failed; the rows change under the reload, so nothing stays selected.
    setSelected(new Set());
    setCleared(false);
    // Rows moved or vanished under the cursors: start again from the first page, with a fresh count.
    list.reload();
  };

  /** A chip takes its filter off; focus goes to the next chip, or the search once none is left. */
  const removeChip = (name: string) => {
    const chips = Array.from(root.current?.querySelectorAll<HTMLElement>(".filter-chips .chip") ?? []);
    const at = chips.findIndex((chip) => chip.dataset.chip === name);
    const nextName = (chips[at + 1] ?? chips[at - 1])?.dataset.chip;
    if (name === "search") setSearchReset((n) => n + 1);
    list.change({ [name]: undefined });
    requestAnimationFrame(() => {
      const target = nextName ? root.current?.querySelector<HTMLElement>(`.filter-chips .chip[data-chip="${nextName}"]`) : null;
      (target ?? root.current?.querySelector<HTMLElement>("input[type=search]"))?.focus();
    });
  };
  const chips = userFilterChips(t, query, teams);
  const filterWords = chips.map((chip) => `${chip.label}: ${chip.value}`).join("; ");
  const hasPrevious = query.cursor !== undefined;
  // The pager stands above and below the rows (DESIGN §13): one set of props for both.
  const pager = {
    label: t("users:list.pagination"),
    hasPrevious,
    hasNext: Boolean(page.nextCursor),
    busy,
    onPrevious: list.previous,
    onNext: list.next,
  };

  return (
    <ListLayout
      className="users-list"
      rootRef={root}
      busy={busy}
      resultsClassName="users-results"
      // A failed read hides the count, the selection's bar and the pagers: they describe rows no longer shown.
      count={
        list.error ? null : (
          <CountLine
            className="users-status"
            index={pageIndex}
            limit={query.limit}
            shown={page.items.length}
            total={page.total}
            capped={page.totalCapped}
            loading={busy ? t("users:list.loading") : null}
          />
        )
      }
      actions={
        <>
          <ExportForm
            resource="users"
            filters={{ ...filterOf(query), sort: query.sort, order: query.order }}
            total={page.total}
            capped={page.totalCapped}
          />
          <a className="button button-primary users-create" href="/users/create">
            {t("users:list.create")}
          </a>
        </>
      }
      filters={<UsersFilters key={searchReset} query={query} teams={teams} onChange={list.change} />}
      chips={<FilterChips chips={chips} onRemove={removeChip} />}
      notice={
        list.error ? null : (
          <>
            <BulkBar
              selected={selected}
              selectedUsers={page.items.filter((user) => selected.has(user.uid))}
              matching={activeMatching}
              cleared={cleared}
              teams={teams}
              csrfToken={csrfToken}
              onClear={() => {
                setSelected(new Set());
                setMatching(null);
                focusListStart();
              }}
              onDone={done}
            />
            {!activeMatching && pageSelected && page.total > page.items.length ? (
              <p className="select-all-matching">
                <button
                  type="button"
                  className="button button-link"
                  onClick={() =>
                    setMatching({ filter: filterOf(query), total: page.total, capped: Boolean(page.totalCapped), words: filterWords })
                  }
                >
                  {t(ALL_MATCHING_KEY, { count: page.total, total: formatTotal(page.total, lang, page.totalCapped) })}
                </button>
              </p>
            ) : null}
            {outcome ? (
              <BulkSummary
                outcome={outcome}
                onDismiss={() => {
                  setOutcome(null);
                  focusListStart();
                }}
              />
            ) : null}
          </>
        )
      }
      topPager={list.error ? null : <Pager position="top" {...pager} />}
      results={
        list.error ? (
          <ListError
            message={list.error}
            onRetry={() => {
              // 'Try again' disappears once the read succeeds: focus goes to the search, not the body.
              root.current?.querySelector<HTMLElement>("input[type=search]")?.focus();
              list.reload();
            }}
          />
        ) : page.items.length > 0 ? (
          <div className="list-table-frame">
            <UsersGrid
              items={page.items}
              query={query}
              selected={shownSelected}
              timezone={timezone}
              onSort={sort}
              onToggle={toggle}
              onTogglePage={togglePage}
            />
          </div>
        ) : (
          <EmptyState
            title={t("users:list.empty")}
            hint={hasFilters(query) ? t("users:list.emptyHint") : null}
            action={
              hasFilters(query) ? null : (
                <a className="button button-primary" href="/users/create">
                  {t("users:list.create")}
                </a>
              )
            }
          />
        )
      }
      bottomPager={
        list.error ? null : (
          <Pager position="bottom" {...pager}>
            <PageSize value={query.limit} disabled={busy} onChange={(limit) => list.change({ limit })} />
          </Pager>
        )
      }
    />
  );
}
