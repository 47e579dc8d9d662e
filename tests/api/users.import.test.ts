import { createHash, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row, RowUpdate } from "../../server/db/types";
import { pruneExpired } from "../../server/services/housekeeping/schedule";
import { readSettings } from "../../server/services/settings/read";
import { BATCH_ROWS } from "../../server/services/users/import/run";
import { pruneImports } from "../../server/services/users/import/retention";
import { DEFAULT_SETTINGS } from "../../shared/schemas/settingsDefaults";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const DAY = 86_400_000;

describe.each(testDialects())("users import on %s", (dialect) => {
  let server: TestServer;
  let rootAuth: string;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
    rootAuth = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.db;
  const fresh = () => randomBytes(4).toString("hex");
  const post = (query: string, csv: string, auth = rootAuth, type = "text/csv") =>
    server.request().post(`/v2/users/import?${query}`).set("Authorization", auth).set("Content-Type", type).send(csv);
  const get = (url: string, auth = rootAuth) => server.request().get(url).set("Authorization", auth);
  const usersOf = (team: Row<"teams">) => db().selectFrom("users").selectAll().where("teamId", "=", team.id).orderBy("username").execute();

  it("answers an import still being read as running with nothing processed, to its admin and root only, never 404", async () => {
    const { tag, teamB, auth } = await world();
    const id = randomUUID();
    const base = await server.listen();
    let held: http.ClientRequest | undefined;
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${base}/v2/users/import?mode=apply&id=${id}`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "text/csv" },
      });
      request.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      // The header and a first row, then the body stays open while the import is polled.
      request.write(`username,firstName,lastName,team\r\nheld-1-${tag}@x.test,Held,One,${teamB.slug}\r\n`);
      held = request;
    });
    await expect.poll(async () => (await get(`/v2/users/import/${id}`, auth)).status).toBe(200);
    const polled = await get(`/v2/users/import/${id}`, auth);
    expect(polled.body).toMatchObject({ id, status: "running", processed: 0, total: 0, allOrNothing: false, finishedOn: null });
    expect((await get(`/v2/users/import/${id}`)).status).toBe(200);
    const stranger = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamB] }));
    expect((await get(`/v2/users/import/${id}`, stranger)).status).toBe(404);
    held!.end(`held-2-${tag}@x.test,Held,Two,${teamB.slug}\r\n`);
    const done = await answered;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({ id, status: "done", total: 2, processed: 2 });
    expect((await get(`/v2/users/import/${id}`, auth)).body).toMatchObject({ status: "done", processed: 2 });
  });

  /** Two teams of one admin (A with 3 seats and a domain white-list, B unrestricted) and a team outside their scope. */
  async function world() {
    const tag = fresh();
    const teamA = await buildTeam(db(), { slug: `imp-a-${tag}`, teamName: `Imp A ${tag}` });
    const teamB = await buildTeam(db(), { slug: `imp-b-${tag}`, teamName: `Imp B ${tag}` });
    const other = await buildTeam(db(), { slug: `imp-o-${tag}`, teamName: `Imp O ${tag}` });
    await buildPack(db(), { team: teamA, licenseCount: 3 });
    await buildPack(db(), { team: teamB, licenseCount: 50 });
    await buildPack(db(), { team: other, licenseCount: 50 });
    await db()
      .insertInto("teamDomains")
      .values({ teamId: teamA.id, domain: `a-${tag}.test`, createdAt: Date.now() })
      .execute();
    const admin = await buildAdmin(db(), { teams: [teamA, teamB] });
    return { tag, teamA, teamB, other, admin, auth: await bearerFor(server.config, admin) };
  }

  /** A CSV with one row of every kind: what each row is expected to be, by row number. */
  function badFile(w: Awaited<ReturnType<typeof world>>, existing: Row<"users">) {
    const { tag, teamA, teamB, other } = w;
    const lines = [
      "username,firstName,lastName,team,ecs,sip",
      `ok1@a-${tag}.test,Ana,Silva,${teamA.slug},yes,0`, // 1 new
      `ok2@a-${tag}.test,"Bea, Jr.",Costa,${teamA.slug},,`, // 2 new (quoted comma)
      `handle-${tag},Caio,Dias,${teamB.slug},true,false`, // 3 new (a handle)
      `bad mail@x-${tag}.test,Dora,Eça,${teamB.slug},,`, // 4 invalid e-mail
      `x-${tag}@b.test,Eva,Faro,no-such-team-${tag},,`, // 5 unknown team
      `y-${tag}@b.test,Fia,Gil,${other.slug},,`, // 6 out of scope: same answer as unknown
      `out@elsewhere-${tag}.test,Gus,Hora,${teamA.slug},,`, // 7 outside A's domains
      `ok1@a-${tag}.test,Ana,Again,${teamA.slug},,`, // 8 duplicate of row 1
      `ok3@a-${tag}.test,Ivo,Jara,${teamA.slug},,`, // 9 new
      `ok4@a-${tag}.test,Joe,Lima,${teamA.slug},,`, // 10 over seats (A has 3)
      `ctl-${tag},Ka\u0007te,Mota,${teamB.slug},,`, // 11 control character
      `short-${tag},Leo`, // 12 wrong cell count
      `${existing.username},Changed,Name,${teamB.slug},1,1`, // 13 changed
      `flag-${tag},Mia,Nunes,${teamB.slug},maybe,`, // 14 invalid flag
    ];
    return `${lines.join("\r\n")}\r\n`;
  }

  it("previews every kind of row and changes nothing", async () => {
    const w = await world();
    const existing = await buildUser(db(), { team: w.teamB, username: `old-${w.tag}`, firstName: "Old", lastName: "Name" });
    const before = await db()
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await post("mode=preview", badFile(w, existing), w.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(14);
    expect(res.body.counts).toEqual({ new: 4, changed: 1, unchanged: 0, invalid: 8, duplicate: 1 });
    const rows = (code: string) => (res.body.errors[code] as { row: number }[]).map((e) => e.row);
    expect(rows("invalidField")).toEqual([4, 11, 14]);
    expect(res.body.errors.invalidField.map((e: { field: string }) => e.field)).toEqual(["username", "firstName", "ecs"]);
    expect(rows("unknownTeam")).toEqual([5, 6]);
    expect(rows("outsideDomains")).toEqual([7]);
    expect(rows("duplicate")).toEqual([8]);
    expect(rows("overSeats")).toEqual([10]);
    expect(rows("cellCount")).toEqual([12]);
    const after = await db()
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await db().selectFrom("users").select("lastName").where("id", "=", existing.id).executeTakeFirstOrThrow()).lastName).toBe(
      "Name",
    );
  });

  it("applies row by row, records results, logs the import, and answers the same import id without running it twice", async () => {
    const w = await world();
    const existing = await buildUser(db(), { team: w.teamB, username: `old-${w.tag}`, firstName: "Old", lastName: "Name" });
    const id = randomUUID();
    const res = await post(`mode=apply&id=${id}`, badFile(w, existing), w.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: "done", allOrNothing: false, total: 14, processed: 14 });
    expect(res.body.counts).toEqual({ created: 4, changed: 1, unchanged: 0, invalid: 8, duplicate: 1, failed: 0, skipped: 0 });
    expect((await usersOf(w.teamA)).map((u) => u.username)).toEqual([`ok1@a-${w.tag}.test`, `ok2@a-${w.tag}.test`, `ok3@a-${w.tag}.test`]);
    const a1 = (await usersOf(w.teamA))[0]!;
    expect({ first: a1.firstName, ecs: a1.isEcs, sip: a1.isSip, status: a1.status }).toEqual({
      first: "Ana",
      ecs: 1,
      sip: 0,
      status: "pending",
    });
    expect((await usersOf(w.teamB)).map((u) => [u.username, u.firstName, u.isEcs])).toEqual([
      [`handle-${w.tag}`, "Caio", 1],
      [`old-${w.tag}`, "Changed", 1],
    ]);
    expect(await usersOf(w.other)).toEqual([]);

    const results = await get(`/v2/users/import/${id}/results`, w.auth);
    expect(results.status).toBe(200);
    expect(results.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = results.text.trim().split("\r\n");
    expect(lines[0]).toBe("row,username,team,outcome,code,field");
    expect(lines).toHaveLength(15);
    expect(lines[2]).toBe(`2,ok2@a-${w.tag}.test,${w.teamA.slug},created,,`);
    expect(lines[10]).toBe(`10,ok4@a-${w.tag}.test,${w.teamA.slug},invalid,overSeats,`);
    expect(lines[11]).toMatch(/^11,ctl-\w+,[\w-]+,invalid,invalidField,firstName$/);

    const log = await db()
      .selectFrom("accessLog")
      .select(["details", "actorUsername", "outcome"])
      .where("action", "=", "users.import")
      .where("targetId", "=", id)
      .execute();
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]!.details!)).toMatchObject({
      status: "done",
      total: 14,
      created: 4,
      changed: 1,
      invalid: 8,
      duplicate: 1,
      resumed: false,
    });

    // The same id again: the finished import is answered, nothing runs twice.
    const again = await post(`mode=apply&id=${id}`, badFile(w, existing), w.auth);
    expect(again.status).toBe(200);
    expect(again.body.counts.created).toBe(4);
    expect(await usersOf(w.teamA)).toHaveLength(3);
    // Another file under the same id is refused; another administrator cannot see the import.
    expect((await post(`mode=apply&id=${id}`, "username,firstName,lastName,team\nz,Z,Z,zz\n", w.auth)).body.error.code).toBe(
      "usersImport409",
    );
    const stranger = await bearerFor(server.config, await buildAdmin(db(), {}));
    expect((await get(`/v2/users/import/${id}`, stranger)).body.error.code).toBe("usersImportRead404");
    expect((await get(`/v2/users/import/${id}/results`, stranger)).status).toBe(404);
    expect((await post(`mode=apply&id=${id}`, badFile(w, existing), stranger)).body.error.code).toBe("usersImport404");
    expect((await get(`/v2/users/import/${id}`)).body).toMatchObject({ id, status: "done" });
  });

  it("all-or-nothing imports nothing when any row fails, and everything when none does", async () => {
    const w = await world();
    const existing = await buildUser(db(), { team: w.teamB, username: `old-${w.tag}`, firstName: "Old", lastName: "Name" });
    const id = randomUUID();
    const refused = await post(`mode=apply&id=${id}&allOrNothing=true`, badFile(w, existing), w.auth);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: "rejected", allOrNothing: true, errorCode: "invalidField" });
    expect(refused.body.counts).toMatchObject({ created: 0, changed: 0, invalid: 8, duplicate: 1, skipped: 5 });
    expect(await usersOf(w.teamA)).toEqual([]);
    expect((await db().selectFrom("users").select("firstName").where("id", "=", existing.id).executeTakeFirstOrThrow()).firstName).toBe(
      "Old",
    );

    // Every row fine except the seats: nothing is written, not even the rows before the one over the seats.
    const over = [
      `username,firstName,lastName,team`,
      ...[1, 2, 3, 4].map((n) => `s${n}@a-${w.tag}.test,S,${n},${w.teamA.slug}`),
      `b1-${w.tag},B,1,${w.teamB.slug}`,
    ].join("\n");
    const seats = await post(`mode=apply&id=${randomUUID()}&allOrNothing=true`, over, w.auth);
    expect(seats.body).toMatchObject({ status: "rejected", errorCode: "overSeats" });
    expect(await usersOf(w.teamA)).toEqual([]);
    expect(await usersOf(w.teamB)).toHaveLength(1);

    const clean = [
      `username,firstName,lastName,team,cellcrypt`,
      `c1@a-${w.tag}.test,C,1,${w.teamA.slug},1`,
      `c2-${w.tag},C,2,${w.teamB.slug},0`,
      `old-${w.tag},Old,Renamed,${w.teamB.slug},0`,
    ].join("\n");
    const done = await post(`mode=apply&id=${randomUUID()}&allOrNothing=true`, clean, w.auth);
    expect(done.body).toMatchObject({ status: "done", counts: { created: 2, changed: 1, skipped: 0 } });
    expect((await usersOf(w.teamA)).map((u) => [u.username, u.isCellcrypt])).toEqual([[`c1@a-${w.tag}.test`, 1]]);
  });

  it("all-or-nothing rolls back every row already written when the database refuses a later row in the same run", async () => {
    const w = await world();
    const team = await buildTeam(db(), { slug: `imp-t-${w.tag}`, teamName: `Imp T ${w.tag}` });
    await buildPack(db(), { team, licenseCount: BATCH_ROWS + 100 });
    const admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [team] }));
    const existing = await buildUser(db(), { team, username: `kept-${w.tag}`, firstName: "Kept", lastName: "Name" });
    const seats = async () => (await get(`/v2/teams/${team.slug}/seats`)).body as Record<string, number>;
    const before = await seats();
    // Every row passes the checks; row 2 changes an existing user, the rest are new. The second
    // batch's insert is refused by the database (a trigger standing in for a constraint only the
    // write can meet), after the first batch's users, the change and their results were written
    // in the same transaction.
    const total = BATCH_ROWS + 20;
    const failing = `boom-${w.tag}`;
    const usernames = Array.from({ length: total }, (_, i) =>
      i === 1 ? existing.username : i === BATCH_ROWS + 9 ? failing : `aon${i + 1}-${w.tag}`,
    );
    const csv = ["username,firstName,lastName,team", ...usernames.map((name, i) => `${name},Row,N${i + 1},${team.slug}`)].join("\n");
    const trigger = `fail_import_${w.tag}`;
    if (dialect === "sqlite") {
      await sql`create trigger ${sql.raw(trigger)} before insert on users when new.username = ${sql.lit(failing)} begin select raise(abort, 'injected failure'); end`.execute(
        db(),
      );
    } else {
      await sql`create function ${sql.raw(trigger)}() returns trigger language plpgsql as $$ begin if new.username = ${sql.lit(failing)} then raise exception 'injected failure'; end if; return new; end $$`.execute(
        db(),
      );
      await sql`create trigger ${sql.raw(trigger)} before insert on users for each row execute function ${sql.raw(trigger)}()`.execute(
        db(),
      );
    }
    const id = randomUUID();
    const res = await (async () => {
      try {
        expect((await post("mode=preview", csv, admin)).body.counts).toEqual({
          new: total - 1,
          changed: 1,
          unchanged: 0,
          invalid: 0,
          duplicate: 0,
        });
        return await post(`mode=apply&id=${id}&allOrNothing=true`, csv, admin);
      } finally {
        await sql`drop trigger ${sql.raw(trigger)}${dialect === "postgres" ? sql` on users` : sql``}`.execute(db());
        if (dialect === "postgres") await sql`drop function ${sql.raw(trigger)}()`.execute(db());
      }
    })();
    // Nothing of the first batch survived: no user created, the existing one unchanged, no seat taken.
    expect((await usersOf(team)).map((u) => [u.username, u.firstName, u.lastName])).toEqual([[existing.username, "Kept", "Name"]]);
    expect(await seats()).toEqual(before);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "rejected", allOrNothing: true, errorCode: "failed", total, processed: total });
    // No row is to blame (the database refused a whole insert): none is marked failed, every row
    // is skipped, and the import's errorCode says why.
    expect(res.body.counts).toMatchObject({ created: 0, changed: 0, unchanged: 0, invalid: 0, failed: 0, skipped: total });
    expect(res.body.errors).toEqual({});
    const outcomes = await db()
      .selectFrom("userImportRows")
      .innerJoin("userImports", "userImports.id", "userImportRows.importId")
      .select(["outcome", "code"])
      .where("userImports.uid", "=", id)
      .execute();
    expect(outcomes).toHaveLength(total);
    expect(outcomes.filter((r) => r.outcome === "skipped" && r.code === null)).toHaveLength(total);
    const lines = (await get(`/v2/users/import/${id}/results`, admin)).text.trim().split("\r\n");
    expect(lines[1]).toBe(`1,aon1-${w.tag},${team.slug},skipped,,`);
    const log = await db()
      .selectFrom("accessLog")
      .select(["outcome", "details"])
      .where("action", "=", "users.import")
      .where("targetId", "=", id)
      .execute();
    expect(log.map((e) => [e.outcome, JSON.parse(e.details!).created])).toEqual([["failure", 0]]);
    // The same file again, the database no longer refusing: the import is finished (rejected), nothing runs twice.
    expect((await post(`mode=apply&id=${id}&allOrNothing=true`, csv, admin)).body).toMatchObject({ status: "rejected" });
    expect(await usersOf(team)).toHaveLength(1);
  });

  it("never reveals or moves users of other companies: taken usernames and aliases, another company of the admin", async () => {
    const w = await world();
    const outside = await buildUser(db(), { team: w.other, username: `hidden-${w.tag}`, aliases: [`alias-${w.tag}`] });
    const inA = await buildUser(db(), { team: w.teamA, username: `ina-${w.tag}@a-${w.tag}.test` });
    const csv = [
      "username,firstName,lastName,team",
      `${outside.username},X,Y,${w.teamB.slug}`,
      `alias-${w.tag},X,Y,${w.teamB.slug}`,
      `${inA.username},X,Y,${w.teamB.slug}`,
    ].join("\n");
    const res = await post("mode=preview", csv, w.auth);
    expect(res.body.counts).toMatchObject({ new: 0, changed: 0, invalid: 3 });
    expect(res.body.errors).toEqual({
      usernameTaken: [
        { row: 1, username: outside.username, field: null },
        { row: 2, username: `alias-${w.tag}`, field: null },
      ],
      otherTeam: [{ row: 3, username: inA.username, field: null }],
    });
  });

  it("resumes an import another process left: refused while its lease holds, then skips the recorded rows", async () => {
    const w = await world();
    const csv = ["username,firstName,lastName,team", ...[1, 2, 3].map((n) => `r${n}-${w.tag},R,${n},${w.teamB.slug}`)].join("\n");
    const id = randomUUID();
    const now = Date.now();
    // What a killed process leaves: the record with its lease, row 1 recorded as created (its user committed with it).
    const left = await db()
      .insertInto("userImports")
      .values({
        uid: id,
        adminId: w.admin.id,
        fileSha256: createHash("sha256").update(csv).digest("hex"),
        allOrNothing: 0,
        status: "running",
        totalRows: 3,
        processedRows: 1,
        createdCount: 1,
        leaseToken: randomUUID(),
        leaseUntil: now + 60_000,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("userImportRows")
      .values({ importId: left.id, rowNumber: 1, username: `r1-${w.tag}`, team: w.teamB.slug, outcome: "created" })
      .execute();
    await buildUser(db(), { team: w.teamB, username: `r1-${w.tag}`, firstName: "R", lastName: "1" });

    const early = await post(`mode=apply&id=${id}`, csv, w.auth);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: "usersImport409", details: { reason: "running" } });
    expect((await get(`/v2/users/import/${id}`, w.auth)).body).toMatchObject({ status: "running", processed: 1 });

    await db()
      .updateTable("userImports")
      .set({ leaseUntil: now - 1 })
      .where("id", "=", left.id)
      .execute();
    const resumed = await post(`mode=apply&id=${id}`, csv, w.auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: "done", processed: 3, counts: { created: 3, unchanged: 0 } });
    expect((await usersOf(w.teamB)).map((u) => u.username)).toEqual([1, 2, 3].map((n) => `r${n}-${w.tag}`));
    const rows = await db()
      .selectFrom("userImportRows")
      .select(["rowNumber", "outcome"])
      .where("importId", "=", left.id)
      .orderBy("rowNumber")
      .execute();
    expect(rows).toEqual([1, 2, 3].map((n) => ({ rowNumber: n, outcome: "created" })));
  });

  it("housekeeping deletes imports finished or abandoned longer ago than the retention, with their rows, and keeps the rest", async () => {
    const w = await world();
    // A security group stored before the setting existed reads it as its default, 30 days.
    const { importRetentionDays: _added, ...older } = DEFAULT_SETTINGS.security;
    await db().deleteFrom("systemSettings").where("groupName", "=", "security").execute();
    await db()
      .insertInto("systemSettings")
      .values({ groupName: "security", value: JSON.stringify({ ...older, otpTtl: 120 }), updatedAt: Date.now() })
      .execute();
    expect((await readSettings(db())).security).toMatchObject({ otpTtl: 120, importRetentionDays: 30 });
    await setSettings(db(), "security", { importRetentionDays: 30 });
    const fileOf = (name: string) =>
      ["username,firstName,lastName,team", ...[1, 2, 3].map((n) => `${name}${n}-${w.tag},K,${n},${w.teamB.slug}`)].join("\n");
    const applied = async (name: string) => {
      const id = randomUUID();
      expect((await post(`mode=apply&id=${id}`, fileOf(name), w.auth)).body).toMatchObject({ status: "done", processed: 3 });
      return await db().selectFrom("userImports").selectAll().where("uid", "=", id).executeTakeFirstOrThrow();
    };
    const now = Date.now();
    const age = (record: Row<"userImports">, days: number, set: RowUpdate<"userImports"> = {}) =>
      db()
        .updateTable("userImports")
        .set({ updatedAt: now - days * DAY, finishedAt: record.finishedAt === null ? null : now - days * DAY, ...set })
        .where("id", "=", record.id)
        .execute();
    const oldDone = await applied("od");
    await age(oldDone, 31);
    const recentDone = await applied("rd");
    await age(recentDone, 29);
    const oldFailed = await applied("of");
    await age(oldFailed, 40, { status: "failed", finishedAt: null });
    // Running, last touched long ago, but its lease still holds (a live process): never removed.
    const live = await applied("lv");
    await age(live, 40, { status: "running", finishedAt: null, leaseUntil: now + 60_000 });
    // Running with a lease that ran out 40 days ago: its process died; abandoned like a failed one.
    const dead = await applied("dd");
    await age(dead, 40, { status: "running", finishedAt: null, leaseUntil: now - 40 * DAY });
    const rowsOf = async (record: Row<"userImports">) =>
      Number(
        (
          await db()
            .selectFrom("userImportRows")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("importId", "=", record.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await rowsOf(oldDone)).toBe(3);

    // Rows go in chunks (2 here) until none is left.
    expect(await pruneImports(db(), now, 2)).toBeGreaterThanOrEqual(3);
    const left = (
      await db()
        .selectFrom("userImports")
        .select("id")
        .where("id", "in", [oldDone.id, recentDone.id, oldFailed.id, live.id, dead.id])
        .orderBy("id")
        .execute()
    ).map((r) => r.id);
    expect(left).toEqual([recentDone.id, live.id]);
    for (const gone of [oldDone, oldFailed, dead]) {
      expect(await rowsOf(gone)).toBe(0);
      expect((await get(`/v2/users/import/${gone.uid}`, w.auth)).body.error.code).toBe("usersImportRead404");
      expect((await get(`/v2/users/import/${gone.uid}/results`, w.auth)).status).toBe(404);
    }
    expect(await rowsOf(recentDone)).toBe(3);
    expect(await rowsOf(live)).toBe(3);
    expect((await get(`/v2/users/import/${recentDone.uid}`, w.auth)).body).toMatchObject({ status: "done", processed: 3 });
    // The users the imports created stay: retention removes the record of an import, not its effect.
    expect(await usersOf(w.teamB)).toHaveLength(15);

    // The housekeeping pass reports it; the same file under a pruned id is a new import that finds its users unchanged.
    await age(recentDone, 31);
    expect((await pruneExpired(db(), now)).imports).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(recentDone)).toBe(0);
    expect((await pruneExpired(db(), now)).imports).toBe(0);
    const again = await post(`mode=apply&id=${oldDone.uid}`, fileOf("od"), w.auth);
    expect(again.body).toMatchObject({ status: "done", counts: { created: 0, unchanged: 3 } });
    expect(await usersOf(w.teamB)).toHaveLength(15);
    await db()
      .updateTable("userImports")
      .set({ leaseUntil: now - 1 })
      .where("id", "=", live.id)
      .execute();
  });

  it("imports back the users export in every language, headed by column titles or field names, with or without BOM", async () => {
    const w = await world();
    await buildUser(db(), { team: w.teamB, username: `rt1-${w.tag}`, firstName: "Rita", lastName: "Tavares" });
    await buildUser(db(), { team: w.teamB, username: `rt2-${w.tag}`, firstName: "Raúl", lastName: "Núñez" });
    const exported = async (query: string) => {
      const res = await server
        .request()
        .get(`/v2/users/export?team=${w.teamB.slug}&${query}`)
        .set("Authorization", w.auth)
        .buffer(true)
        .parse((stream, done) => {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      return (res.body as Buffer).toString("utf8");
    };
    for (const lang of ["en", "pt", "es"]) {
      for (const bom of [false, true]) {
        const csv = await exported(`lang=${lang}&bom=${bom ? 1 : 0}`);
        expect(csv.startsWith("\uFEFF")).toBe(bom);
        const preview = await post("mode=preview", csv, w.auth);
        expect(preview.status, `${lang} bom=${bom}: ${JSON.stringify(preview.body)}`).toBe(200);
        expect(preview.body.counts).toMatchObject({ unchanged: 2, new: 0, invalid: 0 });
      }
    }
    const fields = await exported("headers=fields");
    expect((await post("mode=preview", fields, w.auth)).body.counts).toMatchObject({ unchanged: 2 });
    // Applied from a Spanish export with titles: the rows are read (unchanged), nothing is refused.
    const id = randomUUID();
    const applied = await post(`mode=apply&id=${id}`, await exported("lang=es&bom=1"), w.auth);
    expect(applied.status).toBe(200);
    expect(applied.body.counts).toMatchObject({ unchanged: 2, invalid: 0 });
    // A title file missing a required column names it by field, whatever the file's language.
    const partial = await post("mode=preview", "Nombre de usuario,Nome próprio,Last name\nx,y,z\n", w.auth);
    expect(partial.body.error).toMatchObject({ code: "usersImport400", details: { reason: "columns", missing: ["team"], unknown: [] } });
  });

  it("refuses files it cannot read and requests without an import id", async () => {
    const w = await world();
    const missing = await post("mode=preview", "username,firstName,team\na,b,c\n", w.auth);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: "usersImport400", details: { reason: "columns", missing: ["lastName"] } });
    expect((await post("mode=preview", "username,firstName,lastName,team,colour\n", w.auth)).body.error.details).toMatchObject({
      unknown: ["colour"],
    });
    expect((await post("mode=preview", "username,firstName,lastName,team\n", w.auth)).body.error.details).toEqual({ reason: "empty" });
    expect((await post("mode=preview", 'username,firstName,lastName,team\n"a,b,c,d\n', w.auth)).body.error.details).toMatchObject({
      reason: "notCsv",
    });
    const json = await server.request().post("/v2/users/import?mode=preview").set("Authorization", w.auth).send({ csv: "x" });
    expect(json.body.error).toMatchObject({ code: "usersImport400", details: { reason: "contentType" } });
    expect((await post("mode=apply", "username,firstName,lastName,team\na,b,c,dd\n", w.auth)).body.error.code).toBe("badParameters");
    expect((await get("/v2/users/import/not-a-uuid", w.auth)).body.error.code).toBe("usersImportRead404");
    // A cell a spreadsheet would run as a formula comes back neutralized in the results.
    const formula = randomUUID();
    expect(
      (await post(`mode=apply&id=${formula}`, 'username,firstName,lastName,team\nf-x,F,X,"=HYPERLINK(""http://x"")"\n', w.auth)).body.counts
        .invalid,
    ).toBe(1);
    const lines = (await get(`/v2/users/import/${formula}/results`, w.auth)).text.split("\r\n");
    expect(lines[1]).toBe(`1,f-x,"'=HYPERLINK(""http://x"")",invalid,invalidField,team`);
    // A BOM and an unchanged row.
    const user = await buildUser(db(), { team: w.teamB, username: `same-${w.tag}`, firstName: "Same", lastName: "One" });
    const bom = await post("mode=preview", `\uFEFFusername,firstName,lastName,team\n${user.username},Same,One,${w.teamB.slug}\n`, w.auth);
    expect(bom.body.counts).toMatchObject({ unchanged: 1, new: 0 });
  });
});
