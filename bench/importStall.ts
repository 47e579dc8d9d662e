/**
 * `npm run bench -- --only import-stall` (issue #32): eight users-import previews of 46 MB each
 * (~1.1 M generated rows in all) sent at once to the production build in its own process, one per
 * company admin, refused ones sent again after Retry-After, while /healthz is probed every 50 ms
 * and the server's RSS is sampled — next to a baseline of /healthz alone on the same server.
 * Prints the worst /healthz latency, the server's own worst event-loop delay and the RSS growth;
 * the aim is /healthz within 200 ms and growth under 256 MB. Sizes: IMPORT_STALL_MB (46),
 * IMPORT_STALL_FILES (8); --database-url for PostgreSQL (a fresh database, dropped at the end).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../server/config";
import { createTestDatabase } from "../tests/support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam } from "../tests/support/factories";
import { baselineLine, measureImportStall, stallLines, warmBaseline } from "../tests/support/importStall";
import { sharedSecrets, startServerScript } from "../tests/support/process";
import { ROOT_DIR } from "../tests/support/server";

/** Runs the import-stall case and prints its figures. */
export async function runImportStall(databaseUrl: string | undefined): Promise<void> {
  const mb = Number(process.env.IMPORT_STALL_MB ?? 46);
  const files = Number(process.env.IMPORT_STALL_FILES ?? 8);
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  const database = await createTestDatabase(databaseUrl ? "postgres" : "sqlite");
  const dataDir = databaseUrl ? mkdtempSync(path.join(os.tmpdir(), "bulwark-bench-stall-")) : path.dirname(database.options.sqlitePath);
  const secrets = sharedSecrets();
  const metricsToken = randomBytes(24).toString("hex");
  const config = loadConfig({ BULWARK_DATA_DIR: dataDir, ...secrets }, ROOT_DIR);
  const team = await buildTeam(database.db);
  await buildPack(database.db, { team, licenseCount: 2_000_000 });
  const auths: string[] = [];
  for (let i = 0; i < files; i++) auths.push(await bearerFor(config, await buildAdmin(database.db, { teams: [team] })));
  // scripts/start.mjs builds first when the build is stale, then serves in this child process.
  const server = startServerScript({
    BULWARK_DATA_DIR: dataDir,
    METRICS_TOKEN: metricsToken,
    ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}),
    ...secrets,
  });
  const child = server.child;
  try {
    const baseUrl = await server.url;
    const pid = child.pid!;
    const baseline = await warmBaseline({ baseUrl, pid, team: team.slug, metricsToken }, auths[0]!, 5);
    const record = await measureImportStall({
      baseUrl,
      pid,
      auths,
      team: team.slug,
      bytesPerFile: mb * 1024 * 1024,
      retry: true,
      metricsToken,
    });
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(", ");
    console.log(
      [
        `\nBulwark import-stall bench — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? "CPU"}, Node ${process.version}, ${database.dialect === "postgres" ? "PostgreSQL" : "SQLite"}, load average ${load}`,
        ...stallLines(record, "users import stall"),
        baselineLine(baseline),
        `  aim (issue #32): /healthz within 200 ms, RSS growth under 256 MB`,
      ].join("\n"),
    );
  } finally {
    child.kill("SIGTERM");
    await server.exited;
    await database.destroy();
    if (databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  }
}
