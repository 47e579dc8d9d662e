import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildTeam, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

type Body = Record<string, unknown>;

describe.each(testDialects())("teams API on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.database.db;
  const fresh = () => randomBytes(4).toString("hex");

  const bearerOf = (admin: Row<"admins">) => bearerFor(server.config, admin);
  async function root(): Promise<string> {
    return bearerOf(await buildAdmin(db(), { role: "root" }));
  }
  async function adminOf(...teams: Row<"teams">[]): Promise<{ admin: Row<"admins">; auth: string }> {
    const admin = await buildAdmin(db(), { teams });
    return { admin, auth: await bearerOf(admin) };
  }
  async function addUser(team: Row<"teams">): Promise<void> {
    const now = Date.now();
    await db()
      .insertInto("users")
      .values({
        uid: randomUUID(),
        username: `u-${fresh()}@example.test`,
        teamId: team.id,
        status: "active",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
  async function addPack(team: Row<"teams">): Promise<string> {
    const now = Date.now();
    const uid = randomUUID();
    await db()
      .insertInto("licensePacks")
      .values({
        uid,
        teamId: team.id,
        licenseType: "standard",
        licenseCount: 25,
        status: "active",
        expiresAt: now + 86_400_000,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return uid;
  }
  const get = (url: string, auth: string) => server.request().get(url).set("Authorization", auth);
  const send = (method: "post" | "put" | "delete", url: string, auth: string, body: Body) =>
    server.request()[method](url).set("Authorization", auth).send(body);
  const teamCount = async () =>
    Number(
      (
        await db()
          .selectFrom("teams")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const logOf = (action: string, target: string) =>
    db()
      .selectFrom("accessLog")
      .select(["action", "teamId", "targetId", "actorUsername", "details"])
      .where("action", "=", action)
      .where("targetId", "=", target)
      .execute();

  it("lists only the caller's teams with their counts, searching name and slug case-insensitively", async () => {
    const tag = fresh();
    const alpha = await buildTeam(db(), {
      teamName: `Alpha ${tag}`,
      slug: `alpha-${tag}`,
      city: "Lisboa",
      country: "PT",
      institution: "Uni",
    });
    const bravo = await buildTeam(db(), { teamName: `Bravo ${tag}`, slug: `bravo-${tag}` });
    const charlie = await buildTeam(db(), { teamName: `Charlie ${tag}`, slug: `c-${tag}-x` });
    const { auth } = await adminOf(alpha, bravo);
    await adminOf(alpha);
    await addUser(alpha);
    await addUser(alpha);
    const rootAuth = await root();

    const all = await get(`/v2/teams?search=${tag}`, rootAuth);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.nextCursor).toBeNull();
    expect(all.body.items.map((i: Body) => i.slug)).toEqual([alpha.slug, bravo.slug, charlie.slug]);
    expect(all.body.items[0]).toEqual({
      slug: alpha.slug,
      teamName: `Alpha ${tag}`,
      institution: "Uni",
      city: "Lisboa",
      country: "PT",
      language: "en",
      adminCount: 2,
      userCount: 2,
      createdOn: new Date(alpha.createdAt).toISOString(),
    });
    expect(all.body.items[2]).toMatchObject({ adminCount: 0, userCount: 0 });

    const byName = await get(`/v2/teams?search=${encodeURIComponent(` ALPHA ${tag.toUpperCase()} `)}`, rootAuth);
    expect(byName.body.items.map((i: Body) => i.slug)).toEqual([alpha.slug]);
    const bySlug = await get(`/v2/teams?search=c-${tag}`, rootAuth);
    expect(bySlug.body.items.map((i: Body) => i.slug)).toEqual([charlie.slug]);
    const wildcard = await get(`/v2/teams?search=${encodeURIComponent("%")}${tag}`, rootAuth);
    expect(wildcard.body.total).toBe(0);

    const mine = await get(`/v2/teams?search=${tag}`, auth);
    expect(mine.body.total).toBe(2);
    expect(mine.body.items.map((i: Body) => i.slug)).toEqual([alpha.slug, bravo.slug]);
    const unsearched = await get("/v2/teams", auth);
    expect(unsearched.body.items.map((i: Body) => i.slug)).toEqual([alpha.slug, bravo.slug]);
    const { auth: teamless } = await adminOf();
    expect((await get("/v2/teams", teamless)).body).toEqual({ items: [], total: 0, nextCursor: null });
  });

  it("pages with keyset cursors in every sort and order, without duplicates or gaps, ties included", async () => {
    const tag = fresh();
    const base = 1_700_000_000_000;
    const specs = [
      ["Delta", "d", 3],
      ["Alpha", "z", 1],
      ["Echo", "b", 3],
      ["Alpha", "y", 2],
      ["Bravo", "a", 3],
      ["Alpha", "x", 1],
      ["Charlie", "c", 5],
    ] as const;
    const teams: Row<"teams">[] = [];
    for (const [name, prefix, day] of specs) {
      teams.push(await buildTeam(db(), { teamName: `${name} ${tag}`, slug: `${prefix}-${tag}`, createdAt: base + day * 86_400_000 }));
    }
    const auth = await root();
    const keyOf = {
      name: (t: Row<"teams">) => t.teamName,
      slug: (t: Row<"teams">) => t.slug,
      createdOn: (t: Row<"teams">) => t.createdAt,
    } as const;
    for (const sort of ["name", "slug", "createdOn"] as const) {
      for (const order of ["asc", "desc"] as const) {
        const sign = order === "asc" ? 1 : -1;
        const expected = [...teams]
          .sort((a, b) => {
            const ka = keyOf[sort](a);
            const kb = keyOf[sort](b);
            return sign * (ka < kb ? -1 : ka > kb ? 1 : a.id - b.id);
          })
          .map((t) => t.slug);
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const url = `/v2/teams?search=${tag}&sort=${sort}&order=${order}&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
          const res = await get(url, auth);
          expect(res.status).toBe(200);
          expect(res.body.total).toBe(7);
          expect(res.body.items.length).toBeLessThanOrEqual(3);
          seen.push(...res.body.items.map((i: Body) => i.slug as string));
          cursor = res.body.nextCursor as string | null;
          pages++;
        } while (cursor && pages < 10);
        expect({ sort, order, seen }).toEqual({ sort, order, seen: expected });
        expect(pages).toBe(3);
      }
    }
    const exact = await get(`/v2/teams?search=${tag}&limit=7`, auth);
    expect(exact.body.items).toHaveLength(7);
    expect(exact.body.nextCursor).toBeNull();
  });

  it("answers 400 to malformed cursors and bad list parameters", async () => {
    const auth = await root();
    const bad = [
      "cursor=!!!",
      "cursor=abc",
      `cursor=${Buffer.from('{"v":"x"}').toString("base64url")}`,
      `sort=createdOn&cursor=${Buffer.from('{"v":"Alpha","id":1}').toString("base64url")}`,
      `sort=name&cursor=${Buffer.from('{"v":5,"id":1}').toString("base64url")}`,
      "limit=0",
      "limit=201",
      "limit=ten",
      "sort=bogus",
      "order=up",
      `search=${"x".repeat(321)}`,
    ];
    for (const query of bad) {
      const res = await get(`/v2/teams?${query}`, auth);
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 400, code: "badParameters" });
    }
  });

  it("reads every field of a team in scope, and 404 for one outside the scope or unknown", async () => {
    const auth = await root();
    const tag = fresh();
    const body = {
      teamName: `Acme ${tag}`,
      domains: [`acme-${tag}.com`, `ACME-${tag}.pt`],
      institution: "Acme Holdings",
      notes: "Key account",
      contactEmail: { finance: "fin@acme.test", support: "help@acme.test" },
      city: "Lisboa",
      country: "PT",
      language: "pt",
      timezone: "Europe/Lisbon",
      customSettings: { security: { otpLength: 8 } },
      emailTheme: {
        name: "corporate",
        primaryColor: "#0a66c2",
        logoUrl: "https://acme.test/logo.png",
        footer: "Acme Holdings, Lisboa. ".repeat(10).trim(),
      },
      authentication: {
        oauthClientId: "client-1",
        authority: "https://login.acme.test",
        version: "v2.0",
        tenantId: "72f988bf-86f1-41af-91ab-2d7cd011db47",
        azureAdSync: true,
        certRevocation: "ocsp_crl",
      },
    };
    const created = await send("post", "/v2/team", auth, body);
    expect(created.status).toBe(200);
    const slug = `acme-${tag}`;
    const team = await db().selectFrom("teams").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
    const { admin, auth: adminAuth } = await adminOf(team);
    const packId = await addPack(team);
    await addUser(team);
    const res = await get(`/v2/team/${slug}`, adminAuth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      slug,
      teamName: `Acme ${tag}`,
      institution: "Acme Holdings",
      notes: "Key account",
      contactEmail: { finance: "fin@acme.test", operations: null, support: "help@acme.test" },
      city: "Lisboa",
      country: "PT",
      language: "pt",
      timezone: "Europe/Lisbon",
      customSettings: { security: { otpLength: 8 } },
      emailTheme: body.emailTheme,
      authentication: { ...body.authentication, discovery: null },
      domains: [`acme-${tag}.com`, `acme-${tag}.pt`],
      admins: [{ uid: admin.uid, username: admin.username, firstName: "Ada", lastName: "Lovelace", role: "admin", status: "active" }],
      userCount: 1,
      licensePacks: [
        {
          id: packId,
          licenseType: "standard",
          licenseCount: 25,
          status: "active",
          expiresOn: expect.stringMatching(/Z$/),
          createdOn: expect.stringMatching(/Z$/),
        },
      ],
      createdOn: new Date(team.createdAt).toISOString(),
      updatedOn: new Date(team.updatedAt).toISOString(),
    });
    expect(created.body).toMatchObject({ slug, admins: [], userCount: 0, licensePacks: [] });

    const { auth: otherAuth } = await adminOf();
    for (const [url, who] of [
      [`/v2/team/${slug}`, otherAuth],
      [`/v2/team/nope-${tag}`, auth],
      ["/v2/team/Not%20A%20Slug", auth],
    ] as const) {
      const miss = await get(url, who);
      expect({ url, status: miss.status, code: miss.body.error?.code }).toEqual({ url, status: 404, code: "teamRead404" });
    }
  });

  it("creates teams as root only, with derived unique slugs, and refuses conflicts and bad input without changes", async () => {
    const auth = await root();
    const tag = fresh();
    const { auth: adminAuth } = await adminOf();
    const before = await teamCount();
    const refused = await send("post", "/v2/team", adminAuth, { teamName: `Nova ${tag}` });
    expect([refused.status, refused.body.error.code]).toEqual([403, "teamCreate403"]);
    expect(await teamCount()).toBe(before);

    const first = await send("post", "/v2/team", auth, { teamName: `  Nova ${tag} ` });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      slug: `nova-${tag}`,
      teamName: `Nova ${tag}`,
      language: "en",
      customSettings: {},
      emailTheme: null,
      domains: [],
    });
    expect(first.body.authentication).toEqual({
      oauthClientId: null,
      authority: null,
      discovery: null,
      version: null,
      tenantId: null,
      azureAdSync: false,
      certRevocation: "ocsp",
    });
    const second = await send("post", "/v2/team", auth, { teamName: `Nova ${tag}` });
    expect(second.body.slug).toMatch(new RegExp(`^nova-${tag}-[0-9a-f]{6}$`));
    const symbols = await send("post", "/v2/team", auth, { teamName: "日本" });
    expect(symbols.body.slug).toMatch(/^team(-[0-9a-f]{6})?$/);

    const taken = await send("post", "/v2/team", auth, { teamName: "Other", slug: `nova-${tag}` });
    expect([taken.status, taken.body.error.code]).toEqual([409, "teamCreate409"]);
    await send("post", "/v2/team", auth, { teamName: `Owner ${tag}`, domains: [`owned-${tag}.test`] });
    const afterValid = await teamCount();
    const domain = await send("post", "/v2/team", auth, { teamName: `Thief ${tag}`, domains: [`free-${tag}.test`, `owned-${tag}.test`] });
    expect([domain.status, domain.body.error.code, domain.body.error.details]).toEqual([
      409,
      "domainTaken",
      { domains: [`owned-${tag}.test`] },
    ]);
    const invalid = await send("post", "/v2/team", auth, {
      teamName: "",
      country: "Portugal",
      slug: "Bad Slug",
      emailTheme: { name: "x", primaryColor: "blue" },
      bogus: 1,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("badParameters");
    expect(invalid.body.error.details.map((d: { path: string[] }) => d.path.join(".")).sort()).toEqual([
      "",
      "country",
      "emailTheme.primaryColor",
      "slug",
      "teamName",
    ]);
    expect(await teamCount()).toBe(afterValid);
    expect(await db().selectFrom("teamDomains").select("id").where("domain", "=", `free-${tag}.test`).executeTakeFirst()).toBeUndefined();

    const [entry] = await logOf("team.create", `nova-${tag}`);
    const team = await db().selectFrom("teams").select("id").where("slug", "=", `nova-${tag}`).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ teamId: team.id });
  });

  it("edits a team within scope, renames its slug, clears fields, and answers 404/409/400 without changes", async () => {
    const tag = fresh();
    const mine = await buildTeam(db(), { teamName: `Mine ${tag}`, slug: `mine-${tag}`, city: "Faro", country: "PT" });
    const theirs = await buildTeam(db(), { teamName: `Theirs ${tag}`, slug: `theirs-${tag}` });
    const { admin, auth } = await adminOf(mine);

    const ok = await send("put", "/v2/team", auth, {
      slug: mine.slug,
      notes: " Renewal in May ",
      contactEmail: { operations: "ops@mine.test" },
      timezone: "Europe/Lisbon",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      slug: mine.slug,
      teamName: `Mine ${tag}`,
      notes: "Renewal in May",
      city: "Faro",
      country: "PT",
      timezone: "Europe/Lisbon",
      contactEmail: { finance: null, operations: "ops@mine.test", support: null },
    });

    const cleared = await send("put", "/v2/team", auth, { slug: mine.slug, city: "", country: null, timezone: null, notes: "" });
    expect(cleared.body).toMatchObject({ city: null, country: null, timezone: null, notes: null });

    for (const [slug, code] of [
      [theirs.slug, "teamEdit404"],
      [`ghost-${tag}`, "teamEdit404"],
    ] as const) {
      const res = await send("put", "/v2/team", auth, { slug, notes: "hacked" });
      expect([res.status, res.body.error.code]).toEqual([404, code]);
    }
    expect((await db().selectFrom("teams").select("notes").where("id", "=", theirs.id).executeTakeFirstOrThrow()).notes).toBeNull();

    const rootAuth = await root();
    const clash = await send("put", "/v2/team", rootAuth, { slug: mine.slug, newSlug: theirs.slug });
    expect([clash.status, clash.body.error.code]).toEqual([409, "teamEdit409"]);
    const invalid = await send("put", "/v2/team", auth, { slug: mine.slug, teamName: "", city: "x".repeat(129), domains: ["a.test"] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details.map((d: { path: string[] }) => d.path.join(".")).sort()).toEqual(["", "city", "teamName"]);
    expect(await db().selectFrom("teams").select(["teamName", "slug"]).where("id", "=", mine.id).executeTakeFirstOrThrow()).toEqual({
      teamName: `Mine ${tag}`,
      slug: mine.slug,
    });

    const renamed = await send("put", "/v2/team", rootAuth, { slug: mine.slug, newSlug: `ours-${tag}`, teamName: `Ours ${tag}` });
    expect(renamed.body).toMatchObject({ slug: `ours-${tag}`, teamName: `Ours ${tag}` });
    expect((await get(`/v2/team/${mine.slug}`, auth)).status).toBe(404);
    expect((await get(`/v2/team/ours-${tag}`, auth)).status).toBe(200);

    const entries = await db()
      .selectFrom("accessLog")
      .select(["teamId", "details", "actorUsername"])
      .where("action", "=", "team.update")
      .where("teamId", "=", mine.id)
      .orderBy("id")
      .execute();
    expect(entries).toHaveLength(3);
    expect(entries.slice(0, 2).every((e) => e.actorUsername === admin.username)).toBe(true);
    expect(JSON.parse(entries[2]!.details!)).toEqual({ fields: ["teamName"], renamedFrom: mine.slug });
  });

  it("lets only root change the identifier and the authentication group; a company admin gets teamEdit403 and nothing changes", async () => {
    const tag = fresh();
    const mine = await buildTeam(db(), { teamName: `Guarded ${tag}`, slug: `guarded-${tag}` });
    const { auth } = await adminOf(mine);
    const rootAuth = await root();
    const auth0 = {
      oauthClientId: `client-${tag}`,
      tenantId: "72f988bf-86f1-41af-91ab-2d7cd011db47",
      azureAdSync: true,
      certRevocation: "ocsp",
    };

    const byRoot = await send("put", "/v2/team", rootAuth, { slug: mine.slug, authentication: auth0 });
    expect(byRoot.status).toBe(200);
    const stored = byRoot.body.authentication as Record<string, unknown>;

    const cases: [Body, string[]][] = [
      [{ newSlug: `taken-over-${tag}` }, ["newSlug"]],
      [{ authentication: { ...auth0, oauthClientId: "evil" } }, ["authentication"]],
      [{ authentication: { azureAdSync: false, certRevocation: "disabled" } }, ["authentication"]],
      [
        { newSlug: `both-${tag}`, authentication: { ...auth0, tenantId: "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" }, notes: "x" },
        ["newSlug", "authentication"],
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await send("put", "/v2/team", auth, { slug: mine.slug, ...body });
      expect([res.status, res.body.error.code, res.body.error.details]).toEqual([403, "teamEdit403", { fields }]);
    }
    const row = await db().selectFrom("teams").selectAll().where("id", "=", mine.id).executeTakeFirstOrThrow();
    expect([row.slug, row.authOauthClientId, row.authTenantId, row.notes]).toEqual([
      mine.slug,
      `client-${tag}`,
      "72f988bf-86f1-41af-91ab-2d7cd011db47",
      null,
    ]);

    // The whole record sent back unchanged (what the profile form does) saves the other fields.
    const same = await send("put", "/v2/team", auth, { slug: mine.slug, newSlug: mine.slug, authentication: auth0, city: "Porto" });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ slug: mine.slug, city: "Porto", authentication: stored });
  });

  it("deletes as root only: 403 for admins, 409 when unknown, 422 while it has users; cascades and detaches packs", async () => {
    const tag = fresh();
    const team = await buildTeam(db(), { slug: `doomed-${tag}` });
    const busy = await buildTeam(db(), { slug: `busy-${tag}` });
    await db()
      .insertInto("teamDomains")
      .values({ teamId: team.id, domain: `doomed-${tag}.test`, createdAt: Date.now() })
      .execute();
    const { admin, auth: adminAuth } = await adminOf(team);
    const packId = await addPack(team);
    await addUser(busy);
    const auth = await root();

    for (const slug of [team.slug, `ghost-${tag}`]) {
      const res = await send("delete", "/v2/team", adminAuth, { slug });
      expect([res.status, res.body.error.code]).toEqual([403, "teamDelete403"]);
    }
    const unknown = await send("delete", "/v2/team", auth, { slug: `ghost-${tag}` });
    expect([unknown.status, unknown.body.error.code]).toEqual([409, "teamDelete409"]);
    const withUsers = await send("delete", "/v2/team", auth, { slug: busy.slug });
    expect([withUsers.status, withUsers.body.error.code, withUsers.body.error.details]).toEqual([422, "teamDelete422", { users: 1 }]);
    expect((await get(`/v2/team/${busy.slug}`, auth)).status).toBe(200);
    const malformed = await send("delete", "/v2/team", auth, {});
    expect(malformed.status).toBe(400);

    const ok = await send("delete", "/v2/team", auth, { slug: team.slug });
    expect([ok.status, ok.body]).toEqual([200, { ok: true }]);
    expect(await db().selectFrom("teams").select("id").where("id", "=", team.id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom("teamDomains").select("id").where("teamId", "=", team.id).execute()).toEqual([]);
    expect(await db().selectFrom("adminTeams").select("teamId").where("adminId", "=", admin.id).execute()).toEqual([]);
    expect((await db().selectFrom("licensePacks").select("teamId").where("uid", "=", packId).executeTakeFirstOrThrow()).teamId).toBeNull();
    const [entry] = await logOf("team.delete", team.slug);
    expect(entry?.teamId).toBeNull();
    expect(JSON.parse(entry!.details!)).toMatchObject({ teamId: team.id, detachedLicensePacks: 1 });
  });

  it("replaces custom settings within scope; bad settings are a 400 with details and change nothing", async () => {
    const tag = fresh();
    const team = await buildTeam(db(), { slug: `tuned-${tag}` });
    const other = await buildTeam(db(), { slug: `untuned-${tag}` });
    const { auth } = await adminOf(team);
    const ok = await send("put", "/v2/team/settings", auth, {
      slug: team.slug,
      customSettings: { security: { otpLength: 8 }, calling: { callTimeoutMax: 600 } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.customSettings).toEqual({ security: { otpLength: 8 }, calling: { callTimeoutMax: 600 } });

    const bad = await send("put", "/v2/team/settings", auth, { slug: team.slug, customSettings: { security: { otpLength: 0 }, tls: {} } });
    expect([bad.status, bad.body.error.code]).toEqual([400, "teamSettings400"]);
    expect(bad.body.error.details.map((d: { path: string[] }) => d.path.join(".")).sort()).toEqual([
      "customSettings",
      "customSettings.security.otpLength",
    ]);
    const stored = await db().selectFrom("teams").select("customSettings").where("id", "=", team.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.customSettings)).toEqual({ security: { otpLength: 8 }, calling: { callTimeoutMax: 600 } });

    const outside = await send("put", "/v2/team/settings", auth, { slug: other.slug, customSettings: {} });
    expect([outside.status, outside.body.error.code]).toEqual([404, "teamSettings404"]);
    const cleared = await send("put", "/v2/team/settings", auth, { slug: team.slug, customSettings: {} });
    expect(cleared.body.customSettings).toEqual({});
    const entries = await logOf("team.settings", team.slug);
    expect(entries.map((e) => [e.teamId, JSON.parse(e.details!)])).toEqual([
      [team.id, { groups: ["calling", "security"] }],
      [team.id, { groups: [] }],
    ]);
  });

  it("needs the CSRF token for changes made with a browser session", async () => {
    const team = await buildTeam(db());
    const { admin } = await adminOf(team);
    const session = await signIn(db(), server.config, admin);
    const body = { slug: team.slug, notes: "from the browser" };
    const refused = await server.request().put("/v2/team").set("Cookie", session.header).send(body);
    expect([refused.status, refused.body.error.code]).toEqual([403, "csrfInvalid"]);
    const ok = await server.request().put("/v2/team").set("Cookie", session.header).set("X-CSRF-Token", session.csrfToken).send(body);
    expect([ok.status, ok.body.notes]).toEqual([200, "from the browser"]);
  });
});
