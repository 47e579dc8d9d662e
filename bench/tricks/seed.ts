/**
 * Seeds a SQLite data directory for the speed-trick bench (bench/tricks/run.ts), so several runs
 * can reuse one seed: `tsx bench/tricks/seed.ts <dir> [users]` (default 100,000 users, 50 teams).
 */
import { mkdirSync } from "node:fs";
import { sql } from "kysely";
import { loadConfig } from "../../server/config";
import { createDatabase } from "../../server/db/connection";
import { migrateToLatest } from "../../server/db/migrate";
import { resolveInstallationSecrets } from "../../server/lib/secrets";
import { seedDatabase } from "../../server/services/seed";
import { ROOT_DIR } from "../../tests/support/server";

const [dir, users = "100000"] = process.argv.slice(2);
if (!dir) throw new Error("usage: tsx bench/tricks/seed.ts <data dir> [users]");
mkdirSync(dir, { recursive: true });
const loaded = loadConfig({ NODE_ENV: "production", BULWARK_DATA_DIR: dir, LOG_LEVEL: "silent", CAPTCHA: "off" }, ROOT_DIR);
const database = await createDatabase({ databaseUrl: loaded.databaseUrl, sqlitePath: loaded.sqlitePath });
await migrateToLatest(database.db);
await resolveInstallationSecrets(database.db, loaded);
const seeded = await seedDatabase(database.db, { users: Number(users), teams: 50 });
await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
await database.close();
console.log(`Seeded ${seeded.users} users in ${(seeded.milliseconds / 1000).toFixed(1)} s`);
