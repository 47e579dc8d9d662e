import type { Kysely } from "kysely";
import type { Database } from "../db/types";

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
  const query = db
    .selectFrom("admins")
    .select(["id", "uid", "username", "firstName", "lastName", "role", "lang", "timezone", "status", "tokenVersion"]);
  const row = await (typeof key === "number" ? query.where("id", "=", key) : query.where("uid", "=", key.uid)).executeTakeFirst();
  if (!row || row.status !== "active" || row.tokenVersion !== tokenVersion) return null;
  return {
    id: row.id,
    uid: row.uid,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    lang: row.lang,
    timezone: row.timezone,
  };
}
