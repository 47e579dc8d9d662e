/**
 * Migration 0005: trigram indexes for the users list's substring search (`GET /v2/users?search=`
 * matches "first last", the username or any alias; docs/DECISIONS.md, "List throughput").
 * - SQLite: an FTS5 table `user_search` with the trigram tokenizer, one row per user (rowid =
 *   users.id) holding "first last", the username and the user's aliases (one per line), each
 *   through SQLite's `lower()`, which folds ASCII letters only, into a case-sensitive index: a
 *   phrase match of the lowered term is then exactly SQLite's LIKE '%term%' (which also folds
 *   ASCII only), never more. Triggers on users and user_aliases keep it in step with every
 *   write, whoever makes it; existing users are copied in here.
 * - PostgreSQL: the pg_trgm extension (trusted: the database owner may create it) and GIN
 *   trigram indexes on exactly the expressions the search compares with ILIKE.
 * Everything is created "if not exists", so a re-run finds nothing to do.
 */
import { sql } from "kysely";
import type { Kysely, Migration } from "kysely";
import { dialectOf } from "../dialect";

/** "first last", as the search compares it (server/services/userList.ts). */
const FULL_NAME = (prefix: string) => `${prefix}first_name || ' ' || ${prefix}last_name`;

/** SQLite: "first last", lowered (ASCII letters only). */
const LOWER_NAME = (prefix: string) => `lower(${FULL_NAME(prefix)})`;

/** SQLite: a user's aliases, lowered, one per line (a term with a line feed never uses the index). */
const ALIASES_OF = (userId: string) =>
  `coalesce((select group_concat(lower(alias), char(10)) from user_aliases where user_id = ${userId}), '')`;

/** Triggers that keep user_search equal to the users and their aliases: name → body. */
const SQLITE_TRIGGERS: Record<string, ReturnType<typeof sql.raw>> = {
  // A new user has no aliases yet: they reference it, so they are inserted after it.
  user_search_user_insert: sql.raw(
    `after insert on users begin insert into user_search (rowid, name, username, aliases) values (new.id, ${LOWER_NAME("new.")}, lower(new.username), ''); end`,
  ),
  user_search_user_update: sql.raw(
    `after update of first_name, last_name, username on users begin update user_search set name = ${LOWER_NAME("new.")}, username = lower(new.username) where rowid = new.id; end`,
  ),
  user_search_user_delete: sql.raw(`after delete on users begin delete from user_search where rowid = old.id; end`),
  user_search_alias_insert: sql.raw(
    `after insert on user_aliases begin update user_search set aliases = ${ALIASES_OF("new.user_id")} where rowid = new.user_id; end`,
  ),
  user_search_alias_update: sql.raw(
    `after update of alias, user_id on user_aliases begin ` +
      `update user_search set aliases = ${ALIASES_OF("old.user_id")} where rowid = old.user_id; ` +
      `update user_search set aliases = ${ALIASES_OF("new.user_id")} where rowid = new.user_id; end`,
  ),
  user_search_alias_delete: sql.raw(
    `after delete on user_aliases begin update user_search set aliases = ${ALIASES_OF("old.user_id")} where rowid = old.user_id; end`,
  ),
};

/** PostgreSQL GIN trigram indexes: name → `table (expression)`. */
const POSTGRES_INDEXES: Record<string, string> = {
  users_full_name_trgm_idx: `users using gin ((${FULL_NAME("")}) gin_trgm_ops)`,
  users_username_trgm_idx: "users using gin (username gin_trgm_ops)",
  user_aliases_alias_trgm_idx: "user_aliases using gin (alias gin_trgm_ops)",
};

/** Creates the search indexes (and, on SQLite, fills user_search); `down` removes them. */
export const userSearchMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === "postgres") {
      await sql`create extension if not exists pg_trgm`.execute(db);
      for (const [name, target] of Object.entries(POSTGRES_INDEXES)) {
        await sql`create index if not exists ${sql.id(name)} on ${sql.raw(target)}`.execute(db);
      }
      return;
    }
    const exists = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'user_search'`.execute(db);
    if (Number(exists.rows[0]?.n ?? 0) === 0) {
      // Case-sensitive: the tokenizer's own folding covers every letter, LIKE's ASCII only.
      await sql`create virtual table user_search using fts5(name, username, aliases, tokenize = 'trigram case_sensitive 1')`.execute(db);
      await sql`insert into user_search (rowid, name, username, aliases) select id, ${sql.raw(LOWER_NAME(""))}, lower(username), ${sql.raw(ALIASES_OF("users.id"))} from users`.execute(
        db,
      );
    }
    for (const [name, body] of Object.entries(SQLITE_TRIGGERS)) {
      await sql`create trigger if not exists ${sql.id(name)} ${body}`.execute(db);
    }
  },
  async down(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === "postgres") {
      // The extension stays: other databases' objects, or a DBA's, may use it.
      for (const name of Object.keys(POSTGRES_INDEXES)) await sql`drop index if exists ${sql.id(name)}`.execute(db);
      return;
    }
    for (const name of Object.keys(SQLITE_TRIGGERS)) await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    await sql`drop table if exists user_search`.execute(db);
  },
};
