import { useCallback, useEffect, useRef, useState } from "react";
import { useCallMessage } from "../forms/useCallMessage";
import { usersCalls } from "./api";
import { firstPage, usersPageHref } from "./query";
import type { UserListPage, UsersQuery } from "./types";

/** What `history.state` keeps for the users page: the cursors of the pages before this one. */
interface SavedState {
  usersCursors: (string | null)[];
}

function savedCursors(): (string | null)[] | null {
  const state: unknown = window.history.state;
  if (typeof state !== "object" || state === null || !("usersCursors" in state)) return null;
  const cursors = (state as SavedState).usersCursors;
  return Array.isArray(cursors) && cursors.every((c) => c === null || typeof c === "string") ? cursors : null;
}

/** The users list as the island drives it (see {@link useUsersList}). */
export interface UsersList {
  query: UsersQuery;
  page: UserListPage;
  busy: boolean;
  error: string | null;
  /** Zero-based index of the shown page, or null when opened from a link on a later page. */
  pageIndex: number | null;
  /** Applies filter or sort changes and goes back to the first page. */
  change: (patch: Partial<UsersQuery>) => void;
  next: () => void;
  previous: () => void;
  /** Reloads the shown page. */
  refresh: () => void;
  /** Reloads from the first page with a fresh count (after a bulk action: rows moved under the cursors). */
  reload: () => void;
}

/**
 * Keyset paging with a cursor stack: "next" pushes the current page's cursor and follows
 * `nextCursor`, "previous" pops. The address bar follows every loaded view through
 * `history.replaceState`, with the stack in `history.state` so a reload can still go back.
 * Responses that arrive after a newer request are dropped.
 */
export function useUsersList(initialPage: UserListPage, initialQuery: UsersQuery, csrfToken: string): UsersList {
  const messageFor = useCallMessage();
  const [query, setQuery] = useState(initialQuery);
  const [page, setPage] = useState(initialPage);
  const [cursors, setCursors] = useState<(string | null)[]>([]);
  const [restored, setRestored] = useState(initialQuery.cursor === undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sequence = useRef(0);

  useEffect(() => {
    if (initialQuery.cursor === undefined) return;
    const saved = savedCursors();
    if (saved) setCursors(saved);
    setRestored(saved !== null);
  }, [initialQuery.cursor]);

  const load = useCallback(
    (nextQuery: UsersQuery, nextCursors: (string | null)[], emptyGoesBack = false) => {
      const run = ++sequence.current;
      setQuery(nextQuery);
      setBusy(true);
      setError(null);
      usersCalls(csrfToken)
        .list(nextQuery)
        .then((result) => {
          if (run !== sequence.current) return;
          // A refreshed later page that a bulk delete or block emptied: show the page before it.
          if (emptyGoesBack && result.items.length === 0 && nextQuery.cursor !== undefined) {
            const before = nextCursors.length > 0 ? nextCursors[nextCursors.length - 1] : null;
            const backQuery = before ? { ...nextQuery, cursor: before } : firstPage(nextQuery);
            load(backQuery, nextCursors.slice(0, -1));
            return;
          }
          setPage(result);
          setCursors(nextCursors);
          setRestored(true);
          window.history.replaceState({ usersCursors: nextCursors } satisfies SavedState, "", usersPageHref(nextQuery));
        })
        .catch((failure: unknown) => {
          if (run === sequence.current) setError(messageFor(failure));
        })
        .finally(() => {
          if (run === sequence.current) setBusy(false);
        });
    },
    [csrfToken, messageFor],
  );

  const change = useCallback((patch: Partial<UsersQuery>) => load(firstPage({ ...query, ...patch }), []), [load, query]);
  const next = useCallback(() => {
    if (!page.nextCursor) return;
    load({ ...query, cursor: page.nextCursor }, [...cursors, query.cursor ?? null]);
  }, [load, query, page.nextCursor, cursors]);
  const previous = useCallback(() => {
    const stack = cursors.slice(0, -1);
    const before = cursors.length > 0 ? cursors[cursors.length - 1] : null;
    load(before ? { ...query, cursor: before } : firstPage(query), stack);
  }, [load, query, cursors]);
  const refresh = useCallback(() => load(query, cursors, true), [load, query, cursors]);
  const reload = useCallback(() => load(firstPage(query), []), [load, query]);

  const pageIndex = query.cursor === undefined ? 0 : restored ? cursors.length : null;
  return { query, page, busy, error, pageIndex, change, next, previous, refresh, reload };
}
