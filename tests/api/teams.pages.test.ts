import { describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { buildAdmin, buildTeam, pageAs, setSettings } from "../support/factories";
import { useTestServer } from "../support/lifecycle";

describe("team pages", () => {
  const server = useTestServer();
  const page = (url: string, admin: Row<"admins">) => pageAs(server, url, admin);

  it("renders the list frame (a GET form that works without script, chips, pager above and below), sort links and the root-only create button", async () => {
    const teams = [];
    for (const name of ["Andromeda", "Boötes", "Carina"])
      teams.push(await buildTeam(server.database.db, { teamName: `${name} pages`, slug: `${name.slice(0, 3).toLowerCase()}-pages` }));
    const root = await buildAdmin(server.database.db, { role: "root" });
    const res = await page("/teams?search=pages&limit=2", root);
    expect(res.status).toBe(200);
    // The toolbar is a plain GET form with a submit button (works without script), enhanced by the ListFilters island.
    expect(res.text).toMatch(/<form class="list-filters" role="search"[^>]*action="\/teams" method="get">/);
    expect(res.text).toContain('<button type="submit" class="button list-submit">Apply</button>');
    expect(res.text).toContain('bulwark-island name="ListFilters"');
    // The search is a removable chip; 'Clear filters' keeps the page size.
    expect(res.text).toContain(
      '<a class="chip" data-chip="search" href="/teams?limit=2" aria-label="Remove filter Search companies: pages">',
    );
    expect(res.text).toContain('<a class="button button-link filters-clear" href="/teams?limit=2">Clear filters</a>');
    expect(res.text.match(/rel="next"/g)).toHaveLength(2);
    expect(res.text).toContain("1–2 of 3");
    expect(res.text).toContain('href="/teams/create"');
    expect(res.text).toContain('href="/teams/profile/and-pages"');
    expect(res.text).toContain('aria-sort="ascending"');
    expect(res.text).toContain('href="/teams?search=pages&amp;limit=2&amp;sort=slug"');
    expect(res.text).toContain('href="/teams?search=pages&amp;limit=2&amp;sort=createdOn&amp;order=desc"');
    const next = /rel="next" href="([^"]+)"/.exec(res.text)?.[1]?.replace(/&amp;/g, "&");
    expect(next).toMatch(/^\/teams\?search=pages&limit=2&cursor=/);
    const second = await page(next!, root);
    expect(second.text).toContain('href="/teams/profile/car-pages"');
    expect(second.text).not.toContain('href="/teams/profile/and-pages"');
    expect(second.text).not.toContain('rel="next"');
    expect(second.text).toContain("3 in total");
    expect(second.text).toContain('<a class="button" href="/teams?search=pages&amp;limit=2">First page</a>');

    const admin = await buildAdmin(server.database.db, { teams: [teams[1]!] });
    const mine = await page("/teams?search=pages", admin);
    expect(mine.text).toContain("1–1 of 1");
    expect(mine.text).not.toContain('href="/teams/create"');
  });

  it("ignores bad list parameters instead of failing, and shows the empty state", async () => {
    const root = await buildAdmin(server.database.db, { role: "root" });
    const bad = await page(`/teams?sort=bogus&order=up&limit=9999&cursor=${Buffer.from('{"v":1,"id":1}').toString("base64url")}`, root);
    expect(bad.status).toBe(200);
    const none = await page("/teams?search=nothing-matches-this", root);
    expect(none.text).toContain("No company matches “nothing-matches-this”.");
  });

  it("answers 403 on /teams/create to an admin and 404 on a profile outside the scope", async () => {
    const team = await buildTeam(server.database.db);
    const other = await buildTeam(server.database.db);
    const admin = await buildAdmin(server.database.db, { teams: [team] });
    expect((await page("/teams/create", admin)).status).toBe(403);
    const own = await page(`/teams/profile/${team.slug}`, admin);
    expect(own.status).toBe(200);
    expect(own.text).toContain('bulwark-island name="TeamForm"');
    expect(own.text).toContain('bulwark-island name="TeamSettingsEditor"');
    expect(own.text).not.toContain('bulwark-island name="TeamDelete"');
    expect((await page(`/teams/profile/${other.slug}`, admin)).status).toBe(404);
    expect((await page("/teams/profile/no-such-team", admin)).status).toBe(404);
    const root = await buildAdmin(server.database.db, { role: "root" });
    const unmanaged = await page(`/teams/profile/${other.slug}`, root);
    expect(unmanaged.text).toContain("This company is not currently managed by any administrator");
    expect(unmanaged.text).toContain('bulwark-island name="TeamDelete"');
    expect((await page("/teams/create", root)).text).toContain('bulwark-island name="TeamForm"');
  });

  it("splits the profile into parts that save on their own; a company admin sees the identifier and authentication read-only", async () => {
    const team = await buildTeam(server.database.db);
    const admin = await buildAdmin(server.database.db, { teams: [team] });
    const root = await buildAdmin(server.database.db, { role: "root" });
    /** Each part's form, by its data-part, as rendered. */
    const parts = (html: string) =>
      Object.fromEntries([...html.matchAll(/<form[^>]*data-part="(\w+)"[^>]*>([\s\S]*?)<\/form>/g)].map((m) => [m[1]!, m[2]!]));
    const slugInput = (html: string) => /<input[^>]*name="slug"[^>]*>/.exec(html)?.[0] ?? "";
    const saves = (form: string) => (form.match(/type="submit"/g) ?? []).length;

    const mine = parts((await page(`/teams/profile/${team.slug}`, admin)).text);
    expect(Object.keys(mine).sort()).toEqual(["authentication", "details", "emailTheme"]);
    expect(slugInput(mine.details!)).toContain("readOnly");
    expect(mine.authentication).toMatch(/<fieldset class="form-section" disabled="">/);
    expect(mine.authentication).toContain("Only a super administrator can change this.");
    expect([saves(mine.details!), saves(mine.authentication!), saves(mine.emailTheme!)]).toEqual([1, 0, 1]);

    const asRoot = parts((await page(`/teams/profile/${team.slug}`, root)).text);
    expect(slugInput(asRoot.details!)).not.toContain("readOnly");
    // Only the fieldset says whether root may edit: every submit button waits for hydration (disabled="" until then).
    expect(asRoot.authentication).not.toMatch(/<fieldset[^>]*disabled/);
    expect([saves(asRoot.details!), saves(asRoot.authentication!), saves(asRoot.emailTheme!)]).toEqual([1, 1, 1]);
  });

  it("lists the settings the team overrides beside the system values, the TURN password as set only", async () => {
    const db = server.database.db;
    await setSettings(db, "security", { sessionExpiryHours: 12, pinLock: false });
    const customSettings = JSON.stringify({
      security: { sessionExpiryHours: 4, pinLock: true },
      calling: { turn: { url: "turn:relay.example.com:3478", username: "relay", password: "Team-relay-S3cret" } },
    });
    const team = await buildTeam(db, { customSettings });
    const plain = await buildTeam(db);
    const admin = await buildAdmin(db, { teams: [team, plain] });
    const res = await page(`/teams/profile/${team.slug}`, admin);
    expect(res.status).toBe(200);
    const row = (key: string) => res.text.match(new RegExp(`<tr data-override="${key.replace(".", "\\.")}">([\\s\\S]*?)</tr>`))?.[1] ?? "";
    expect(row("security.sessionExpiryHours")).toMatch(/Console session \(hours\)[\s\S]*<td[^>]*>12<\/td><td[^>]*>4<\/td>/);
    expect(row("security.pinLock")).toMatch(/<td[^>]*>Off<\/td><td[^>]*>On<\/td>/);
    expect(row("calling.turn")).toContain("None");
    expect(row("calling.turn")).toContain("url: turn:relay.example.com:3478");
    expect(row("calling.turn")).toContain("A password is set");
    expect(row("calling.turn")).not.toContain("Team-relay-S3cret");
    expect(res.text.match(/data-override=/g)).toHaveLength(3);
    const none = await page(`/teams/profile/${plain.slug}`, admin);
    expect(none.text).toContain("This company overrides no system setting.");
  });
});
