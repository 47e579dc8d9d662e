/** A same-origin path to return to after sign-in; anything else (other hosts, schemes) is dropped. */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (value.length > 2000 || /[\u0000-\u001f]/.test(value)) return null;
  if (value.startsWith("/signin") || value.startsWith("/signout")) return null;
  return value;
}
