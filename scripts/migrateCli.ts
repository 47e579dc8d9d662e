/**
 * `npm run migrate -- [--to N] [--dry-run]`: the schema migrations without starting the server,
 * with the same migrator and lock as at start (several processes may run it at once). `--to N`
 * goes up or down to migration N (its number or full name; 0 removes them all), the default is
 * the latest; `--dry-run` prints the plan and changes nothing. Going down runs each migration's
 * down(), which drops what it added: data in those tables or columns is lost.
 */
import { parseArgs } from "node:util";
import { createDatabase } from "../server/db/connection";
import { migrateTo, migrationStatus, type MigrationState } from "../server/db/migrate";
import { installationFromEnv } from "./backupFormat";

const USAGE = "usage: npm run migrate -- [--to <number or name; 0 for none>] [--dry-run]";

/** A bad command line: printed with the usage, exit code 2. */
class UsageError extends Error {
  override name = "UsageError";
}

/** The migration name `--to` means (null: none applied), from this version's list. */
export function resolveTarget(to: string | undefined, names: string[]): string | null {
  if (to === undefined) return names.at(-1) ?? null;
  if (/^0+$/.test(to)) return null;
  const byNumber = /^\d+$/.test(to) ? names.find((name) => Number(name.split("_")[0]) === Number(to)) : undefined;
  const found = byNumber ?? names.find((name) => name === to);
  if (!found) throw new UsageError(`--to ${to} names no migration of this version (${names[0]} … ${names.at(-1)})\n${USAGE}`);
  return found;
}

/** What moving to `target` runs: the migrations to apply (in order) or to revert (newest first). */
export function planMigration(states: MigrationState[], target: string | null): { up: string[]; down: string[] } {
  const cut = target === null ? 0 : states.findIndex((s) => s.name === target) + 1;
  return {
    up: states
      .slice(0, cut)
      .filter((s) => !s.applied)
      .map((s) => s.name),
    down: states
      .slice(cut)
      .filter((s) => s.applied)
      .map((s) => s.name)
      .reverse(),
  };
}

/** Runs `npm run migrate` with its arguments; resolves to the exit code (2: usage). */
export async function runMigrateCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values: { to?: string | undefined; "dry-run"?: boolean | undefined };
  try {
    values = parseArgs({ args: argv, options: { to: { type: "string" }, "dry-run": { type: "boolean" } } }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const site = installationFromEnv(env);
  const database = await createDatabase({ databaseUrl: site.databaseUrl, sqlitePath: site.sqlitePath, poolSize: 1 });
  try {
    const states = await migrationStatus(database.db);
    const target = resolveTarget(
      values.to,
      states.map((s) => s.name),
    );
    const plan = planMigration(states, target);
    const where = site.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `SQLite at ${site.sqlitePath}`;
    const applied = states.filter((s) => s.applied).at(-1)?.name ?? "none";
    console.log(`${where}: at ${applied}; target ${target ?? "none"}.`);
    if (plan.up.length === 0 && plan.down.length === 0) {
      console.log("Nothing to do.");
      return 0;
    }
    for (const name of plan.up) console.log(`  up    ${name}`);
    for (const name of plan.down) console.log(`  down  ${name}  (drops what it added)`);
    if (values["dry-run"]) {
      console.log("Dry run: nothing changed.");
      return 0;
    }
    const ran = await migrateTo(database.db, target);
    console.log(`Done: ${ran.length} migration${ran.length === 1 ? "" : "s"} ${plan.down.length > 0 ? "reverted" : "applied"}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  } finally {
    await database.close();
  }
}
