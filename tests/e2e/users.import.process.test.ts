import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { IMPORT_LEASE_MS } from "../../server/services/users/import/store";
import { createTestDatabase, testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam } from "../support/factories";
import { sharedSecrets, startBuiltServer } from "../support/process";
import { ROOT_DIR } from "../support/server";

/** Rows of the killed import: enough batches that the kill lands in the middle of it. */
const ROWS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())("a users import killed mid-way on %s", (dialect) => {
  it("resumes on a fresh server process with the same import id: every row once, no duplicates", { timeout: 180_000 }, async () => {
    const database = await createTestDatabase(dialect);
    const db = database.db;
    const secrets = sharedSecrets();
    const dataDir = database.options.databaseUrl
      ? mkdtempSync(path.join(tmpdir(), "bulwark-proc-"))
      : path.dirname(database.options.sqlitePath);
    const env = {
      BULWARK_DATA_DIR: dataDir,
      ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}),
      ...secrets,
    };
    const auth = await bearerFor(loadConfig({ BULWARK_DATA_DIR: dataDir, ...secrets }, ROOT_DIR), await buildAdmin(db, { role: "root" }));
    const tag = randomBytes(4).toString("hex");
    const team = await buildTeam(db, { slug: `kill-${tag}` });
    await buildPack(db, { team, licenseCount: ROWS });
    const csv = [
      "username,firstName,lastName,team",
      ...Array.from({ length: ROWS }, (_, i) => `k${i}-${tag}@kill.test,K,${i},${team.slug}`),
    ].join("\n");
    const id = randomUUID();
    const apply = (url: string) =>
      fetch(`${url}/v2/users/import?mode=apply&id=${id}`, {
        method: "POST",
        headers: { Authorization: auth, "Content-Type": "text/csv" },
        body: csv,
      });
    const usersInTeam = async () =>
      Number(
        (
          await db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("teamId", "=", team.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const record = () => db.selectFrom("userImports").selectAll().where("uid", "=", id).executeTakeFirst();

    const first = startBuiltServer(env);
    let second: ReturnType<typeof startBuiltServer> | undefined;
    try {
      const pending = apply(await first.url).catch(() => null);
      // Kill it once some batches are committed and many remain.
      let processed = 0;
      for (let i = 0; i < 3000 && processed < 2000; i++) {
        processed = (await record())?.processedRows ?? 0;
        if (processed < 2000) await sleep(10);
      }
      first.child.kill("SIGKILL");
      await first.exited;
      expect(await pending).toBeNull();
      const killed = (await record())!;
      expect(killed.status).toBe("running");
      expect(killed.processedRows).toBeGreaterThan(0);
      expect(killed.processedRows).toBeLessThan(ROWS);
      // Whole batches only: the committed users are exactly the rows recorded as created.
      expect(await usersInTeam()).toBe(killed.createdCount);
      expect(killed.createdCount).toBe(killed.processedRows);

      second = startBuiltServer(env);
      const url = await second.url;
      // The dead process's lease still holds for a moment: a resume right away is refused, not doubled.
      const early = await apply(url);
      if (Date.now() < killed.leaseUntil) expect(early.status).toBe(409);
      await sleep(Math.max(0, killed.leaseUntil - Date.now()) + 200);
      const resumed = early.status === 200 ? early : await apply(url);
      expect(resumed.status).toBe(200);
      const body = (await resumed.json()) as { status: string; processed: number; counts: Record<string, number> };
      expect(body).toMatchObject({ status: "done", processed: ROWS, counts: { created: ROWS, failed: 0, invalid: 0 } });
      expect(await usersInTeam()).toBe(ROWS);
      const distinct = await db
        .selectFrom("users")
        .select((eb) => eb.fn.count<number | string>("username").distinct().as("n"))
        .where("teamId", "=", team.id)
        .executeTakeFirstOrThrow();
      expect(Number(distinct.n)).toBe(ROWS);
      const rows = await db
        .selectFrom("userImportRows")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("importId", "=", killed.id)
        .executeTakeFirstOrThrow();
      expect(Number(rows.n)).toBe(ROWS);
      const log = await db
        .selectFrom("accessLog")
        .select("details")
        .where("action", "=", "users.import")
        .where("targetId", "=", id)
        .execute();
      expect(log.map((entry) => JSON.parse(entry.details!) as { resumed: boolean; created: number })).toEqual([
        expect.objectContaining({ resumed: true, created: ROWS }),
      ]);
      expect(IMPORT_LEASE_MS).toBeLessThanOrEqual(10_000);
    } finally {
      if (first.child.exitCode === null) first.child.kill("SIGKILL");
      if (second && second.child.exitCode === null) second.child.kill("SIGKILL");
      await database.destroy();
    }
  });
});
