/**
 * Bulk loads (the demo seed at a million users, issue #28): rows written in one transaction with
 * the tables' secondary indexes and triggers set aside, each index built once at the end from the
 * loaded rows (a sorted build instead of a million random insertions into each of ~25 indexes).
 * SQLite: multi-row INSERTs of one fixed shape, so the connection's statement cache prepares each
 * once. PostgreSQL: `COPY … FROM STDIN` (pg-copy-streams) on a connection of its own. DDL is
 * transactional on both engines, so a failed load rolls the schema back with the rows.
 * What the set-aside triggers would have written is the caller's to fill (the seed sets
 * `device_count` and `version_key` in its rows and recounts the team counters afterwards);
 * the writer's `fillUserSearch` fills SQLite's search table.
 */
import { CompiledQuery, sql, type Kysely } from "kysely";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { dialectOf } from "./dialect";
import type { Database } from "./types";

/** Writes rows of one table: `columns` are SQL names, each row's values in that order. */
export interface BulkWriter {
  insert(table: string, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void>;
  /**
   * SQLite's search table (migration 0005, an FTS5 trigram table its triggers fill) for the users
   * above `afterUserId`, as the set-aside triggers would have filled it: one statement.
   * PostgreSQL searches trigram indexes on the users columns (rebuilt by the load): nothing to do.
   */
  fillUserSearch(afterUserId: number): Promise<void>;
}

/** The URL of each PostgreSQL database opened by connection.ts: the load opens its own client (COPY). */
const urls = new WeakMap<object, string>();

/** Called by connection.ts when it opens a PostgreSQL database. */
export function registerPostgresUrl(db: Kysely<Database>, url: string): void {
  urls.set(db, url);
}

/** Bound variables per SQLite statement stay under its 32,766 limit. */
const SQLITE_MAX_VARIABLES = 30_000;

function sqliteInsertSql(table: string, columns: readonly string[], rows: number): string {
  const tuple = `(${columns.map(() => "?").join(",")})`;
  return `insert into "${table}" (${columns.map((c) => `"${c}"`).join(",")}) values ${Array.from({ length: rows }, () => tuple).join(",")}`;
}

/** COPY's text format: tab-separated, `\N` for NULL, backslash escapes. */
function copyText(rows: readonly (readonly unknown[])[]): string {
  let out = "";
  for (const row of rows) {
    out += row
      .map((value) =>
        value === null || value === undefined
          ? "\\N"
          : typeof value === "string"
            ? value.replace(/[\\\t\n\r]/g, (c) => (c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r"))
            : typeof value === "number" || typeof value === "bigint" || typeof value === "boolean"
              ? String(value)
              : JSON.stringify(value),
      )
      .join("\t");
    out += "\n";
  }
  return out;
}

interface SetAside {
  /** Statements that put the indexes and triggers back, in order. */
  restore: string[];
}

async function setAsideSqlite(db: Kysely<Database>, tables: readonly string[]): Promise<SetAside> {
  const found = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where type in ('index', 'trigger') and sql is not null and tbl_name in (${sql.join([...tables])})
    order by type, name`.execute(db);
  for (const item of found.rows) await sql`drop ${sql.raw(item.type)} ${sql.id(item.name)}`.execute(db);
  // Indexes first (triggers may rely on them), then triggers.
  return { restore: found.rows.map((item) => item.sql) };
}

async function setAsidePostgres(client: pg.Client, tables: readonly string[]): Promise<SetAside> {
  // Indexes that back no constraint (primary keys and unique constraints stay).
  const found = await client.query<{ name: string; definition: string }>(
    `select quote_ident(ns.nspname) || '.' || quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace ns on ns.oid = c.relnamespace
     where i.indrelid = any (select to_regclass(t)::oid from unnest($1::text[]) t)
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const index of found.rows) await client.query(`drop index ${index.name}`);
  for (const table of tables) await client.query(`alter table "${table}" disable trigger user`);
  return {
    restore: [
      ...found.rows.map((index) => index.definition),
      ...tables.map((table) => `alter table "${table}" enable trigger user`),
      // Rows given explicit ids leave an identity's sequence behind: move it past them.
      ...tables.map(
        (table) =>
          `select setval(s, (select max(id) from "${table}")) from pg_get_serial_sequence('"${table}"', 'id') s where s is not null`,
      ),
    ],
  };
}

/**
 * Runs `work` with a writer into `tables`, all in one transaction, their secondary indexes and
 * triggers set aside during the load and put back (indexes rebuilt) before the commit.
 */
export async function bulkLoad(
  db: Kysely<Database>,
  tables: readonly string[],
  work: (writer: BulkWriter) => Promise<void>,
): Promise<void> {
  if (dialectOf(db) === "postgres") {
    const url = urls.get(db);
    if (!url) throw new Error("bulkLoad needs a database opened by createDatabase");
    // Its own connection, without the pool's statement limit; the pool's are left to the server.
    const client = new pg.Client({ connectionString: url, application_name: "bulwark bulk load" });
    await client.connect();
    try {
      await client.query("begin");
      // Index builds sort in memory up to this much (the default 64 MB spills 1 M users to disk).
      await client.query("set local maintenance_work_mem = '256MB'");
      const aside = await setAsidePostgres(client, tables);
      await work({
        async insert(table, columns, rows) {
          if (rows.length === 0) return;
          const stream = client.query(copyFrom(`copy "${table}" (${columns.map((c) => `"${c}"`).join(",")}) from stdin`));
          await pipeline(Readable.from([copyText(rows)]), stream);
        },
        fillUserSearch: () => Promise.resolve(),
      });
      for (const statement of aside.restore) await client.query(statement);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
    return;
  }
  await db.transaction().execute(async (trx) => {
    const aside = await setAsideSqlite(trx, tables);
    await work({
      async insert(table, columns, rows) {
        const perStatement = Math.max(1, Math.floor(SQLITE_MAX_VARIABLES / columns.length));
        for (let start = 0; start < rows.length; start += perStatement) {
          const part = rows.slice(start, start + perStatement);
          await trx.executeQuery(CompiledQuery.raw(sqliteInsertSql(table, columns, part.length), part.flat()));
        }
      },
      async fillUserSearch(afterUserId) {
        // Aliases grouped once (their user_id index is set aside until the commit).
        await sql`insert into user_search (rowid, name, username, aliases)
          select u.id, lower(u.first_name || ' ' || u.last_name), lower(u.username), coalesce(a.aliases, '')
          from users u left join (select user_id, group_concat(lower(alias), char(10)) as aliases from user_aliases
            where user_id > ${afterUserId} group by user_id) a on a.user_id = u.id
          where u.id > ${afterUserId}`.execute(trx);
      },
    });
    for (const statement of aside.restore) await sql.raw(statement).execute(trx);
  });
}
