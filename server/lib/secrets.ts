/**
 * The shared secrets of a PostgreSQL installation (DESIGN §2: with DATABASE_URL, secrets are
 * "kept where every process of the installation reads the same ones, so N processes behave as
 * one"). Secrets given in the environment win and are never stored; each missing one is
 * inserted once into `installation_secrets` (insert-if-absent, under the bootstrap lock) by the
 * first process to start, and read back by every process. An installation that ran with a
 * `secrets.json` in its data dir before adopts that file's values on its first start here, so
 * existing password hashes and tokens keep working. Trade-off (docs/DECISIONS.md): a pepper
 * kept beside the hashes does not protect them from a leak of the whole database; production
 * installations should set PASSWORD_PEPPER (and JWT_SECRET) in the environment.
 */
import { existsSync, readFileSync } from "node:fs";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { ConfigError, generateSecret, SECRET_VARIABLES, SecretsFileSchema, secretsFilePath, type Config, type Secrets } from "../config";
import { takeInstallationLock } from "../db/locks";
import { runTransaction } from "../db/transaction";
import type { Database } from "../db/types";

/** What start-up learnt about the secrets, for its log line. */
export interface ResolvedSecrets {
  config: Config;
  /** Environment variable names of the secrets read from the database. */
  fromDatabase: string[];
  /** Of those, the ones this process inserted (first start of the installation). */
  createdHere: string[];
  /** Whether the values inserted came from a secrets.json left by an earlier version. */
  adoptedFile: boolean;
}

/** The data dir's secrets.json, when it exists and is valid; its values seed the database once. */
function legacyFile(dataDir: string): Secrets | null {
  const file = secretsFilePath(dataDir);
  if (!existsSync(file)) return null;
  const parsed = SecretsFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new ConfigError(`${file} is damaged: remove it or set the secrets in the environment`);
  return parsed.data;
}

/**
 * Returns the config with every secret filled in: as it is for a SQLite installation (the data
 * dir's file) or when the environment gives all three; otherwise from the database, inserting
 * the missing ones first. Run after the migrations, before anything signs or hashes.
 */
export async function resolveInstallationSecrets(db: Kysely<Database>, config: Config, now = Date.now()): Promise<ResolvedSecrets> {
  const keys = (Object.keys(SECRET_VARIABLES) as (keyof Secrets)[]).filter((key) => config.givenSecrets[key] === undefined);
  if (config.secretStore !== "database" || keys.length === 0) return { config, fromDatabase: [], createdHere: [], adoptedFile: false };
  const file = legacyFile(config.dataDir);
  const candidates = keys.map((key) => ({ name: SECRET_VARIABLES[key], value: file?.[key] ?? generateSecret(), createdAt: now }));
  const stored = await runTransaction(db, async (trx) => {
    await takeInstallationLock(trx, "bootstrap");
    await trx
      .insertInto("installationSecrets")
      .values(candidates)
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    return trx
      .selectFrom("installationSecrets")
      .select(["name", "value"])
      .where(
        "name",
        "in",
        candidates.map((c) => c.name),
      )
      .execute();
  });
  const byName = new Map(stored.map((row) => [row.name, row.value]));
  const secrets = { ...config.givenSecrets } as Secrets;
  for (const key of keys) {
    const value = byName.get(SECRET_VARIABLES[key]);
    if (!value || value.length < 32)
      throw new ConfigError(
        `The database's ${SECRET_VARIABLES[key]} is missing or too short: set ${SECRET_VARIABLES[key]} in the environment`,
      );
    secrets[key] = value;
  }
  const createdHere = candidates.filter((c) => byName.get(c.name) === c.value).map((c) => c.name);
  return {
    config: { ...config, secrets },
    fromDatabase: candidates.map((c) => c.name),
    createdHere,
    adoptedFile: file !== null && createdHere.length > 0,
  };
}

/**
 * Says at start-up which secrets live in the database (never their values), and warns when the
 * pepper does: it then sits beside the hashes it is meant to protect.
 */
export function logSecretsSource(logger: Logger, resolved: Omit<ResolvedSecrets, "config">): void {
  if (resolved.fromDatabase.length === 0) return;
  logger.info(
    { secrets: resolved.fromDatabase, createdNow: resolved.createdHere, adoptedSecretsFile: resolved.adoptedFile },
    "secrets not set in the environment are shared through the database (table installation_secrets)",
  );
  if (resolved.fromDatabase.includes(SECRET_VARIABLES.passwordPepper)) {
    logger.warn(
      "PASSWORD_PEPPER is kept in the database beside the password hashes; set it in the environment so a copy of the database alone cannot be attacked offline without it",
    );
  }
}
