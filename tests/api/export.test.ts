/**
 * GET /v2/{users,admins,teams,licenses,logs}/export — each list's filters and
 * scope, CSV (RFC 4180, formula cells neutralized, BOM, labels or field names) and JSON Lines,
 * and an access-log entry per export.
 */
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordAccess } from "../../server/services/accessLog/record";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { buildInvite } from "./invites.support";

describe.each(testDialects())("exports on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  const get = (url: string, auth: string) =>
    server
      .request()
      .get(url)
      .set("Authorization", auth)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done(null, Buffer.concat(chunks)));
      });
  const csvOf = (body: Buffer) => parse(body.toString("utf8"), { bom: true });
  const jsonlOf = (body: Buffer) =>
    body
      .toString("utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  async function world(tag: string) {
    const db = server.database.db;
    const mine = await buildTeam(db, { slug: `ex-mine-${tag}` });
    const other = await buildTeam(db, { slug: `ex-other-${tag}` });
    const root = await buildAdmin(db, { role: "root", lang: "pt" });
    const admin = await buildAdmin(db, { teams: [mine] });
    return {
      db,
      mine,
      other,
      root,
      admin,
      rootAuth: await bearerFor(server.config, root),
      adminAuth: await bearerFor(server.config, admin),
    };
  }

  it("exports the users list's filters within the scope, neutralizing formula cells, with the language's titles or the field names", async () => {
    const tag = `u${dialect}`;
    const w = await world(tag);
    await buildUser(w.db, {
      team: w.mine,
      firstName: `=HYPERLINK("http://evil.example","x") ${tag}`,
      lastName: '+Plus, "Quoted"',
      status: "blocked",
    });
    await buildUser(w.db, { team: w.mine, firstName: `Ana ${tag}`, lastName: "-minus", status: "active" });
    await buildUser(w.db, { team: w.other, firstName: `Other ${tag}`, lastName: "@at", status: "blocked" });

    const rootCsv = await get(`/v2/users/export?search=${tag}&sort=username`, w.rootAuth);
    expect(rootCsv.status).toBe(200);
    expect(rootCsv.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(rootCsv.headers["content-disposition"]).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [titles, ...rows] = csvOf(rootCsv.body as Buffer);
    // The caller's language (pt) by default.
    expect(titles).toEqual([
      "ID do utilizador",
      "Nome de utilizador",
      "Nome próprio",
      "Apelido",
      "ID da empresa",
      "Empresa",
      "Estado",
      "ECS",
      "SIP",
      "Cellcrypt",
      "Dispositivos",
      "Criado em",
      "Última atividade",
    ]);
    expect(rows).toHaveLength(3);
    const names = rows.map((row) => [row[2], row[3]]).sort();
    expect(names).toContainEqual([`'=HYPERLINK("http://evil.example","x") ${tag}`, `'+Plus, "Quoted"`]);
    expect(names).toContainEqual([`Ana ${tag}`, "'-minus"]);
    expect(names).toContainEqual([`Other ${tag}`, "'@at"]);
    expect((rootCsv.body as Buffer).subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);

    const scoped = await get(`/v2/users/export?search=${tag}&status=blocked&headers=fields&bom=1`, w.adminAuth);
    expect((scoped.body as Buffer).subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const [fields, ...mine] = csvOf(scoped.body as Buffer);
    expect(fields).toEqual([
      "uid",
      "username",
      "firstName",
      "lastName",
      "team",
      "teamName",
      "status",
      "ecs",
      "sip",
      "cellcrypt",
      "deviceCount",
      "createdOn",
      "lastSeen",
    ]);
    expect(mine).toHaveLength(1);
    expect(mine[0]![4]).toBe(w.mine.slug);
    expect(mine[0]![6]).toBe("blocked");

    const jsonl = await get(`/v2/users/export?search=${tag}&format=jsonl&team=${w.mine.slug}`, w.rootAuth);
    expect(jsonl.headers["content-type"]).toMatch(/^application\/x-ndjson/);
    const records = jsonlOf(jsonl.body as Buffer);
    expect(records).toHaveLength(2);
    // JSON Lines carry the values as they are (no spreadsheet to protect), booleans as booleans.
    expect(records.map((r) => r.firstName)).toContain(`=HYPERLINK("http://evil.example","x") ${tag}`);
    expect(records.every((r) => r.team === w.mine.slug && typeof r.ecs === "boolean" && typeof r.deviceCount === "number")).toBe(true);

    // An admin naming a company outside their scope gets an empty file, not someone else's users.
    expect(jsonlOf((await get(`/v2/users/export?format=jsonl&team=${w.other.slug}`, w.adminAuth)).body as Buffer)).toEqual([]);
    const english = csvOf((await get(`/v2/users/export?search=${tag}&lang=en`, w.rootAuth)).body as Buffer);
    expect(english[0]!.slice(0, 3)).toEqual(["User UID", "Username", "First name"]);

    for (const bad of ["format=xml", "bom=maybe", "headers=both", "lang=fr", "status=gone", "sort=evil"]) {
      const res = await server.request().get(`/v2/users/export?${bad}`).set("Authorization", w.rootAuth);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("badParameters");
    }
  });

  it("writes an access-log entry per export with the format, the filters and the row count", async () => {
    const tag = `l${dialect}`;
    const w = await world(tag);
    for (let i = 0; i < 3; i++) await buildUser(w.db, { team: w.mine, firstName: `Logged ${tag} ${i}` });
    await get(`/v2/users/export?search=${tag}&format=jsonl`, w.adminAuth);
    const entries = await server
      .request()
      .get(`/v2/logs?action=users.export&actor=${encodeURIComponent(w.admin.username)}`)
      .set("Authorization", w.adminAuth);
    expect(entries.body.items).toHaveLength(1);
    expect(entries.body.items[0]).toMatchObject({
      action: "users.export",
      outcome: "success",
      actor: { username: w.admin.username },
      target: { type: "export", id: "users" },
      details: { format: "jsonl", rows: 3, complete: true, filters: { search: tag, sort: "name", order: "asc" } },
    });
    expect(entries.body.items[0].requestId).toEqual(expect.any(String));
  });

  it("exports administrators, companies, license packs and the access log within the scope", async () => {
    const tag = `a${dialect}`;
    const w = await world(tag);
    const adminsCsv = csvOf((await get(`/v2/admins/export?headers=fields&team=${w.mine.slug}`, w.rootAuth)).body as Buffer);
    expect(adminsCsv[0]).toEqual(["uid", "username", "firstName", "lastName", "role", "status", "teams", "createdOn", "lastSeen"]);
    expect(adminsCsv.slice(1).map((row) => row[0])).toEqual([w.admin.uid]);
    expect(adminsCsv[1]![6]).toBe(w.mine.slug);

    const teams = jsonlOf((await get(`/v2/teams/export?format=jsonl&search=ex-`, w.adminAuth)).body as Buffer).map((t) => t.slug);
    expect(teams).toContain(w.mine.slug);
    expect(teams).not.toContain(w.other.slug);
    const allTeams = jsonlOf((await get(`/v2/teams/export?format=jsonl&search=${tag}`, w.rootAuth)).body as Buffer)
      .map((t) => t.slug)
      .sort();
    expect(allTeams).toEqual([w.mine.slug, w.other.slug].sort());

    await buildPack(w.db, { team: w.mine, licenseCount: 7 });
    await buildPack(w.db, { team: w.other, licenseCount: 9 });
    const packs = jsonlOf((await get(`/v2/licenses/export?format=jsonl`, w.adminAuth)).body as Buffer);
    expect(packs.map((p) => [p.team, p.licenseCount])).toEqual([[w.mine.slug, 7]]);
    expect(
      jsonlOf((await get(`/v2/licenses/export?format=jsonl&team=${w.other.slug}`, w.rootAuth)).body as Buffer).map((p) => p.licenseCount),
    ).toEqual([9]);

    const origin = { actor: null, ip: "203.0.113.9", userAgent: null, requestId: `ex-req-${tag}` };
    await recordAccess(w.db, origin, {
      action: "team.update",
      target: { type: "team", id: `=cmd|' /C calc'!A0 ${tag}` },
      teamId: w.mine.id,
      details: { teams: [w.mine.slug, w.other.slug] },
    });
    await recordAccess(w.db, origin, { action: "team.update", target: { type: "team", id: `hidden ${tag}` }, teamId: w.other.id });
    const log = csvOf((await get(`/v2/logs/export?target=${tag}&headers=fields`, w.adminAuth)).body as Buffer);
    expect(log).toHaveLength(2);
    const row = Object.fromEntries(log[0]!.map((field, i) => [field, log[1]![i]]));
    expect(row).toMatchObject({
      action: "team.update",
      targetId: `'=cmd|' /C calc'!A0 ${tag}`,
      team: w.mine.slug,
      ip: "203.0.113.9",
      requestId: `ex-req-${tag}`,
    });
    // Details keep the reader's filtering: the other company's slug is not exported to this admin.
    expect(JSON.parse(row.details!)).toEqual({ teams: [w.mine.slug] });
    expect(jsonlOf((await get(`/v2/logs/export?format=jsonl&target=${tag}`, w.rootAuth)).body as Buffer)).toHaveLength(2);
  });

  it("exports invitations with the list's filters within the scope, never their codes", async () => {
    const tag = `i${dialect}`;
    const w = await world(tag);
    const mine = await buildInvite(w.db, { team: w.mine, address: `ana-${tag}@mine.test` });
    await buildInvite(w.db, { team: w.mine, address: `=cmd-${tag}@mine.test`, status: "accepted" });
    const theirs = await buildInvite(w.db, { team: w.other, address: `other-${tag}@other.test` });
    const csv = csvOf((await get(`/v2/invites/export?headers=fields&search=${tag}`, w.adminAuth)).body as Buffer);
    expect(csv[0]).toEqual(["id", "team", "type", "address", "lang", "state", "issuedOn", "expiration", "lastSentAt", "pack", "user"]);
    expect(
      csv
        .slice(1)
        .map((row) => [row[3], row[5]])
        .sort(),
    ).toEqual([
      [`'=cmd-${tag}@mine.test`, "accepted"],
      [`ana-${tag}@mine.test`, "pending"],
    ]);
    const pending = jsonlOf((await get(`/v2/invites/export?format=jsonl&state=pending&search=${tag}`, w.rootAuth)).body as Buffer);
    expect(pending.map((i) => i.id).sort()).toEqual([mine.uid, theirs.uid].sort());
    const body = JSON.stringify(pending);
    expect(body).not.toContain(mine.code);
    expect(body).not.toContain(theirs.code);
    expect(jsonlOf((await get(`/v2/invites/export?format=jsonl&team=${w.other.slug}`, w.adminAuth)).body as Buffer)).toEqual([]);
  });

  it("downloads with a browser session cookie (a plain link or GET form, no CSRF token needed)", async () => {
    const w = await world(`c${dialect}`);
    const session = await signIn(w.db, server.config, w.root);
    const res = await server.request().get(`/v2/teams/export?search=${w.mine.slug}&lang=es`).set("Cookie", session.header);
    expect(res.status).toBe(200);
    expect(res.text.split("\r\n")[0]).toBe("ID de empresa,Empresa,Institución,Ciudad,País,Idioma,Administradores,Usuarios,Creada el");
    expect(res.text).toContain(w.mine.slug);
  });

  it("refuses a cookie-session export that the browser marks as sent by another site, and logs nothing", async () => {
    const w = await world(`x${dialect}`);
    const session = await signIn(w.db, server.config, w.root);
    // The root is new: every teams.export entry by it comes from this test. An entry is written
    // once the download has ended, so the count is awaited rather than read at once.
    const exports = async () =>
      Number(
        (
          await w.db
            .selectFrom("accessLog")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("action", "=", "teams.export")
            .where("actorAdminId", "=", w.root.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const site of ["cross-site", "same-site"]) {
      const refused = await server
        .request()
        .get(`/v2/teams/export?search=${w.mine.slug}`)
        .set("Cookie", session.header)
        .set("Sec-Fetch-Site", site);
      expect([refused.status, refused.body.error.code]).toEqual([403, "crossSiteRequest"]);
    }
    // The console's own download (same-origin) and a typed address (none) still work, and a bearer token ignores the header.
    for (const site of ["same-origin", "none"]) {
      const res = await server
        .request()
        .get(`/v2/teams/export?search=${w.mine.slug}`)
        .set("Cookie", session.header)
        .set("Sec-Fetch-Site", site);
      expect(res.status).toBe(200);
    }
    expect((await get(`/v2/teams/export?search=${w.mine.slug}`, w.rootAuth).set("Sec-Fetch-Site", "cross-site")).status).toBe(200);
    await vi.waitFor(async () => expect(await exports()).toBe(3));
    expect(await exports()).toBe(3);
  });
});
