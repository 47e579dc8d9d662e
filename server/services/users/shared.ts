/**
 * What the user services share: finding a user within the caller's scope (DESIGN §5: an
 * out-of-scope user is as invisible as an unknown one), alias normalization and the
 * username/alias uniqueness check.
 */
import type { Kysely } from "kysely";
import type { CatalogueCode } from "../../../shared/errors";
import { V } from "../../../shared/schemas/messages";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { teamInScope, type Scope } from "../access";
import { isoUtc } from "../../lib/isoTime";

/** The columns of a user every service reads, plus its team's public fields. */
export interface ScopedUser {
  id: number;
  uid: string;
  username: string;
  firstName: string;
  teamId: number;
  teamSlug: string;
  teamLanguage: string;
}

/**
 * Loads a user by uid when it exists and its team is in the scope; otherwise throws `code`
 * (404), so an admin cannot tell another team's user from a missing one.
 */
export async function findScopedUser(db: Kysely<Database>, scope: Scope, uid: string, code: CatalogueCode): Promise<ScopedUser> {
  const row = await db
    .selectFrom("users")
    .innerJoin("teams", "teams.id", "users.teamId")
    .select([
      "users.id",
      "users.uid",
      "users.username",
      "users.firstName",
      "users.teamId",
      "teams.slug as teamSlug",
      "teams.language as teamLanguage",
    ])
    .where("users.uid", "=", uid)
    .executeTakeFirst();
  if (!row || !teamInScope(scope, row.teamId)) throw new AppError(code, 404);
  return row;
}

/**
 * Aliases as stored: lowercase (like usernames), duplicates after lowercasing dropped, and the
 * user's own username dropped (an alias equal to it adds nothing).
 */
export function normalizeAliases(aliases: readonly string[] | undefined, username: string): string[] {
  const out = new Set<string>();
  for (const alias of aliases ?? []) {
    const value = alias.trim().toLowerCase();
    if (value && value !== username) out.add(value);
  }
  return [...out];
}

/**
 * Which of `names` are already taken as another user's username or alias (usernames and aliases
 * share one namespace: either reaches a user). `exceptUserId` skips the user being edited.
 */
export async function takenNames(db: Kysely<Database>, names: readonly string[], exceptUserId?: number): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  let users = db.selectFrom("users").select("username as name").where("username", "in", names);
  let aliases = db.selectFrom("userAliases").select("alias as name").where("alias", "in", names);
  if (exceptUserId !== undefined) {
    users = users.where("id", "!=", exceptUserId);
    aliases = aliases.where("userId", "!=", exceptUserId);
  }
  const rows = await users.union(aliases).execute();
  return new Set(rows.map((r) => r.name));
}

/** The 409 of a create or edit whose username or aliases are taken, naming the fields. */
export function nameConflict(
  code: CatalogueCode,
  taken: ReadonlySet<string>,
  username: string | null,
  aliases: readonly string[],
): AppError {
  const details = [
    ...(username !== null && taken.has(username) ? [{ path: ["username"], message: V.duplicate }] : []),
    ...aliases.flatMap((alias, index) => (taken.has(alias) ? [{ path: ["aliases", index], message: V.duplicate }] : [])),
  ];
  return new AppError(code, 409, details);
}

/** Replaces a user's aliases with `aliases` (already normalized) in two statements. */
export async function replaceAliases(db: Kysely<Database>, userId: number, aliases: readonly string[]): Promise<void> {
  await db.deleteFrom("userAliases").where("userId", "=", userId).execute();
  if (aliases.length)
    await db
      .insertInto("userAliases")
      .values(aliases.map((alias) => ({ userId, alias })))
      .execute();
}

/** Epoch milliseconds as an ISO 8601 UTC string (null stays null). */
export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : isoUtc(ms);
}
