import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { EXIT_CODES, englishMessage } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildAdmin, buildTeam, buildUser } from "../support/factories";

const VALIDATION = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/validation.json`, import.meta.url), "utf8")) as Record<string, string>;

describe("bulwark teams against a real server", () => {
  const cli = useCliHarness();
  let adminToken: string;
  let own: Row<"teams">;
  let other: Row<"teams">;

  const teamCount = async () =>
    (
      await cli.db
        .selectFrom("teams")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    own = await buildTeam(cli.db, { slug: "alpha-one", teamName: "Alpha One" });
    other = await buildTeam(cli.db, { slug: "beta-two", teamName: "Beta Two" });
    adminToken = await cli.tokenOf(await buildAdmin(cli.db, { teams: [own] }));
  });

  it("list --json prints { items, total }; --all follows every page; the human view is a table", async () => {
    const json = await cli.run(["teams", "list", "--json"]);
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as { items: { slug: string }[]; total: number };
    expect(Object.keys(listed).sort()).toEqual(["items", "total"]);
    expect(listed.items.map((t) => t.slug)).toEqual(expect.arrayContaining([own.slug, other.slug]));

    const paged = JSON.parse((await cli.run(["teams", "list", "--limit", "1", "--all", "--json"])).stdout) as typeof listed;
    expect(paged.items).toHaveLength(listed.total);
    expect(paged.total).toBe(listed.total);
    const onePage = JSON.parse((await cli.run(["teams", "list", "--limit", "1", "--json"])).stdout) as typeof listed;
    expect(onePage.items).toHaveLength(1);

    const searched = JSON.parse((await cli.run(["teams", "list", "--search", "beta", "--json"])).stdout) as typeof listed;
    expect(searched).toMatchObject({ total: 1, items: [{ slug: other.slug, teamName: "Beta Two" }] });

    const human = await cli.run(["teams", "list", "--sort", "slug", "--order", "desc"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/Slug\s+Name/);
    expect(human.stdout.indexOf(other.slug)).toBeLessThan(human.stdout.indexOf(own.slug));
  });

  it("an admin's token sees only its own team", async () => {
    const run = await cli.run(["teams", "list", "--all", "--json"], { token: adminToken });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ total: 1, items: [{ slug: own.slug }] });
    expect((await cli.run(["teams", "show", own.slug, "--json"], { token: adminToken })).code).toBe(0);
    const hidden = await cli.run(["teams", "show", other.slug], { token: adminToken });
    expect(hidden.code).toBe(EXIT_CODES.notFound);
    expect(hidden.stderr).toContain(englishMessage("teamRead404"));
  });

  it("show prints the GET /v2/team object with --json, and its fields otherwise", async () => {
    const direct = await cli.server.request().get(`/v2/team/${own.slug}`).set("Authorization", `Bearer ${cli.rootToken}`);
    const json = await cli.run(["teams", "show", own.slug, "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(direct.body);
    const human = await cli.run(["teams", "show", own.slug]);
    expect(human.stdout).toMatch(/Name\s+Alpha One/);
  });

  it("create sends every field flag and prints the team", async () => {
    const run = await cli.run([
      "teams",
      "create",
      "--name",
      "Gamma Corp",
      "--country",
      "PT",
      "--language",
      "pt",
      "--timezone",
      "Europe/Lisbon",
      "--city",
      "Porto",
      "--support-email",
      "help@gamma.example",
      "--json",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      slug: "gamma-corp",
      teamName: "Gamma Corp",
      country: "PT",
      language: "pt",
      timezone: "Europe/Lisbon",
      city: "Porto",
      contactEmail: { support: "help@gamma.example", finance: null },
    });
    const human = await cli.run(["teams", "create", "--name", "Delta", "--slug", "delta-x"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(englishMessage("teamCreate200"));
    expect(human.stdout).toMatch(/Slug\s+delta-x/);
    // An admin may not create teams: the catalogue code and the permission exit code.
    const refused = await cli.run(["teams", "create", "--name", "Nope", "--json"], { token: adminToken });
    expect(refused.code).toBe(EXIT_CODES.permission);
    expect(JSON.parse(refused.stderr)).toMatchObject({ error: { code: "teamCreate403", status: 403 } });
  });

  it("refuses a bad value before any request, with the localized validation message", async () => {
    const before = await teamCount();
    const en = await cli.run(["teams", "create", "--name", "Bad", "--slug", "Not A Slug", "--finance-email", "nope"]);
    expect(en.code).toBe(EXIT_CODES.usage);
    expect(en.stderr).toContain(`--slug: ${VALIDATION("en").slug}`);
    expect(en.stderr).toContain(`--finance-email: ${VALIDATION("en").email}`);
    const pt = await cli.run(["teams", "create", "--name", "Bad", "--country", "pt", "--lang", "pt", "--json"]);
    expect(pt.code).toBe(EXIT_CODES.usage);
    expect(JSON.parse(pt.stderr)).toEqual({ error: { code: "usage", status: 0, message: `--country: ${VALIDATION("pt").country}` } });
    // Against a URL where nothing listens the answer is still the usage error: no call was made.
    const offline = { BULWARK_URL: "http://127.0.0.1:1" };
    expect((await cli.run(["teams", "update", own.slug, "--language", "fr"], { env: offline })).code).toBe(EXIT_CODES.usage);
    expect((await cli.run(["teams", "update", own.slug, "--tenant-id", "bad tenant!"], { env: offline })).code).toBe(EXIT_CODES.usage);
    expect((await cli.run(["teams", "update", own.slug], { env: offline })).code).toBe(EXIT_CODES.usage);
    expect((await cli.run(["teams", "list", "--sort", "size"], { env: offline })).code).toBe(EXIT_CODES.usage);
    expect(await teamCount()).toBe(before);
  });

  it('update changes the given fields, merges contacts over the current ones, clears with "" and renames the slug', async () => {
    const team = await buildTeam(cli.db, { slug: "epsilon", teamName: "Epsilon", country: "ES", contactEmailSupport: "s@eps.example" });
    const run = await cli.run([
      "teams",
      "update",
      team.slug,
      "--city",
      "Madrid",
      "--finance-email",
      "f@eps.example",
      "--country",
      "",
      "--json",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const updated = JSON.parse(run.stdout) as { city: string; country: string | null; contactEmail: Record<string, string | null> };
    expect(updated.city).toBe("Madrid");
    expect(updated.country).toBeNull();
    expect(updated.contactEmail).toEqual({ finance: "f@eps.example", operations: null, support: "s@eps.example" });

    const renamed = await cli.run(["teams", "update", team.slug, "--new-slug", "epsilon-eu", "--name", "Epsilon EU"]);
    expect(renamed.code).toBe(0);
    expect(renamed.stdout).toContain(englishMessage("teamEdit200"));
    expect(JSON.parse((await cli.run(["teams", "show", "epsilon-eu", "--json"])).stdout)).toMatchObject({
      slug: "epsilon-eu",
      teamName: "Epsilon EU",
      city: "Madrid",
    });
    expect((await cli.run(["teams", "update", "no-such-team", "--city", "X"])).code).toBe(EXIT_CODES.notFound);
  });

  it('e-mail theme: create sets it, update merges flags over it and clears a field with "", --no-email-theme removes it; bad values exit 2', async () => {
    const created = await cli.run([
      "teams",
      "create",
      "--name",
      "Themed Co",
      "--slug",
      "themed-co",
      "--email-theme-name",
      "Themed",
      "--email-theme-color",
      "#112233",
      "--json",
    ]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ slug: "themed-co", emailTheme: { name: "Themed", primaryColor: "#112233" } });

    const updated = await cli.run([
      "teams",
      "update",
      "themed-co",
      "--email-theme-color",
      "#aabbcc",
      "--email-theme-footer",
      "Sent by Themed",
      "--email-theme-logo-url",
      "https://themed.example/logo.png",
      "--json",
    ]);
    expect(updated.stderr).toBe("");
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout).emailTheme).toEqual({
      name: "Themed",
      primaryColor: "#aabbcc",
      footer: "Sent by Themed",
      logoUrl: "https://themed.example/logo.png",
    });
    const cleared = await cli.run(["teams", "update", "themed-co", "--email-theme-logo-url", ""]);
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toMatch(/Themed · #aabbcc · Sent by Themed/);

    const badColor = await cli.run(["teams", "update", "themed-co", "--email-theme-color", "blue"]);
    expect(badColor.code).toBe(EXIT_CODES.usage);
    expect(badColor.stderr).toContain("--email-theme-color");
    const both = await cli.run(["teams", "update", "themed-co", "--no-email-theme", "--email-theme-name", "X"]);
    expect(both.code).toBe(EXIT_CODES.usage);
    const noName = await cli.run(["teams", "update", "beta-two", "--email-theme-color", "#123456"]);
    expect(noName.code).toBe(EXIT_CODES.usage);
    expect(noName.stderr).toContain("--email-theme-name");
    const missing = await cli.run(["teams", "update", "no-such-team", "--email-theme-name", "X", "--email-theme-color", "#123456"]);
    expect(missing.code).toBe(EXIT_CODES.notFound);

    const removed = await cli.run(["teams", "update", "themed-co", "--no-email-theme", "--json"]);
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout).emailTheme).toBeNull();
    expect(JSON.parse((await cli.run(["teams", "show", "themed-co", "--json"])).stdout)).toMatchObject({
      slug: "themed-co",
      emailTheme: null,
    });
  });

  it("delete needs --yes off a terminal, then deletes; a team with users is refused", async () => {
    const team = await buildTeam(cli.db, { slug: "zeta-gone" });
    const refused = await cli.run(["teams", "delete", team.slug]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(refused.stderr).toContain("--yes");
    expect(await cli.db.selectFrom("teams").select("id").where("slug", "=", team.slug).executeTakeFirst()).toBeDefined();

    const done = await cli.run(["teams", "delete", team.slug, "--yes", "--json"]);
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ deleted: team.slug });
    expect(await cli.db.selectFrom("teams").select("id").where("slug", "=", team.slug).executeTakeFirst()).toBeUndefined();

    const busy = await buildTeam(cli.db, { slug: "eta-busy" });
    await buildUser(cli.db, { team: busy });
    const withUsers = await cli.run(["teams", "delete", busy.slug, "--yes", "--json"]);
    expect(withUsers.code).toBe(EXIT_CODES.validation);
    expect(JSON.parse(withUsers.stderr)).toMatchObject({ error: { code: "teamDelete422" } });
    expect((await cli.run(["teams", "delete", own.slug, "--yes"], { token: adminToken })).code).toBe(EXIT_CODES.permission);
  });
});
