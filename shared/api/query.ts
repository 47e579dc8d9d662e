/** A value a list or export call can put in its query string. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The query string of a list or export call: parameters that are undefined, null or empty are left
 * out, so an unset filter never reaches the server as `?team=`. Empty when nothing is left.
 */
export function listQueryString<P extends { [K in keyof P]: QueryValue }>(params: P): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries<QueryValue>(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  }
  const out = query.toString();
  return out ? `?${out}` : "";
}
