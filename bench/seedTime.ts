/**
 * `tsx bench/seedTime.ts <users> [postgres://…/db]`: times the demo seed alone on a fresh SQLite
 * file in a temporary directory, or on an empty PostgreSQL database the caller created (issue #28
 * item 4: 1,000,000 users within 5 minutes on both dialects), and checks the team counters
 * against a recount afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { recountedTeamCounts, teamCounts } from "../server/db/counters";
import { createDatabase } from "../server/db/connection";
import { migrateToLatest } from "../server/db/migrate";
import { seedDatabase } from "../server/services/seed";

const users = Number(process.argv[2] ?? "100000");
const url = process.argv[3];
const dir = mkdtempSync(path.join(os.tmpdir(), "bulwark-seed-"));
const database = await createDatabase({ databaseUrl: url, sqlitePath: path.join(dir, "bulwark.db") });
try {
  await migrateToLatest(database.db);
  const cpu = process.cpuUsage();
  const result = await seedDatabase(database.db, {
    users,
    onProgress: (done, total) => {
      if (done % 100_000 === 0 || done === total) console.error(`seeded ${done.toLocaleString("en")} / ${total.toLocaleString("en")}`);
    },
  });
  const used = process.cpuUsage(cpu);
  const [kept, recounted] = [await teamCounts(database.db, null), await recountedTeamCounts(database.db)];
  const equal = JSON.stringify([...kept.entries()].sort()) === JSON.stringify([...recounted.entries()].sort());
  console.log(
    `${database.dialect}: ${result.users.toLocaleString("en")} users, ${result.devices.toLocaleString("en")} devices, ` +
      `${result.locations.toLocaleString("en")} locations in ${(result.milliseconds / 1000).toFixed(1)} s ` +
      `(this process's CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}); ` +
      `counters ${equal ? "equal" : "DIFFER from"} a recount`,
  );
  if (!equal) process.exitCode = 1;
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
