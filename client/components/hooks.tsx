import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId as useLibraryId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from "react";

/**
 * The hooks an island needs that React and Preact (the production client runtime, issue #28
 * "client runtime") do not share: the server renders with React, the browser hydrates with
 * preact/compat, so anything either side derives on its own (ids, "hydrated yet?") comes from here.
 */
interface IslandScopeState {
  /** The next id of this root, in render order. */
  nextId(): string;
  isHydrated(): boolean;
  /** Calls `listener` once the root has hydrated (at once if it has); returns an unsubscribe. */
  whenHydrated(listener: () => void): () => void;
  markHydrated(): void;
}

/** The state of one island root: an id counter under its prefix and its hydration flag. */
function createIslandScope(prefix: string): IslandScopeState {
  let next = 0;
  let hydrated = false;
  const listeners = new Set<() => void>();
  return {
    nextId: () => `${prefix}${next++}`,
    isHydrated: () => hydrated,
    whenHydrated(listener) {
      if (hydrated) listener();
      else listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markHydrated() {
      hydrated = true;
      for (const listener of listeners) listener();
      listeners.clear();
    },
  };
}

const Scope = createContext<IslandScopeState | null>(null);

/**
 * One island root, on the server (client/components/Island.tsx) and in the browser
 * (client/entry.tsx): numbers the ids its components ask for, in render order, under the marker's
 * prefix, and tells its components when the root has hydrated (its effect runs after theirs).
 */
export function IslandScope({ prefix, children }: { prefix: string; children: ReactNode }) {
  const [scope] = useState(() => createIslandScope(prefix));
  useEffect(() => scope.markHydrated(), [scope]);
  return <Scope.Provider value={scope}>{children}</Scope.Provider>;
}

/**
 * An id for labels and aria references that is the same in the server's HTML and after
 * hydration. React's and Preact's own useId number differently (`«R…»` against `P0-0`, and
 * Preact ignores `identifierPrefix`), and Preact does not patch attributes while hydrating, so a
 * library id would leave the server's ids on old elements and Preact's on new ones. Inside an
 * island scope the id is the prefix and a counter taken at the component's first render (both
 * runtimes render a tree in the same depth-first order); outside one, the library's.
 */
export function useId(): string {
  const scope = useContext(Scope);
  const library = useLibraryId();
  const [id] = useState(() => (scope ? scope.nextId() : library));
  return id;
}

/**
 * False on the server and while an island hydrates, true from the render after, and at once for
 * what mounts after its island hydrated (a dialog). React's useSyncExternalStore server snapshot
 * does this in React, but preact/compat ignores the server snapshot, and a value that differs
 * during hydration is never patched into attributes (a button would stay disabled).
 */
export function useHydrated(): boolean {
  const scope = useContext(Scope);
  const [hydrated, setHydrated] = useState(() => scope?.isHydrated() ?? false);
  useEffect(() => {
    if (scope) return scope.whenHydrated(() => setHydrated(true));
    // Outside an island scope (a component rendered on its own): hydrated once mounted.
    let live = true;
    queueMicrotask(() => live && setHydrated(true));
    return () => {
      live = false;
    };
  }, [scope]);
  return hydrated;
}

/**
 * React 19.2's useEffectEvent, which preact/compat lacks: a stable function that always calls the
 * latest `handler` (for effects that must read current props without re-running). One
 * implementation for both runtimes, so development and production behave alike.
 */
export function useEffectEvent<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
