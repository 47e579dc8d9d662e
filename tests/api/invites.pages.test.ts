/**
 * /invites as the server renders it, on both dialects: the wizard is offered only the
 * companies of the administrator's scope that have available licenses (with their domains), a
 * root is offered every such company (above TEAM_LIST_MAX none travel: the wizard searches), the
 * list tab carries the validated view, and a hand-edited parameter is dropped rather than failing
 * the page.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { TEAM_LIST_MAX } from "../../client/components/licenses/TeamPicker";
import type { Row } from "../../server/db/types";
import { invitesQueryFromUrl } from "../../server/pages/sections/invites";
import { testDialects } from "../support/db";
import { buildAdmin, buildPack, buildTeam, buildUser, pageAs } from "../support/factories";
import { useTestServer } from "../support/lifecycle";
import { buildInvite } from "./invites.support";

/** The props of the page's island `name`, as the server serialised them. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const match = new RegExp(`<bulwark-island name="${name}"[^>]*><script type="application/json"[^>]*>(.*?)</script>`, "s").exec(html);
  if (!match?.[1]) throw new Error(`no ${name} island`);
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe("the /invites list view from the address bar", () => {
  it("keeps valid parameters and drops the others", () => {
    expect(invitesQueryFromUrl({ view: "pending", search: "ana", team: "acme", state: "expired", order: "desc", limit: "25" })).toEqual({
      search: "ana",
      team: "acme",
      state: "expired",
      order: "desc",
      limit: 25,
    });
    expect(invitesQueryFromUrl({ state: "bogus", order: "sideways", limit: "100000", team: "Not A Slug!" })).toEqual({
      search: "",
      team: "",
      state: "",
      order: "asc",
      limit: 50,
    });
  });
});

describe.each(testDialects())("invitation pages on %s", (dialect) => {
  const server = useTestServer({ dialect });
  let open: Row<"teams">;
  let full: Row<"teams">;
  let foreign: Row<"teams">;
  let admin: Row<"admins">;
  let root: Row<"admins">;

  const page = (url: string, who: Row<"admins">) => pageAs(server, url, who);

  beforeAll(async () => {
    const db = server.database.db;
    open = await buildTeam(db, { teamName: "Andromeda Invites", slug: "andromeda-invites" });
    full = await buildTeam(db, { teamName: "Boötes Invites", slug: "bootes-invites" });
    foreign = await buildTeam(db, { teamName: "Cygnus Invites", slug: "cygnus-invites" });
    await buildPack(db, { team: open, licenseCount: 5 });
    await buildUser(db, { team: open });
    await buildPack(db, { team: full, licenseCount: 1 });
    await buildUser(db, { team: full });
    await buildPack(db, { team: foreign, licenseCount: 9 });
    await db.insertInto("teamDomains").values({ teamId: open.id, domain: "andromeda.test", createdAt: Date.now() }).execute();
    await buildInvite(db, { team: open, address: "ana@andromeda.test" });
    await buildInvite(db, { team: foreign, address: "cy@cygnus.test" });
    admin = await buildAdmin(db, { teams: [open, full] });
    root = await buildAdmin(db, { role: "root" });
  });

  it("offers an administrator only their companies with available licenses, with the domains", async () => {
    const res = await page("/invites", admin);
    expect(res.status).toBe(200);
    // 5 licenses: one user and one pending invitation use two.
    expect(islandProps(res.text, "InviteWizard").companies).toEqual([
      { slug: "andromeda-invites", teamName: "Andromeda Invites", available: 3, domains: ["andromeda.test"], language: "en" },
    ]);
    expect(res.text).not.toContain("Cygnus Invites");
    expect(res.text).toMatch(/aria-current="page"[^>]*>Invite users</);
  });

  it("offers root every company with available licenses", async () => {
    const res = await page("/invites?team=cygnus-invites", root);
    const props = islandProps(res.text, "InviteWizard");
    const slugs = (props.companies as { slug: string }[]).map((company) => company.slug);
    expect(slugs).toContain("andromeda-invites");
    expect(slugs).toContain("cygnus-invites");
    expect(slugs).not.toContain("bootes-invites");
    expect(props.team).toBe("cygnus-invites");
  });

  it("renders the list tab with the validated view, the scope's first page and only the scope's companies in its filter", async () => {
    const res = await page("/invites?view=pending&search=ana&state=nope&order=desc", admin);
    expect(res.status).toBe(200);
    const props = islandProps(res.text, "InvitesTable");
    expect(props.query).toEqual({ search: "ana", team: "", state: "", order: "desc", limit: 50 });
    expect(res.text).toContain('data-address="ana@andromeda.test"');
    const all = await page("/invites?view=pending", admin);
    expect((islandProps(all.text, "InvitesTable").page as { items: { address: string }[] }).items.map((item) => item.address)).toEqual([
      "ana@andromeda.test",
    ]);
    expect(all.text).not.toContain("cy@cygnus.test");
    const rooted = await page("/invites?view=pending&team=cygnus-invites", root);
    expect((islandProps(rooted.text, "InvitesTable").page as { items: { address: string }[] }).items.map((item) => item.address)).toEqual([
      "cy@cygnus.test",
    ]);
    expect(props.teams).toEqual([
      { slug: "andromeda-invites", teamName: "Andromeda Invites" },
      { slug: "bootes-invites", teamName: "Boötes Invites" },
    ]);
    expect(res.text).toMatch(/aria-current="page"[^>]*>Pending invitations</);
    // The export form carries the list's filters to GET /v2/invites/export.
    const form = /<form class="export-form"[^>]*action="\/v2\/invites\/export"[^]*?<\/form>/.exec(res.text)?.[0] ?? "";
    expect(form).toContain('name="search" value="ana"');
    expect(form).toContain('name="order" value="desc"');
    expect(form).not.toContain('name="state"');
  });

  // Last: it gives root more companies with licenses than the page carries.
  it("above TEAM_LIST_MAX companies with licenses the page carries none (the wizard searches them), only the one asked for", async () => {
    const db = server.database.db;
    const now = Date.now();
    const teams = await db
      .insertInto("teams")
      .values(
        Array.from({ length: TEAM_LIST_MAX + 1 }, (_, i) => ({
          slug: `many-invites-${i}`,
          teamName: `Many Invites ${String(i).padStart(3, "0")}`,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("licensePacks")
      .values(
        teams.map(({ id }) => ({
          uid: randomUUID(),
          licenseType: "subscription",
          licenseCount: 2,
          status: "active" as const,
          expiresAt: now + 365 * 86_400_000,
          source: "purchase" as const,
          createdAt: now,
          updatedAt: now,
          teamId: id,
        })),
      )
      .execute();
    const res = await page("/invites?team=andromeda-invites", root);
    const props = islandProps(res.text, "InviteWizard");
    expect(props.companies).toBeNull();
    expect(props.chosen).toEqual({
      slug: "andromeda-invites",
      teamName: "Andromeda Invites",
      available: 3,
      domains: ["andromeda.test"],
      language: "en",
    });
    expect(res.text).not.toContain("Many Invites 000");
    // A company without available licenses is never the one carried.
    expect(islandProps((await page("/invites?team=bootes-invites", root)).text, "InviteWizard").chosen).toBeUndefined();
    // The administrator's scope is small: their companies still travel with the page.
    expect(islandProps((await page("/invites", admin)).text, "InviteWizard").companies).toHaveLength(1);
  });
});
