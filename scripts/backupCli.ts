/**
 * `npm run backup -- --to DIR`: a copy of the installation the environment names that a restore
 * can bring back with every password working. SQLite: `VACUUM INTO` (consistent while the server
 * runs) plus `secrets.json`, whose pepper every password hash needs. PostgreSQL: pg_dump's
 * custom format, which holds the generated secrets too (table installation_secrets). Secrets set
 * in the environment are in neither: the manifest names them, keep them with the backup.
 */
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { findRootDir, SECRET_VARIABLES, secretsFilePath } from "../server/config";
import { createDatabase } from "../server/db/connection";
import { inspectSqliteFile, snapshotSqlite } from "../server/db/backup";
import { migrationStatus } from "../server/db/migrate";
import { BACKUP_FILES, installationFromEnv, OperationError, runPgTool, type Installation, type Manifest } from "./backupFormat";

const USAGE = "usage: npm run backup -- --to <empty or new directory>";

/** This build's version, recorded in the manifest. */
export function bulwarkVersion(rootDir = findRootDir()): string {
  return (JSON.parse(readFileSync(path.join(rootDir, "package.json"), "utf8")) as { version: string }).version;
}

/** The backup directory, created owner-only; refuses one that already holds files. */
function prepareTarget(dir: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new OperationError(`${dir} is not empty: back up into a new directory`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

async function backupSqlite(site: Installation, dir: string): Promise<Pick<Manifest, "database" | "migrations" | "secrets">> {
  if (!existsSync(site.sqlitePath)) throw new OperationError(`No database at ${site.sqlitePath} (BULWARK_DATA_DIR)`);
  const target = path.join(dir, BACKUP_FILES.sqlite);
  const database = await createDatabase({ sqlitePath: site.sqlitePath });
  try {
    await snapshotSqlite(database.db, target);
  } finally {
    await database.close();
  }
  chmodSync(target, 0o600);
  const check = inspectSqliteFile(target);
  if (!check.intact) throw new OperationError(`The copy at ${target} failed SQLite's integrity check`);
  const secretsFile = secretsFilePath(site.dataDir);
  const allFromEnvironment = site.secretsFromEnvironment.length === Object.keys(SECRET_VARIABLES).length;
  const file = existsSync(secretsFile);
  if (file) {
    copyFileSync(secretsFile, path.join(dir, BACKUP_FILES.secrets));
    chmodSync(path.join(dir, BACKUP_FILES.secrets), 0o600);
  } else if (!allFromEnvironment)
    throw new OperationError(`${secretsFile} is missing: without it no password in this database can be checked`);
  return {
    database: BACKUP_FILES.sqlite,
    migrations: check.migrations,
    secrets: { file, inDatabase: false, fromEnvironment: site.secretsFromEnvironment },
  };
}

async function backupPostgres(
  site: Installation & { databaseUrl: string },
  dir: string,
): Promise<Pick<Manifest, "database" | "migrations" | "secrets">> {
  const database = await createDatabase({ databaseUrl: site.databaseUrl, sqlitePath: ":memory:", poolSize: 1 });
  let migrations: string[];
  let stored: string[];
  try {
    migrations = (await migrationStatus(database.db)).filter((m) => m.applied).map((m) => m.name);
    stored = (await database.db.selectFrom("installationSecrets").select("name").execute()).map((r) => r.name);
  } finally {
    await database.close();
  }
  // The README's recipe (Backup): the custom format, restorable into any empty database by any role.
  const file = path.join(dir, BACKUP_FILES.postgres);
  await runPgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], site.databaseUrl);
  chmodSync(file, 0o600);
  return {
    database: BACKUP_FILES.postgres,
    migrations,
    secrets: { file: false, inDatabase: stored.length > 0, fromEnvironment: site.secretsFromEnvironment },
  };
}

/** Writes the backup of `site` into `dir`; returns its manifest. */
export async function backupInstallation(site: Installation, dir: string): Promise<Manifest> {
  prepareTarget(dir);
  const parts = site.databaseUrl ? await backupPostgres({ ...site, databaseUrl: site.databaseUrl }, dir) : await backupSqlite(site, dir);
  const manifest: Manifest = {
    format: 1,
    bulwarkVersion: bulwarkVersion(),
    createdAt: new Date().toISOString(),
    dialect: site.dialect,
    ...parts,
  };
  writeFileSync(path.join(dir, BACKUP_FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Runs `npm run backup` with its arguments; resolves to the exit code (2: usage, 1: refused or failed). */
export async function runBackupCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let to: string | undefined;
  try {
    to = parseArgs({ args: argv, options: { to: { type: "string" } } }).values.to;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (!to) {
    console.error(USAGE);
    return 2;
  }
  const dir = path.resolve(to);
  try {
    const manifest = await backupInstallation(installationFromEnv(env), dir);
    console.log(
      `Backed up the ${manifest.dialect === "sqlite" ? "SQLite" : "PostgreSQL"} database (${manifest.migrations.length} migrations) to ${dir}`,
    );
    if (manifest.secrets.fromEnvironment.length > 0) {
      console.log(
        `Not in the backup, set in the environment: ${manifest.secrets.fromEnvironment.join(", ")}. Keep them with it: without PASSWORD_PEPPER no password works after a restore.`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof OperationError)) throw error;
    console.error(error.message);
    return 1;
  }
}
