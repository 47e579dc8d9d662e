/** A same-origin path to return to after sign-in; anything else (other hosts, schemes) is dropped. */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  if (value.length > 2000 || hasControlCharacter(value)) return null;
  if (value.startsWith("/signin") || value.startsWith("/signout")) return null;
  return value;
}

/** Whether the text holds a C0 control character (U+0000–U+001F), which no path of ours contains. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return true;
  return false;
}
