import { useCallback, useRef, useState } from "react";
import { createInvitesApi, type InviteListResponse } from "../../../shared/api/invites";
import type { InviteState } from "../../../shared/domain/statuses";
import { useCallMessage } from "../forms/useCallMessage";

/** The invitations list's view: filters, order by expiry and page. */
export interface InvitesQuery {
  search: string;
  team: string;
  state: InviteState | "";
  order: "asc" | "desc";
  limit: number;
  cursor?: string;
}

/** `/invites?view=pending&…` for a view (defaults left out), so a reload or a shared link shows the same. */
export function invitesHref(query: InvitesQuery): string {
  const params = new URLSearchParams({ view: "pending" });
  if (query.search.trim()) params.set("search", query.search.trim());
  if (query.team) params.set("team", query.team);
  if (query.state) params.set("state", query.state);
  if (query.order !== "asc") params.set("order", query.order);
  if (query.limit !== 50) params.set("limit", String(query.limit));
  return `/invites?${params.toString()}`;
}

/** The list as the island drives it. */
export interface InvitesList {
  query: InvitesQuery;
  page: InviteListResponse;
  busy: boolean;
  error: string | null;
  /** Zero-based index of the page shown. */
  pageIndex: number;
  change: (patch: Partial<InvitesQuery>) => void;
  next: () => void;
  previous: () => void;
  /** Reloads from the first page (after resend or delete). */
  reload: () => void;
}

const SEARCH_DELAY_MS = 250;

/**
 * The server-rendered first page, then `GET /v2/invites` with keyset paging (a stack of the cursors of the pages before), search as
 * you type (debounced), and the address bar following the view. Answers to older requests are
 * dropped, so a slow answer never replaces a newer one.
 */
export function useInvitesList(initial: InvitesQuery, initialPage: InviteListResponse, csrfToken: string): InvitesList {
  const messageFor = useCallMessage();
  const [query, setQuery] = useState<InvitesQuery>({ ...initial, cursor: undefined });
  const [page, setPage] = useState<InviteListResponse>(initialPage);
  const [cursors, setCursors] = useState<(string | undefined)[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sequence = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  const load = useCallback(
    (next: InvitesQuery, stack: (string | undefined)[]) => {
      const run = ++sequence.current;
      setBusy(true);
      setError(null);
      const params = {
        limit: next.limit,
        order: next.order,
        ...(next.search.trim() ? { search: next.search.trim() } : {}),
        ...(next.team ? { team: next.team } : {}),
        ...(next.state ? { state: next.state } : {}),
        ...(next.cursor ? { cursor: next.cursor } : {}),
      };
      createInvitesApi({ csrfToken })
        .list(params)
        .then(
          (result) => {
            if (run !== sequence.current) return;
            setPage(result);
            setCursors(stack);
            window.history.replaceState(window.history.state, "", invitesHref(next));
          },
          (failure: unknown) => run === sequence.current && setError(messageFor(failure)),
        )
        .finally(() => run === sequence.current && setBusy(false));
    },
    [csrfToken, messageFor],
  );

  const change = useCallback(
    (patch: Partial<InvitesQuery>) => {
      const next = { ...query, ...patch, cursor: undefined };
      setQuery(next);
      window.clearTimeout(timer.current);
      if ("search" in patch) timer.current = window.setTimeout(() => load(next, []), SEARCH_DELAY_MS);
      else load(next, []);
    },
    [load, query],
  );
  const next = useCallback(() => {
    if (!page.nextCursor) return;
    const nextQuery = { ...query, cursor: page.nextCursor };
    setQuery(nextQuery);
    load(nextQuery, [...cursors, query.cursor]);
  }, [load, query, page, cursors]);
  const previous = useCallback(() => {
    if (cursors.length === 0) return;
    const nextQuery = { ...query, cursor: cursors[cursors.length - 1] };
    setQuery(nextQuery);
    load(nextQuery, cursors.slice(0, -1));
  }, [load, query, cursors]);
  const reload = useCallback(() => {
    const first = { ...query, cursor: undefined };
    setQuery(first);
    load(first, []);
  }, [load, query]);
  return { query, page, busy, error, pageIndex: cursors.length, change, next, previous, reload };
}
