import { describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { buildAdmin, buildTeam, buildUser, pageAs } from "../support/factories";
import { useTestServer } from "../support/lifecycle";

describe("domains and associations pages", () => {
  const server = useTestServer();
  const db = () => server.database.db;
  const page = (url: string, admin: Row<"admins">) => pageAs(server, url, admin);

  it("/domains lists each company's domains, the users outside them and one editor island per company", async () => {
    const team = await buildTeam(db(), { teamName: "Pagedom One", slug: "pagedom-one" });
    await buildTeam(db(), { teamName: "Pagedom Two", slug: "pagedom-two" });
    await db().insertInto("teamDomains").values({ teamId: team.id, domain: "pagedom.example", createdAt: Date.now() }).execute();
    await buildUser(db(), { team, username: "in@pagedom.example" });
    await buildUser(db(), { team, username: "out@elsewhere.example" });
    const root = await buildAdmin(db(), { role: "root" });
    const res = await page("/domains?search=pagedom", root);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<p class="list-count" role="status">1–2 of 2</p>');
    expect(res.text).toContain('<a class="chip" data-chip="search" href="/domains"');
    expect(res.text).toContain('href="/domains?search=pagedom&amp;order=desc"');
    // The order and the page size travel with the next page's cursor.
    const paged = await page("/domains?search=pagedom&order=desc&limit=1", root);
    expect(paged.text).toContain('data-slug="pagedom-two"');
    expect(paged.text).not.toContain('data-slug="pagedom-one"');
    const next = /rel="next" href="([^"]+)"/.exec(paged.text)?.[1]?.replace(/&amp;/g, "&");
    expect(next).toMatch(/^\/domains\?order=desc&search=pagedom&limit=1&cursor=/);
    const second = await page(next!, root);
    expect(second.text).toContain('data-slug="pagedom-one"');
    expect(second.text).not.toContain('data-slug="pagedom-two"');
    expect(res.text.match(/bulwark-island name="DomainsEditor"/g)).toHaveLength(2);
    expect(res.text).toContain("<code>pagedom.example</code>");
    expect(res.text).toContain("Users outside these domains: 1");
    expect(res.text).toContain('href="/teams/profile/pagedom-one"');
    const es = await page("/domains?search=pagedom", await buildAdmin(db(), { role: "root", lang: "es" }));
    expect(es.text).toContain("Usuarios fuera de estos dominios: 1");
  });

  it("/associations lists associations with their companies and the manager island; a bad cursor starts again", async () => {
    const a = await buildTeam(db(), { teamName: "Pageassoc A", slug: "pageassoc-a" });
    const b = await buildTeam(db(), { teamName: "Pageassoc B", slug: "pageassoc-b" });
    const now = Date.now();
    const row = await db()
      .insertInto("associations")
      .values({ uid: "00000000-0000-4000-8000-0000000000aa", name: "Pageassoc group", status: "open", createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("associationTeams")
      .values([
        { associationId: row.id, teamId: a.id },
        { associationId: row.id, teamId: b.id },
      ])
      .execute();
    const root = await buildAdmin(db(), { role: "root" });
    const res = await page("/associations?search=pageassoc", root);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<p class="list-count" role="status">1–1 of 1</p>');
    const none = await page("/associations?search=no-such-association", root);
    expect(none.text).toContain("No association matches this search.");
    expect(res.text).toContain('bulwark-island name="AssociationsManager"');
    expect(res.text).toContain("Pageassoc A, Pageassoc B");
    const bad = await page(`/associations?cursor=${Buffer.from('{"v":1,"id":1}').toString("base64url")}`, root);
    expect(bad.status).toBe(200);
    const done = await page("/associations?done=created", root);
    expect(done.text).toContain("Association created");
  });

  it("a team profile shows root its domains editor and associations, and an admin neither", async () => {
    const team = await buildTeam(db(), { teamName: "Profdom", slug: "profdom" });
    const other = await buildTeam(db(), { teamName: "Profdom Two", slug: "profdom-two" });
    await db().insertInto("teamDomains").values({ teamId: team.id, domain: "profdom.example", createdAt: Date.now() }).execute();
    const now = Date.now();
    const row = await db()
      .insertInto("associations")
      .values({ uid: "00000000-0000-4000-8000-0000000000bb", name: "Profdom pair", status: "closed", createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("associationTeams")
      .values([
        { associationId: row.id, teamId: team.id },
        { associationId: row.id, teamId: other.id },
      ])
      .execute();
    const root = await page("/teams/profile/profdom", await buildAdmin(db(), { role: "root" }));
    expect(root.text).toContain('bulwark-island name="DomainsEditor"');
    expect(root.text).toMatch(/<li>Profdom pair(<!-- -->)? <span class="badge badge-blocked">Closed<\/span><\/li>/);
    const admin = await page("/teams/profile/profdom", await buildAdmin(db(), { teams: [team] }));
    expect(admin.status).toBe(200);
    expect(admin.text).not.toContain('bulwark-island name="DomainsEditor"');
    expect(admin.text).not.toContain("Profdom pair");
  });

  it("both pages are root only", async () => {
    const admin = await buildAdmin(db(), { teams: [await buildTeam(db())] });
    expect((await page("/domains", admin)).status).toBe(403);
    expect((await page("/associations", admin)).status).toBe(403);
  });
});
