import { TOKEN_PERMISSIONS, type TokenPermission } from "../../../shared/schemas/accessToken";

const KNOWN: ReadonlySet<string> = new Set(TOKEN_PERMISSIONS);

/** A token's stored permissions (a JSON array); anything unknown is dropped, so a bad row grants less, never more. */
export function parsePermissions(stored: string): TokenPermission[] {
  const value: unknown = JSON.parse(stored);
  return Array.isArray(value) ? value.filter((p): p is TokenPermission => typeof p === "string" && KNOWN.has(p)) : [];
}

/** A token's stored companies (a JSON array of ids), or null for all of its admin's. */
export function parseTeamIds(stored: string | null): number[] | null {
  if (stored === null) return null;
  const value: unknown = JSON.parse(stored);
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : [];
}
