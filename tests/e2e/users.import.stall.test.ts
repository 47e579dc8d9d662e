/**
 * Issue #32 item 1, measured on the production bundle in its own process: eight users-import
 * previews sent at once (streamed, chunked: the server counts the bytes as they come), one per
 * company admin, while /healthz is probed every 50 ms and the server's RSS is sampled. Refused
 * previews (429, two run at a time) are sent again after Retry-After, so all eight files are read.
 * Recorded, not asserted: the worst /healthz latency and the RSS growth are printed and written to
 * test-results/import-stall-<dialect>.json (a shared machine is no timing oracle). Asserted: every
 * probe answered 200, every preview answered 200 (or 429 when it gave up) with every row counted.
 * Sizes: IMPORT_STALL_MB per file (default 4) and IMPORT_STALL_FILES (default 8); the bench
 * (`npm run bench -- --only import-stall`) runs the 8 × 46 MB.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createTestDatabase, testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam } from "../support/factories";
import { baselineLine, measureImportStall, stallLines, warmBaseline } from "../support/importStall";
import { sharedSecrets, startBuiltServer } from "../support/process";
import { ROOT_DIR } from "../support/server";

const MB = Number(process.env.IMPORT_STALL_MB ?? 4);
const FILES = Number(process.env.IMPORT_STALL_FILES ?? 8);

describe.each(testDialects())("parallel users-import previews against a server process on %s (issue #32)", (dialect) => {
  it(
    `answers ${FILES} previews of ${MB} MB and every /healthz probe; records the worst latency and the RSS growth`,
    { timeout: 900_000 },
    async () => {
      const database = await createTestDatabase(dialect);
      const db = database.db;
      const secrets = sharedSecrets();
      const metricsToken = randomBytes(24).toString("hex");
      const dataDir = database.options.databaseUrl
        ? mkdtempSync(path.join(tmpdir(), "bulwark-stall-"))
        : path.dirname(database.options.sqlitePath);
      const env = {
        BULWARK_DATA_DIR: dataDir,
        ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}),
        METRICS_TOKEN: metricsToken,
        ...secrets,
      };
      const config = loadConfig({ BULWARK_DATA_DIR: dataDir, ...secrets }, ROOT_DIR);
      const team = await buildTeam(db);
      await buildPack(db, { team, licenseCount: 2_000_000 });
      const auths: string[] = [];
      for (let i = 0; i < FILES; i++) auths.push(await bearerFor(config, await buildAdmin(db, { teams: [team] })));
      const server = startBuiltServer(env);
      try {
        const baseUrl = await server.url;
        const pid = server.child.pid!;
        // A warmed server: one small preview first, then /healthz alone for two seconds (the baseline).
        const baseline = await warmBaseline({ baseUrl, pid, team: team.slug, metricsToken }, auths[0]!, 2);
        expect(baseline.warmStatus).toBe(200);

        const record = await measureImportStall({
          baseUrl,
          pid,
          auths,
          team: team.slug,
          bytesPerFile: MB * 1024 * 1024,
          retry: true,
          metricsToken,
        });
        const lines = [
          ...stallLines(
            record,
            `users import stall (${dialect}, shared machine, load average ${loadavg()
              .map((n) => n.toFixed(1))
              .join(", ")})`,
          ),
          baselineLine(baseline),
        ];
        console.info(lines.join("\n"));
        mkdirSync(path.join(ROOT_DIR, "test-results"), { recursive: true });
        writeFileSync(
          path.join(ROOT_DIR, "test-results", `import-stall-${dialect}.json`),
          `${JSON.stringify({ dialect, mb: MB, files: FILES, record, baseline, loadAverage: loadavg() }, null, 2)}\n`,
        );

        expect(baseline.failed).toBe(0);
        expect(record.healthz.failed).toBe(0);
        expect(record.healthz.probes).toBeGreaterThan(0);
        for (const preview of record.previews) {
          expect([200, 429]).toContain(preview.status);
          if (preview.status === 200) expect([preview.total, preview.fresh]).toEqual([record.rows, record.rows]);
        }
        // Two run at a time and the others come back after Retry-After: every file was read.
        expect(record.previews.filter((p) => p.status === 200)).toHaveLength(FILES);
      } finally {
        server.child.kill("SIGKILL");
        await server.exited;
        await database.destroy();
      }
    },
  );
});
