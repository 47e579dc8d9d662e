/**
 * Figures reused for a short time per database (tests run several apps in one process): the
 * users list's `total` and the dashboard's counts. Concurrent and repeated asks of one key share
 * one computation (a miss in flight is shared too); a failed one is not remembered; each
 * database keeps at most `maxKeys`, the oldest dropped first. The callers' keys say what a
 * figure depends on; the figure may lag writes by other processes for up to `ttlMs`.
 */
interface Entry<T> {
  at: number;
  value: Promise<T>;
}

/** A bounded, short-lived cache of computed promises, per database object. */
export class RecentCounts<T> {
  readonly #byDatabase = new WeakMap<object, Map<string, Entry<T>>>();

  constructor(
    readonly ttlMs: number,
    readonly maxKeys: number,
  ) {}

  /** The value of `key` computed less than ttlMs before `now`, else `compute()` (remembered). */
  get(database: object, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    let cache = this.#byDatabase.get(database);
    if (!cache) this.#byDatabase.set(database, (cache = new Map<string, Entry<T>>()));
    const hit = cache.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = compute();
    cache.delete(key);
    cache.set(key, { at: now, value });
    // A failed count is not remembered (unless a newer one replaced it already).
    const entries = cache;
    value.catch(() => entries.get(key)?.value === value && entries.delete(key));
    // Maps iterate in insertion order: drop the oldest entries beyond the bound.
    for (const oldest of cache.keys()) {
      if (cache.size <= this.maxKeys) break;
      cache.delete(oldest);
    }
    return value;
  }
}
