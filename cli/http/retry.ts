/**
 * When the CLI tries a request again and how long it waits: only reads (GET) and writes carrying
 * an Idempotency-Key (the server then applies them once whatever the number of attempts), only
 * after a passing failure (refused, reset, timed out, 429, 503), with exponential backoff and
 * full jitter, honouring Retry-After up to a cap.
 */

/** The longest Retry-After the CLI waits for; a longer one ends the run with exit 12 at once. */
export const MAX_RETRY_AFTER_S = 60;
/** The first backoff step; attempt n waits a random time in [0, BASE · 2^(n-1)). */
export const BACKOFF_BASE_MS = 250;
/** The longest backoff step. */
export const BACKOFF_MAX_MS = 8_000;

/** Statuses worth another attempt: the server says "not now". */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Whether a request of this method and headers may be sent again. */
export function mayRetry(method: string, headers: Headers): boolean {
  return method === "GET" || method === "HEAD" || headers.has("idempotency-key");
}

/** The full-jitter backoff before attempt `next` (2 for the first retry). `random` is injectable for tests. */
export function backoffMs(next: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, next - 2));
  return Math.round(random() * ceiling);
}

/** The wait before the next attempt: Retry-After when given (capped by the caller), else the backoff. */
export function waitMs(next: number, retryAfterS: number | undefined, random?: () => number): number {
  if (retryAfterS !== undefined) return retryAfterS * 1000;
  return backoffMs(next, random);
}

/** Seconds shown to a person: at least 1 when there is any wait, one decimal under 10 s. */
export function shownSeconds(ms: number): string {
  const s = ms / 1000;
  if (s >= 10) return String(Math.round(s));
  return String(Math.max(0.1, Math.round(s * 10) / 10));
}
