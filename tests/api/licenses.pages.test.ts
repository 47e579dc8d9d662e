import type { Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database, Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { buildAdmin, buildPack, buildTeam, buildUser, pageAs, signIn } from "../support/factories";
import { useTestServer } from "../support/lifecycle";

const DAY = 86_400_000;

/** A pack of `count` licenses expiring in `days` (negative: expired that long ago), issued yesterday. */
async function buildPackIn(
  db: Kysely<Database>,
  team: Row<"teams">,
  fields: { count: number; expiresInDays: number; type?: "subscription" | "trial" },
): Promise<string> {
  const now = Date.now();
  const pack = await buildPack(db, {
    team,
    licenseCount: fields.count,
    licenseType: fields.type ?? "subscription",
    expiresAt: now + fields.expiresInDays * DAY,
    createdAt: now - DAY,
  });
  return pack.uid!;
}

/** The rows of the packs table, in order, by pack id. */
const packIds = (html: string) => [...html.matchAll(/data-pack="([^"]+)"/g)].map((m) => m[1]);
/** A gauge figure as rendered in text (the legend's `data-seats` cell). */
const figure = (html: string, key: string) => new RegExp(`data-seats="${key}">([^<]+)<`).exec(html)?.[1];

describe.each(testDialects())("license pages on %s", (dialect) => {
  const server = useTestServer({ dialect });
  let teamA: Row<"teams">;
  let teamB: Row<"teams">;
  let root: Row<"admins">;
  let adminA: Row<"admins">;
  const packs: Record<string, string> = {};

  const page = (url: string, admin: Row<"admins">) => pageAs(server, url, admin);

  beforeAll(async () => {
    const db = server.database.db;
    teamA = await buildTeam(db, { teamName: "Andromeda Pages", slug: "andromeda-pages" });
    teamB = await buildTeam(db, { teamName: "Boötes Pages", slug: "bootes-pages" });
    root = await buildAdmin(db, { role: "root" });
    adminA = await buildAdmin(db, { teams: [teamA] });
    packs.aValid = await buildPackIn(db, teamA, { count: 100, expiresInDays: 200 });
    packs.aSoon = await buildPackIn(db, teamA, { count: 20, expiresInDays: 10, type: "trial" });
    packs.aGone = await buildPackIn(db, teamA, { count: 50, expiresInDays: -5 });
    packs.bValid = await buildPackIn(db, teamB, { count: 7, expiresInDays: 90 });
    for (let i = 0; i < 3; i++) await buildUser(db, { team: teamA });
  });

  it("shows root every pack by expiration, with state badges, the gauge in text and the actions", async () => {
    const res = await page("/licenses", root);
    expect(res.status).toBe(200);
    expect(packIds(res.text)).toEqual([packs.aGone, packs.aSoon, packs.bValid, packs.aValid]);
    expect(res.text).toContain("1–4 of 4");
    expect(res.text).toMatch(/data-state="expired">Expired</);
    expect(res.text).toMatch(/data-state="nearExpiration">Near expiration</);
    // Capacity counts unexpired packs only: 100 + 20 (team A) + 7 (team B); 3 users use licenses.
    expect(res.text).toContain("Licenses of all companies");
    expect(figure(res.text, "users")).toBe("3");
    expect(figure(res.text, "available")).toBe("124");
    expect(res.text).toContain("127 licenses in valid packs");
    expect(res.text).toMatch(/<tr data-team="andromeda-pages"><th scope="row">Andromeda Pages<\/th>/);
    expect(res.text).toContain('bulwark-island name="LicenseGauge"');
    expect(res.text).toContain('bulwark-island name="LicensesTable"');
    // An expired pack can only be extended; the others also expire and distribute.
    expect(res.text.match(/>Extend<\/button>/g)).toHaveLength(4);
    expect(res.text.match(/>Expire<\/button>/g)).toHaveLength(3);
    expect(res.text).toContain('href="/purchase"');
  });

  it("shows an admin only their companies' packs and figures, without actions", async () => {
    const res = await page("/licenses", adminA);
    expect(res.status).toBe(200);
    expect(packIds(res.text)).toEqual([packs.aGone, packs.aSoon, packs.aValid]);
    expect(res.text).not.toContain("bootes-pages");
    expect(res.text).toContain("Licenses of your companies");
    expect(figure(res.text, "available")).toBe("117");
    expect(res.text).not.toMatch(/>Extend<\/button>/);
    expect(res.text).not.toMatch(/>Distribute<\/button>/);
    // Another company's filter shows nothing of it.
    const other = await page("/licenses?team=bootes-pages", adminA);
    expect(packIds(other.text)).toEqual([]);
  });

  it("filters by company, state and type, pages by keyset links and ignores bad parameters", async () => {
    const byTeam = await page("/licenses?team=andromeda-pages&state=valid", root);
    expect(packIds(byTeam.text)).toEqual([packs.aValid]);
    expect(byTeam.text).toContain("Licenses of Andromeda Pages");
    expect(figure(byTeam.text, "available")).toBe("117");
    expect(byTeam.text).toContain('href="/licenses">Clear filters</a>');
    expect(packIds((await page("/licenses?licenseType=trial", root)).text)).toEqual([packs.aSoon]);
    expect(packIds((await page("/licenses?state=expired", root)).text)).toEqual([packs.aGone]);

    const first = await page("/licenses?limit=2", root);
    expect(packIds(first.text)).toEqual([packs.aGone, packs.aSoon]);
    const next = /rel="next" href="([^"]+)"/.exec(first.text)?.[1]?.replace(/&amp;/g, "&");
    // The page size travels with the cursor (a keyset cursor belongs to its page size).
    expect(next).toMatch(/^\/licenses\?limit=2&cursor=/);
    const second = await page(next!, root);
    expect(packIds(second.text)).toEqual([packs.bValid, packs.aValid]);
    expect(second.text).toContain(">First page</a>");

    const bad = await page("/licenses?state=bogus&licenseType=gold&limit=9999&cursor=%%%", root);
    expect(bad.status).toBe(200);
    expect(packIds(bad.text)).toHaveLength(4);
  });

  it("lists a company whose packs all expired in the summary as unlicensed", async () => {
    const db = server.database.db;
    const dry = await buildTeam(db, { teamName: "Dorado Pages", slug: "dorado-pages" });
    const gone = await buildPackIn(db, dry, { count: 9, expiresInDays: -400 });
    const res = await page("/licenses?state=expired", root);
    expect(packIds(res.text)).toEqual([gone, packs.aGone]);
    expect(res.text).toMatch(/<tr data-team="dorado-pages"><th scope="row">Dorado Pages<\/th>.*?Unlicensed/);
    await db.deleteFrom("licensePacks").where("teamId", "=", dry.id).execute();
  });

  it("says what to do next when there are no packs, and when no pack matches", async () => {
    const lone = await buildTeam(server.database.db, { teamName: "Carina Pages", slug: "carina-pages" });
    const admin = await buildAdmin(server.database.db, { teams: [lone] });
    const empty = await page("/licenses", admin);
    expect(empty.text).toContain("No license packs yet");
    expect(empty.text).toContain("Purchase a license pack for a company");
    expect(empty.text).toContain('class="button button-primary" href="/purchase"');
    expect(empty.text).not.toContain('bulwark-island name="LicensesTable"');
    const none = await page("/licenses?state=nearExpiration&licenseType=subscription", root);
    expect(none.text).toContain("No license pack matches these filters");
  });

  it("renders the purchase form with the companies in scope and the price list", async () => {
    const res = await page("/purchase?team=andromeda-pages", adminA);
    expect(res.status).toBe(200);
    expect(res.text).toContain('bulwark-island name="PurchaseForm"');
    expect(res.text).toContain(">Andromeda Pages</option>");
    expect(res.text).not.toContain(">Boötes Pages</option>");
    expect(res.text).toContain(">12 months</option>");
    expect(res.text).toContain('<option value="andromeda-pages" selected="">');
  });

  it("shows the dashboard's gauge, the expiry banner and only the getting-started steps still to do", async () => {
    const res = await page("/dashboard", adminA);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("<script");
    expect(figure(res.text, "available")).toBe("117");
    expect(res.text).toContain('href="/licenses?state=nearExpiration">1 license pack expires within 30 days</a>');
    expect(res.text).toContain('href="/licenses?state=expired">1 license pack expired in the last 30 days</a>');
    expect(res.text).not.toContain("Getting started");

    const db = server.database.db;
    const bare = await buildTeam(db);
    const newcomer = await buildAdmin(db, { teams: [bare] });
    const steps = await page("/dashboard", newcomer);
    expect([...steps.text.matchAll(/data-step="(\w+)"/g)].map((m) => m[1])).toEqual(["license", "user"]);
    expect(steps.text).toContain('href="/purchase"');
    expect(steps.text).toContain('href="/users/create"');

    const nobody = await buildAdmin(db, { teams: [] });
    const noTeam = await page("/dashboard", nobody);
    expect([...noTeam.text.matchAll(/data-step="(\w+)"/g)].map((m) => m[1])).toEqual(["team", "license", "user"]);
    expect(noTeam.text).toContain("Ask a super administrator to assign you one.");
    expect(noTeam.text).not.toContain('href="/teams/create"');
  });
});

describe("license pages in the private edition", () => {
  const server = useTestServer({ env: { EDITION: "private" } });
  const page = (url: string, admin: Row<"admins">) => pageAs(server, url, admin);

  it("offers Activate to root only, and tells an admin who can activate", async () => {
    const team = await buildTeam(server.database.db);
    const admin = await buildAdmin(server.database.db, { teams: [team] });
    const root = await buildAdmin(server.database.db, { role: "root" });
    expect((await page("/purchase", admin)).status).toBe(403);
    const activate = await page("/purchase", root);
    expect(activate.status).toBe(200);
    expect(activate.text).toContain('bulwark-island name="ActivateForm"');
    expect(activate.text).toContain("Activation token");
    const list = await page("/licenses", admin);
    expect(list.text).toContain("Ask a super administrator to activate a license pack for your companies.");
    expect(list.text).not.toContain('href="/purchase"');
    const dashboard = await page("/dashboard", admin);
    expect(dashboard.text).toContain("Ask a super administrator to activate a license pack.");
    expect((await page("/dashboard", root)).text).toContain(">Activate a license</a>");
  });
});

describe("license pages for a scope of many companies", () => {
  const server = useTestServer();
  beforeAll(async () => {
    const now = Date.now();
    await server.database.db
      .insertInto("teams")
      .values(Array.from({ length: 201 }, (_, i) => ({ slug: `many-${i}`, teamName: `Many ${i}`, createdAt: now, updatedAt: now })))
      .execute();
  });

  it("searches the companies instead of sending every name with the purchase form and the packs table", async () => {
    const root = await buildAdmin(server.database.db, { role: "root" });
    const cookie = (await signIn(server.database.db, server.config, root)).header;
    const team = await server.database.db.selectFrom("teams").selectAll().where("slug", "=", "many-7").executeTakeFirstOrThrow();
    await buildPack(server.database.db, { team, licenseCount: 5 });
    const purchase = await server.request().get("/purchase?team=many-7").set("Cookie", cookie);
    expect(purchase.text).toContain(">Find a company</label>");
    expect(purchase.text).toContain('"teams":null');
    expect(purchase.text).toContain('<option value="many-7" selected="">Many 7</option>');
    expect(purchase.text).not.toContain(">Many 150</option>");
    const list = await server.request().get("/licenses").set("Cookie", cookie);
    expect(list.text).toMatch(/bulwark-island name="LicensesTable".*"teams":null/s);
  });
});
