/** Applies the schema migrations (migrations/index.ts); run at every server start (DESIGN §1). */
import { Migrator, NO_MIGRATIONS } from "kysely";
import type { Kysely, MigrationResult, MigrationResultSet } from "kysely";
import { migrations } from "./migrations";

function migratorFor<DB>(db: Kysely<DB>): Migrator {
  // Several server processes may start at once: Kysely takes a lock (an advisory lock on
  // PostgreSQL) and each migration runs in a transaction, so a failed one leaves no trace.
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve({ ...migrations }) } });
}

function check(action: string, { error, results }: MigrationResultSet): MigrationResult[] {
  if (error === undefined) return results ?? [];
  const failed = results?.find((r) => r.status === "Error")?.migrationName;
  const reason = error instanceof Error ? error.message : JSON.stringify(error);
  throw new Error(`Database ${action} failed${failed ? ` in migration ${failed}` : ""}: ${reason}`, {
    cause: error,
  });
}

/**
 * Brings the schema to the latest migration; a no-op when it is already there.
 * Throws an Error naming the failed migration; returns the names of the applied ones.
 */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const results = check("migration", await migratorFor(db).migrateToLatest());
  return results.map((r) => r.migrationName);
}

/**
 * Reverts migrations, down to (and keeping) `target`, or all of them when omitted.
 * For tests and emergency rollbacks; returns the names of the reverted migrations.
 */
export async function migrateDown<DB>(db: Kysely<DB>, target?: string): Promise<string[]> {
  const results = check("rollback", await migratorFor(db).migrateTo(target ?? NO_MIGRATIONS));
  return results.map((r) => r.migrationName);
}

/** One migration as `npm run migrate` shows it: its name and whether this database has it applied. */
export interface MigrationState {
  name: string;
  applied: boolean;
}

/** Every migration this version knows, in order, with whether it is applied (for `npm run migrate` and backups). */
export async function migrationStatus<DB>(db: Kysely<DB>): Promise<MigrationState[]> {
  const infos = await migratorFor(db).getMigrations();
  return infos.map((info) => ({ name: info.name, applied: info.executedAt !== undefined }));
}

/**
 * Moves the schema to `target` (up or down), or removes every migration when it is null.
 * The same migrator and lock as at start (`npm run migrate`); returns what ran, in order.
 */
export async function migrateTo<DB>(db: Kysely<DB>, target: string | null): Promise<MigrationResult[]> {
  return check("migration", await migratorFor(db).migrateTo(target ?? NO_MIGRATIONS));
}
