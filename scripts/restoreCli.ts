/**
 * `npm run restore -- --from DIR [--force]`: brings a backup made by `npm run backup` back into
 * the installation the environment names (BULWARK_DATA_DIR, or DATABASE_URL's database, which
 * must be empty). Stop the server first. Refuses a backup that is damaged, of the other engine,
 * made by a newer version (migrations this one does not know), or missing the secrets file its
 * passwords need. The server's next start applies any newer migrations.
 */
import { chmodSync, copyFileSync, existsSync, readFileSync, renameSync, rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { secretsFilePath } from "../server/config";
import { createDatabase } from "../server/db/connection";
import { inspectSqliteFile, isEmptyDatabase } from "../server/db/backup";
import { migrations as known } from "../server/db/migrations";
import {
  BACKUP_FILES,
  installationFromEnv,
  ManifestSchema,
  OperationError,
  runPgTool,
  type Installation,
  type Manifest,
} from "./backupFormat";

const USAGE = "usage: npm run restore -- --from <backup directory> [--force]";

/** Reads and checks the backup's manifest against this version and the target installation. */
export function readManifest(dir: string, site: Installation): Manifest {
  const file = path.join(dir, BACKUP_FILES.manifest);
  if (!existsSync(file)) throw new OperationError(`${file} is missing: not a Bulwark backup`);
  const parsed = ManifestSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new OperationError(`${file} is not a manifest this version can read`);
  const manifest = parsed.data;
  if (manifest.dialect !== site.dialect) {
    throw new OperationError(
      `This is a ${manifest.dialect} backup and the target is ${site.dialect} (DATABASE_URL decides): restore into the same engine`,
    );
  }
  const unknown = manifest.migrations.filter((name) => !(name in known));
  if (unknown.length > 0) {
    throw new OperationError(
      `The backup was made by a newer version (${manifest.bulwarkVersion}; unknown migrations ${unknown.join(", ")}): restore it with that version`,
    );
  }
  const missing = manifest.secrets.fromEnvironment.filter((name) => !site.secretsFromEnvironment.includes(name));
  if (missing.length > 0)
    console.warn(`The backup's installation set ${missing.join(", ")} in the environment; set the same values here before starting.`);
  return manifest;
}

function restoreSqlite(dir: string, site: Installation, manifest: Manifest, force: boolean): void {
  const source = path.join(dir, manifest.database);
  if (!existsSync(source)) throw new OperationError(`${source} is missing`);
  const secretsSource = path.join(dir, BACKUP_FILES.secrets);
  if (manifest.secrets.file && !existsSync(secretsSource)) {
    throw new OperationError(`${secretsSource} is missing: without it no password in this backup can be checked`);
  }
  const check = inspectSqliteFile(source);
  if (!check.intact) throw new OperationError(`${source} failed SQLite's integrity check`);
  const secretsTarget = secretsFilePath(site.dataDir);
  if (!force && (existsSync(site.sqlitePath) || (manifest.secrets.file && existsSync(secretsTarget)))) {
    throw new OperationError(
      `${site.dataDir} already holds an installation: restore into a new BULWARK_DATA_DIR, or stop its server and add --force to replace it`,
    );
  }
  mkdirSync(site.dataDir, { recursive: true, mode: 0o700 });
  // Copied beside the target, then renamed over it: a crash leaves the old database or the new one.
  const staging = `${site.sqlitePath}.restoring`;
  copyFileSync(source, staging);
  chmodSync(staging, 0o600);
  for (const companion of [`${site.sqlitePath}-wal`, `${site.sqlitePath}-shm`]) rmSync(companion, { force: true });
  renameSync(staging, site.sqlitePath);
  if (manifest.secrets.file) {
    copyFileSync(secretsSource, secretsTarget);
    chmodSync(secretsTarget, 0o600);
  }
}

async function restorePostgres(dir: string, databaseUrl: string, manifest: Manifest): Promise<void> {
  const source = path.join(dir, manifest.database);
  if (!existsSync(source)) throw new OperationError(`${source} is missing`);
  const database = await createDatabase({ databaseUrl, sqlitePath: ":memory:", poolSize: 1 });
  try {
    if (!(await isEmptyDatabase(database.db))) {
      throw new OperationError("The database DATABASE_URL names is not empty: create a new one (createdb) and restore into it");
    }
  } finally {
    await database.close();
  }
  await runPgTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", source], databaseUrl);
}

/** Restores the backup in `dir` into `site`; returns its manifest. */
export async function restoreInstallation(dir: string, site: Installation, force = false): Promise<Manifest> {
  const manifest = readManifest(dir, site);
  if (site.databaseUrl) await restorePostgres(dir, site.databaseUrl, manifest);
  else restoreSqlite(dir, site, manifest, force);
  return manifest;
}

/** Runs `npm run restore` with its arguments; resolves to the exit code (2: usage, 1: refused or failed). */
export async function runRestoreCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values: { from?: string | undefined; force?: boolean | undefined };
  try {
    values = parseArgs({ args: argv, options: { from: { type: "string" }, force: { type: "boolean" } } }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (!values.from) {
    console.error(USAGE);
    return 2;
  }
  const site = installationFromEnv(env);
  try {
    const manifest = await restoreInstallation(path.resolve(values.from), site, values.force ?? false);
    const where = site.databaseUrl ? "the database DATABASE_URL names" : site.dataDir;
    console.log(
      `Restored the backup of ${manifest.createdAt} (version ${manifest.bulwarkVersion}) into ${where}. Start the server: it applies newer migrations.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof OperationError)) throw error;
    console.error(error.message);
    return 1;
  }
}
