import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

/** Rows of the large import: IMPORT_TEST_ROWS (100,000 for a full run; CI runs 10,000). */
const ROWS = Number(process.env.IMPORT_TEST_ROWS ?? 10_000);

describe.each(testDialects())("a large users import on %s", (dialect) => {
  let server: TestServer;
  let auth: string;
  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { LOG_LEVEL: "warn" } });
    auth = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
  });
  afterAll(async () => {
    await server.close();
  });

  it(`previews and imports ${ROWS} rows in one run`, { timeout: 900_000 }, async () => {
    const db = server.database.db;
    const tag = randomBytes(4).toString("hex");
    const teams = [await buildTeam(db, { slug: `big-a-${tag}` }), await buildTeam(db, { slug: `big-b-${tag}` })];
    for (const team of teams) await buildPack(db, { team, licenseCount: ROWS });
    const lines = ["username,firstName,lastName,team,ecs,sip,cellcrypt"];
    for (let i = 1; i <= ROWS; i++)
      lines.push(
        `user-${i}-${tag}@big.test,First ${i},Last ${i},${teams[i % 2]!.slug},${i % 3 === 0 ? 1 : 0},0,${i % 5 === 0 ? "yes" : "no"}`,
      );
    const csv = `${lines.join("\n")}\n`;

    const previewStart = performance.now();
    const preview = await server
      .request()
      .post("/v2/users/import?mode=preview")
      .set("Authorization", auth)
      .set("Content-Type", "text/csv")
      .send(csv);
    const previewMs = performance.now() - previewStart;
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ new: ROWS, changed: 0, unchanged: 0, invalid: 0, duplicate: 0 });

    const id = randomUUID();
    const start = performance.now();
    const res = await server
      .request()
      .post(`/v2/users/import?mode=apply&id=${id}`)
      .set("Authorization", auth)
      .set("Content-Type", "text/csv")
      .send(csv);
    const applyMs = performance.now() - start;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "done", total: ROWS, processed: ROWS, counts: { created: ROWS, invalid: 0, failed: 0 } });
    const count = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where(
        "teamId",
        "in",
        teams.map((t) => t.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(ROWS);
    const results = await server.request().get(`/v2/users/import/${id}/results`).set("Authorization", auth);
    expect(results.text.trim().split("\r\n")).toHaveLength(ROWS + 1);
    console.info(
      `[users import] ${dialect}: ${ROWS} rows, ${(csv.length / 1e6).toFixed(1)} MB: preview ${(previewMs / 1000).toFixed(1)} s, apply ${(applyMs / 1000).toFixed(1)} s`,
    );
  });
});
