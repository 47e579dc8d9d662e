import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { sha512Hex } from "../../shared/crypto";
import { EXIT_CODES, englishMessage } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildAdmin, buildTeam, givePassword, GOOD_PASSWORD } from "../support/factories";
import { tempFile } from "./helpers";

const VALIDATION = JSON.parse(readFileSync(new URL("../../locales/en/validation.json", import.meta.url), "utf8")) as Record<string, string>;

describe("bulwark admins against a real server", () => {
  const cli = useCliHarness();
  let team: Row<"teams">;

  async function signInStatus(username: string, plain = GOOD_PASSWORD): Promise<number> {
    const res = await cli.server
      .request()
      .post("/v2/public/auth")
      .send({ username, password: await sha512Hex(plain), browser: "test" });
    return res.status;
  }
  const statusOf = async (uid: string) =>
    (await cli.db.selectFrom("admins").select("status").where("uid", "=", uid).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    team = await buildTeam(cli.db, { slug: "ops-team" });
  });

  it("create --password-stdin makes an active admin who can sign in with that password", async () => {
    const run = await cli.run(
      [
        "admins",
        "create",
        "-u",
        "ops@acme.example",
        "--first-name",
        "Ada",
        "--last-name",
        "Byron",
        "--team",
        team.slug,
        "--language",
        "pt",
        "--password-stdin",
        "--json",
      ],
      { stdin: "N3w!Passw0rd\n" },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const admin = JSON.parse(run.stdout) as { uid: string };
    expect(admin).toMatchObject({
      username: "ops@acme.example",
      firstName: "Ada",
      lastName: "Byron",
      role: "admin",
      status: "active",
      lang: "pt",
      teams: [{ slug: team.slug }],
    });
    expect(await signInStatus("ops@acme.example", "N3w!Passw0rd")).toBe(200);

    const shown = await cli.run(["admins", "show", admin.uid]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/Username\s+ops@acme\.example/);
    const listed = JSON.parse((await cli.run(["admins", "list", "--team", team.slug, "--search", "byron", "--json"])).stdout) as {
      items: { uid: string }[];
      total: number;
    };
    expect(listed).toEqual({ items: [expect.objectContaining({ uid: admin.uid })], total: 1 });

    const taken = await cli.run(
      ["admins", "create", "-u", "ops@acme.example", "--first-name", "A", "--last-name", "B", "--team", team.slug, "--password-stdin"],
      { stdin: "N3w!Passw0rd" },
    );
    expect(taken.code).toBe(EXIT_CODES.conflict);
    expect(taken.stderr).toContain(englishMessage("adminCreate409"));
  });

  it("checks the password and the fields before any call", async () => {
    const weak = await cli.run(
      ["admins", "create", "-u", "weak@acme.example", "--first-name", "W", "--last-name", "K", "--team", team.slug, "--password-stdin"],
      { stdin: "short" },
    );
    expect(weak.code).toBe(EXIT_CODES.usage);
    expect(weak.stderr).toContain(`--password-stdin: ${VALIDATION.passwordTooShort!.replace("{{min}}", "9")}`);
    const neither = await cli.run([
      "admins",
      "create",
      "-u",
      "x@acme.example",
      "--first-name",
      "X",
      "--last-name",
      "Y",
      "--team",
      team.slug,
    ]);
    expect(neither.code).toBe(EXIT_CODES.usage);
    expect(neither.stderr).toContain(VALIDATION.passwordOrInvite);
    const noTeam = await cli.run(["admins", "create", "-u", "x@acme.example", "--first-name", "X", "--last-name", "Y", "--invite"]);
    expect(noTeam.code).toBe(EXIT_CODES.usage);
    expect(noTeam.stderr).toContain(`--team: ${VALIDATION.adminTeamsRequired}`);
    expect(
      await cli.db.selectFrom("admins").select("id").where("username", "in", ["weak@acme.example", "x@acme.example"]).execute(),
    ).toEqual([]);
  });

  it("update changes the names; set-teams sets the teams", async () => {
    const admin = await buildAdmin(cli.db, { teams: [team] });
    const updated = await cli.run(["admins", "update", admin.uid, "--first-name", "Augusta", "--json"]);
    expect(updated.code).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({ uid: admin.uid, firstName: "Augusta", lastName: "Lovelace" });

    const second = await buildTeam(cli.db, { slug: "second-team" });
    const set = await cli.run(["admins", "set-teams", admin.uid, "--team", team.slug, second.slug, "--json"]);
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    expect((JSON.parse(set.stdout) as { teams: { slug: string }[] }).teams.map((t) => t.slug).sort()).toEqual(
      [team.slug, second.slug].sort(),
    );
    const human = await cli.run(["admins", "set-teams", admin.uid, "--team", second.slug]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(englishMessage("adminTeams200"));
    const badSlug = await cli.run(["admins", "set-teams", admin.uid, "--team", "Not Valid"]);
    expect(badSlug.code).toBe(EXIT_CODES.usage);
    expect(badSlug.stderr).toContain(`--team: ${VALIDATION.slug}`);
  });

  it("blocks admins from a --file (CSV with a uid column), one call each, reporting every item", async () => {
    const a = await buildAdmin(cli.db, { teams: [team] });
    const b = await buildAdmin(cli.db, { teams: [team] });
    await givePassword(cli.db, cli.server.config, a); // activation needs a password set
    const file = tempFile("admins.csv", `uid,note\n${a.uid},first\n${b.uid},second\n`);

    const dry = await cli.run(["admins", "block", "--file", file, "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, action: "block", items: [{ id: a.uid }, { id: b.uid }] });
    expect([await statusOf(a.uid), await statusOf(b.uid)]).toEqual(["active", "active"]);

    const run = await cli.run(["admins", "block", "--file", file, "--yes", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: [a.uid, b.uid], failed: [] });
    expect([await statusOf(a.uid), await statusOf(b.uid)]).toEqual(["blocked", "blocked"]);

    // One id per line from stdin; an unknown uid fails alone, with its catalogue code, and exit 10.
    const unknown = randomUUID();
    const partial = await cli.run(["admins", "activate", "--file", "-", "--yes", "--json"], { stdin: `${a.uid}\n${unknown}\n` });
    expect(partial.code).toBe(EXIT_CODES.partial);
    expect(JSON.parse(partial.stdout)).toEqual({ ok: [a.uid], failed: [{ id: unknown, code: "adminActivate404" }] });
    expect(await statusOf(a.uid)).toBe("active");

    const human = await cli.run(["admins", "delete", b.uid, unknown, "--yes"]);
    expect(human.code).toBe(EXIT_CODES.partial);
    expect(human.stdout).toMatch(new RegExp(`${unknown}\\s+failed\\s+adminDelete404`));
    expect(human.stderr).toContain("1 of 2 items failed");
    expect(await cli.db.selectFrom("admins").select("id").where("uid", "=", b.uid).executeTakeFirst()).toBeUndefined();

    const noYes = await cli.run(["admins", "block", a.uid]);
    expect(noYes.code).toBe(EXIT_CODES.usage);
    expect(await statusOf(a.uid)).toBe("active");
  });

  it("unlock lifts the locks of the given admins for a root, and fails each item with adminUnlock403 for a team admin", async () => {
    const lockedUntil = Date.now() + 60_000;
    const a = await buildAdmin(cli.db, { teams: [team], failedAttempts: 5, lockedUntil });
    const b = await buildAdmin(cli.db, { teams: [team], failedAttempts: 5, lockedUntil });
    await givePassword(cli.db, cli.server.config, a);
    const lockOf = async (uid: string) =>
      cli.db.selectFrom("admins").select(["failedAttempts", "lockedUntil"]).where("uid", "=", uid).executeTakeFirstOrThrow();
    await cli.db.updateTable("admins").set({ failedAttempts: 5, lockedUntil }).where("uid", "=", a.uid).execute();
    expect(await signInStatus(a.username)).toBe(403);

    const teamAdmin = await buildAdmin(cli.db, { teams: [team] });
    const refused = await cli.run(["admins", "unlock", a.uid, "--yes", "--json"], { token: await cli.tokenOf(teamAdmin) });
    expect(refused.code).toBe(EXIT_CODES.partial);
    expect(JSON.parse(refused.stdout)).toEqual({ ok: [], failed: [{ id: a.uid, code: "adminUnlock403" }] });
    expect((await lockOf(a.uid)).lockedUntil).toBe(lockedUntil);

    const run = await cli.run(["admins", "unlock", a.uid, b.uid, "--yes"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`${a.uid}\\s+ok`));
    for (const admin of [a, b]) expect(await lockOf(admin.uid)).toEqual({ failedAttempts: 0, lockedUntil: null });
    expect(await signInStatus(a.username)).toBe(200);
  });
});
