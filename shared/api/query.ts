/**
 * The query string of a list or export call: parameters that are undefined, null or empty are left
 * out, so an unset filter never reaches the server as `?team=`. Empty when nothing is left.
 */
export function listQueryString(params: object): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as [string, unknown][]) {
    if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  }
  const out = query.toString();
  return out ? `?${out}` : "";
}
