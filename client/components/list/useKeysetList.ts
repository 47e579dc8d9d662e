/**
 * Keyset paging for an island's list, whatever it lists: a cursor stack kept in `history.state`
 * (so a reload can still go back), the address bar following every loaded view, and late
 * responses dropped. Every island list shares it, so the paging rules live in one place.
 */
import { useCallback, useRef, useState } from "react";
import type { ListResponse } from "../../../shared/schemas/list";
import { useCallMessage } from "../forms/useCallMessage";
import { useHydrated } from "../useHydrated";

/** A list query: anything with an optional keyset cursor. */
export interface KeysetQuery {
  cursor?: string;
}

/** What the list needs from its resource: one page for a query, and the page's address. */
export interface KeysetSource<Q extends KeysetQuery, T> {
  /** The key under which `history.state` keeps the cursors (one per list page). */
  stateKey: string;
  fetchPage: (query: Q) => Promise<ListResponse<T>>;
  hrefOf: (query: Q) => string;
}

/** The list as an island drives it. */
export interface KeysetList<Q extends KeysetQuery, T> {
  query: Q;
  page: ListResponse<T>;
  busy: boolean;
  error: string | null;
  /** Zero-based index of the shown page, or null when opened from a link on a later page. */
  pageIndex: number | null;
  /** Applies filter changes and goes back to the first page. */
  change: (patch: Partial<Q>) => void;
  next: () => void;
  previous: () => void;
  /** Reloads from the first page with a fresh count (after a bulk action: rows moved under the cursors). */
  reload: () => void;
}

const NO_CURSORS: (string | null)[] = [];

function withoutCursor<Q extends KeysetQuery>(query: Q): Q {
  const next = { ...query };
  delete next.cursor;
  return next;
}

function savedCursors(stateKey: string): (string | null)[] | null {
  const state: unknown = window.history.state;
  if (typeof state !== "object" || state === null || !(stateKey in state)) return null;
  const cursors: unknown = (state as Record<string, unknown>)[stateKey];
  return Array.isArray(cursors) && cursors.every((c) => c === null || typeof c === "string") ? (cursors as (string | null)[]) : null;
}

/** See the module comment. */
export function useKeysetList<Q extends KeysetQuery, T>(
  initialPage: ListResponse<T>,
  initialQuery: Q,
  source: KeysetSource<Q, T>,
): KeysetList<Q, T> {
  const messageFor = useCallMessage();
  const [query, setQuery] = useState(initialQuery);
  const [page, setPage] = useState(initialPage);
  const hydrated = useHydrated();
  // The cursor stack history.state kept for a page opened past the first (a reload), read in the browser.
  const [saved] = useState(() =>
    typeof window === "undefined" || initialQuery.cursor === undefined ? null : savedCursors(source.stateKey),
  );
  // The stack of the last view this hook loaded; until then, the saved one once hydrated.
  const [loaded, setLoaded] = useState<(string | null)[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sequence = useRef(0);
  const { stateKey, fetchPage, hrefOf } = source;
  const cursors = loaded ?? (hydrated && saved ? saved : NO_CURSORS);
  const restored = loaded !== null || initialQuery.cursor === undefined || (hydrated && saved !== null);

  const load = useCallback(
    (nextQuery: Q, nextCursors: (string | null)[]) => {
      const run = ++sequence.current;
      setQuery(nextQuery);
      setBusy(true);
      setError(null);
      fetchPage(nextQuery)
        .then((result) => {
          if (run !== sequence.current) return;
          setPage(result);
          setLoaded(nextCursors);
          window.history.replaceState({ [stateKey]: nextCursors }, "", hrefOf(nextQuery));
        })
        .catch((failure: unknown) => {
          if (run === sequence.current) setError(messageFor(failure));
        })
        .finally(() => {
          if (run === sequence.current) setBusy(false);
        });
    },
    [fetchPage, hrefOf, stateKey, messageFor],
  );

  const change = useCallback((patch: Partial<Q>) => load(withoutCursor({ ...query, ...patch }), []), [load, query]);
  const next = useCallback(() => {
    if (!page.nextCursor) return;
    load({ ...query, cursor: page.nextCursor }, [...cursors, query.cursor ?? null]);
  }, [load, query, page.nextCursor, cursors]);
  const previous = useCallback(() => {
    const stack = cursors.slice(0, -1);
    const before = cursors.length > 0 ? cursors[cursors.length - 1] : null;
    load(before ? { ...query, cursor: before } : withoutCursor(query), stack);
  }, [load, query, cursors]);
  const reload = useCallback(() => load(withoutCursor(query), []), [load, query]);

  const pageIndex = query.cursor === undefined ? 0 : restored ? cursors.length : null;
  return { query, page, busy, error, pageIndex, change, next, previous, reload };
}
