/**
 * `npm run seed -- --users 100000 [--teams 50] [--database-url postgres://…] [--append]`: fills
 * the database the server is configured with (BULWARK_DATA_DIR / DATABASE_URL, read by
 * loadConfig) after running the migrations, and prints what it inserted and the time taken.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../../server/config";
import { createDatabase } from "../../server/db/connection";
import { migrateToLatest } from "../../server/db/migrate";
import { seedDatabase, SeedRefusedError } from "../../server/services/seed";

const USAGE = "usage: npm run seed -- --users <n> [--teams <n>] [--database-url <postgres://…>] [--append]";

/** A bad command line: printed with the usage, exit code 2. */
class UsageError extends Error {
  override name = "UsageError";
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer (got ${value})\n${USAGE}`);
  return n;
}

/** The parsed command line. */
interface SeedArgs {
  users: number;
  teams: number;
  databaseUrl: string | undefined;
  append: boolean;
  help: boolean;
}

/** Parses the command line; throws UsageError on unknown options or bad numbers. */
function parseSeedArgs(argv: string[]): SeedArgs {
  const parse = () =>
    parseArgs({
      args: argv,
      options: {
        users: { type: "string" },
        teams: { type: "string" },
        "database-url": { type: "string" },
        append: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse().values;
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  return {
    users: positiveInt("users", values.users, 1000),
    teams: positiveInt("teams", values.teams, 50),
    databaseUrl: values["database-url"],
    append: values.append,
    help: values.help,
  };
}

/** Runs the seed command with its arguments; resolves to the exit code (2: usage, 1: refused). */
export async function runSeedCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let args: SeedArgs;
  try {
    args = parseSeedArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const { users, teams } = args;
  const config = loadConfig({ ...env, ...(args.databaseUrl ? { DATABASE_URL: args.databaseUrl } : {}) });
  const database = await createDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });
  try {
    await migrateToLatest(database.db);
    const where = config.databaseUrl ? "PostgreSQL" : `SQLite at ${config.sqlitePath}`;
    console.log(`Seeding ${users.toLocaleString("en")} users in up to ${teams} teams into ${where}…`);
    const tty = process.stdout.isTTY;
    const result = await seedDatabase(database.db, {
      users,
      teams,
      append: args.append,
      onProgress: (done, total) => {
        if (tty) process.stdout.write(`\r  ${done.toLocaleString("en")} / ${total.toLocaleString("en")} users`);
      },
    });
    if (tty) process.stdout.write("\n");
    const seconds = (result.milliseconds / 1000).toFixed(1);
    console.log(
      `Inserted ${result.teams} teams, ${result.users.toLocaleString("en")} users, ${result.aliases.toLocaleString("en")} aliases, ` +
        `${result.devices.toLocaleString("en")} devices and ${result.locations.toLocaleString("en")} locations in ${seconds} s.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SeedRefusedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
