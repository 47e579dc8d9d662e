import type { Compilable, Kysely } from "kysely";
import { dialectOf } from "../../db/dialect";
import { ShapeCache, slot } from "../../db/prepared";
import type { Database } from "../../db/types";

/** The signed-in admin as pages and the layout need them. */
export interface SessionAdmin {
  id: number;
  uid: string;
  username: string;
  firstName: string;
  lastName: string;
  role: "root" | "admin";
  lang: string;
  timezone: string;
}

/** The admin row a session or token names, by internal id or by uid (a placeholder). */
function sessionAdminQuery(db: Kysely<Database>, byId: boolean) {
  const query = db
    .selectFrom("admins")
    .select(["id", "uid", "username", "firstName", "lastName", "role", "lang", "timezone", "status", "tokenVersion"]);
  return byId ? query.where("id", "=", slot<number>("key")) : query.where("uid", "=", slot<string>("key"));
}

const sessionAdminQueries = new ShapeCache<ReturnType<typeof sessionAdminQuery> extends Compilable<infer Row> ? Row : never>();

/**
 * Resolves a session (by internal id) or an API token (by uid) to its admin, or null when it
 * must end: the admin is gone, no longer active, or their token version moved on (blocked,
 * password changed, terminated). One query either way.
 */
export async function findSessionAdmin(
  db: Kysely<Database>,
  key: number | { uid: string },
  tokenVersion: number,
): Promise<SessionAdmin | null> {
  const byId = typeof key === "number";
  // Every authenticated call runs it: compiled once per engine and key (server/db/prepared.ts).
  const compiled = sessionAdminQueries.bind(`${dialectOf(db)}:${byId ? "id" : "uid"}`, () => sessionAdminQuery(db, byId), {
    key: byId ? key : key.uid,
  });
  const row = (await db.executeQuery(compiled)).rows[0];
  if (!row || row.status !== "active" || row.tokenVersion !== tokenVersion) return null;
  return sessionAdminOf(row.id, row);
}

/**
 * The signed-in admin out of any row that selected the admin's columns: sessions, sign-in tokens
 * and access tokens (whose query names the admin's id otherwise) all present the caller alike.
 */
export function sessionAdminOf(id: number, row: Omit<SessionAdmin, "id">): SessionAdmin {
  return {
    id,
    uid: row.uid,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    lang: row.lang,
    timezone: row.timezone,
  };
}
