/**
 * What `npm run backup` writes and `npm run restore` reads: the installation the environment
 * names (without loadConfig, which would generate a secrets.json into the data dir it is asked
 * about), the backup directory's manifest, and pg_dump/pg_restore invocations that keep the
 * password out of the process list.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { z } from "zod";
import { findRootDir, SECRET_VARIABLES } from "../server/config";

/** The backup directory's file names. */
export const BACKUP_FILES = {
  manifest: "manifest.json",
  sqlite: "bulwark.db",
  postgres: "bulwark.pgdump",
  secrets: "secrets.json",
} as const;

/** The database and data dir the environment names, as the server would read them. */
export interface Installation {
  dialect: "sqlite" | "postgres";
  databaseUrl: string | undefined;
  dataDir: string;
  sqlitePath: string;
  /** The secret variables the environment sets (those are in no backup: keep them with it). */
  secretsFromEnvironment: string[];
}

/** Reads DATABASE_URL, BULWARK_DATA_DIR and which secrets the environment sets. */
export function installationFromEnv(env: NodeJS.ProcessEnv, rootDir = findRootDir()): Installation {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(rootDir, env.BULWARK_DATA_DIR?.trim() || "./data");
  const secretsFromEnvironment = Object.values(SECRET_VARIABLES).filter((name) => Boolean(env[name]?.trim()));
  return {
    dialect: databaseUrl ? "postgres" : "sqlite",
    databaseUrl,
    dataDir,
    sqlitePath: path.join(dataDir, "bulwark.db"),
    secretsFromEnvironment,
  };
}

/** manifest.json: what the backup holds, so a restore can refuse what it cannot use. */
export const ManifestSchema = z.object({
  format: z.literal(1),
  bulwarkVersion: z.string(),
  createdAt: z.string(),
  dialect: z.enum(["sqlite", "postgres"]),
  database: z.string(),
  migrations: z.array(z.string()),
  /** Where each generated secret is in the backup: secrets.json (SQLite) or the database itself (PostgreSQL). */
  secrets: z.object({ file: z.boolean(), inDatabase: z.boolean(), fromEnvironment: z.array(z.string()) }),
});

/** The parsed manifest. */
export type Manifest = z.infer<typeof ManifestSchema>;

/** A failure the operator can act on: printed without a stack, exit code 1. */
export class OperationError extends Error {
  override name = "OperationError";
}

/** A libpq environment for `url` with the password in PGPASSWORD, and the URL without it. */
function libpq(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL client tool (pg_dump, pg_restore) against `databaseUrl`; rejects with its stderr. */
export async function runPgTool(tool: "pg_dump" | "pg_restore", args: string[], databaseUrl: string): Promise<void> {
  const { url, env } = libpq(databaseUrl);
  const child = spawn(tool, [...args, `--dbname=${url}`], { env, stdio: ["ignore", "inherit", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", (error) =>
      reject(new OperationError(`${tool} could not run (${error.message}); install the PostgreSQL client tools`)),
    );
    child.once("exit", resolve);
  });
  if (code !== 0) throw new OperationError(`${tool} failed (exit ${code}):\n${stderr.trim()}`);
}
