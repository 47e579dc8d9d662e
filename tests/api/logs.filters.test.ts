/**
 * The access log's filters (actor, action, target, team, outcome, time range,
 * free text) within the reader's scope, and its retention applied by the housekeeping pass.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, NewRow } from "../../server/db/types";
import { recordAccess } from "../../server/services/accessLog/record";
import { pruneExpired } from "../../server/services/housekeeping/schedule";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const DAY = 86_400_000;

/** An access-log row at a chosen time (recordAccess always writes now). */
async function insertEntry(
  db: Kysely<Database>,
  row: Pick<NewRow<"accessLog">, "createdAt" | "action"> & Partial<NewRow<"accessLog">>,
): Promise<void> {
  await db
    .insertInto("accessLog")
    .values({
      outcome: "success",
      actorAdminId: null,
      actorUsername: null,
      targetType: null,
      targetId: null,
      teamId: null,
      ip: null,
      userAgent: null,
      details: null,
      ...row,
    })
    .execute();
}

describe.each(testDialects())("access log filters on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  const targetsOf = async (auth: string, query: string): Promise<string[]> => {
    const res = await server.request().get(`/v2/logs?${query}`).set("Authorization", auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.items as { target: { id: string } | null }[]).map((item) => item.target?.id ?? "").sort();
  };

  it("filters by actor, action, target, team, outcome, time range and text, within the scope", async () => {
    const db = server.database.db;
    const mine = await buildTeam(db, { slug: `fl-mine-${dialect}` });
    const other = await buildTeam(db, { slug: `fl-other-${dialect}` });
    const root = await buildAdmin(db, { role: "root" });
    const reader = await buildAdmin(db, { teams: [mine] });
    const rootAuth = await bearerFor(server.config, root);
    const readerAuth = await bearerFor(server.config, reader);
    const carol = { id: root.id, username: `carol.fl.${dialect}@example.test` };
    const origin = { ip: "192.0.2.44", userAgent: "ua" };
    await recordAccess(db, { actor: carol, ...origin }, { action: "team.update", target: { type: "team", id: "flt-1" }, teamId: mine.id });
    await recordAccess(
      db,
      { actor: null, ...origin },
      { action: "users.block", outcome: "failure", target: { type: "user", id: "flt-2" }, teamId: mine.id },
    );
    // An old entry, for the time range.
    await insertEntry(db, {
      createdAt: Date.UTC(2020, 0, 15, 12),
      actorAdminId: root.id,
      actorUsername: carol.username,
      action: "team.update",
      targetType: "team",
      targetId: "flt-3",
      teamId: other.id,
    });

    expect(await targetsOf(rootAuth, "target=flt-")).toEqual(["flt-1", "flt-2", "flt-3"]);
    expect(await targetsOf(rootAuth, `target=flt-&actor=carol.fl.${dialect}`)).toEqual(["flt-1", "flt-3"]);
    expect(await targetsOf(rootAuth, "target=flt-&action=users.")).toEqual(["flt-2"]);
    expect(await targetsOf(rootAuth, "target=flt-&outcome=failure")).toEqual(["flt-2"]);
    expect(await targetsOf(rootAuth, `target=flt-&team=${other.slug}`)).toEqual(["flt-3"]);
    expect(await targetsOf(rootAuth, "target=flt-&from=2020-01-15T00:00:00Z&to=2020-01-16T00:00:00Z")).toEqual(["flt-3"]);
    expect(await targetsOf(rootAuth, "target=flt-&from=2020-01-15T12:00:00%2B01:00")).toEqual(["flt-1", "flt-2", "flt-3"]);
    expect(await targetsOf(rootAuth, "target=flt-&to=2020-01-15T12:00:00Z")).toEqual([]);
    expect(await targetsOf(rootAuth, "target=flt-&search=192.0.2.44")).toEqual(["flt-1", "flt-2"]);

    // The reader sees their team's entries only; another team's filter matches nothing.
    expect(await targetsOf(readerAuth, "target=flt-")).toEqual(["flt-1", "flt-2"]);
    expect(await targetsOf(readerAuth, `target=flt-&team=${other.slug}`)).toEqual([]);
    expect(await targetsOf(readerAuth, `target=flt-&actor=carol.fl.${dialect}`)).toEqual(["flt-1"]);

    // Entries written by a request carry its id, the X-Request-Id of its response.
    const created = await server
      .request()
      .post("/v2/team")
      .set("Authorization", rootAuth)
      .set("X-Request-Id", `req-fl-${dialect}`)
      .send({ teamName: `Request id ${dialect}`, slug: `fl-req-${dialect}` });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const entry = await server.request().get(`/v2/logs?action=team.create&target=fl-req-${dialect}`).set("Authorization", rootAuth);
    expect(entry.body.items.map((item: { requestId: string | null }) => item.requestId)).toEqual([created.headers["x-request-id"]]);

    for (const bad of ["from=yesterday", "to=2020-01-15", "team=Not%20A%20Slug", `actor=${"a".repeat(400)}`]) {
      expect((await server.request().get(`/v2/logs?${bad}`).set("Authorization", rootAuth)).status, bad).toBe(400);
    }
  });

  it("deletes the entries older than the retention setting on a housekeeping pass, and keeps the rest", async () => {
    const db = server.database.db;
    const now = Date.now();
    await setSettings(db, "security", { accessLogRetentionDays: 30 });
    for (const [id, age] of [
      ["ret-old", 31 * DAY],
      ["ret-edge", 29 * DAY],
      ["ret-new", 0],
    ] as const) {
      await insertEntry(db, { createdAt: now - age, action: "team.update", targetType: "team", targetId: id });
    }
    const removed = await pruneExpired(db, now);
    expect(removed.accessLog).toBeGreaterThanOrEqual(1);
    const left = (await db.selectFrom("accessLog").select("targetId").where("targetId", "like", "ret-%").execute())
      .map((r) => r.targetId)
      .sort();
    expect(left).toEqual(["ret-edge", "ret-new"]);

    await setSettings(db, "security", { accessLogRetentionDays: 3_650 });
    expect((await pruneExpired(db, now)).accessLog).toBe(0);
  });
});
