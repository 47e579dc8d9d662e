import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { EXIT_CODES, englishMessage } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildDevice, buildPack, buildTeam, buildUser } from "../support/factories";
import { tempFile } from "./helpers";

describe("bulwark users and devices against a real server", () => {
  const cli = useCliHarness();
  let team: Row<"teams">;

  const statuses = async (users: Row<"users">[]) => {
    const rows = await cli.db
      .selectFrom("users")
      .select(["uid", "status"])
      .where(
        "uid",
        "in",
        users.map((u) => u.uid),
      )
      .execute();
    return users.map((u) => rows.find((r) => r.uid === u.uid)?.status);
  };
  const userJson = async (uid: string) =>
    (await cli.server.request().get(`/v2/user/${uid}`).set("Authorization", `Bearer ${cli.rootToken}`)).body as Record<string, unknown>;

  beforeAll(async () => {
    team = await buildTeam(cli.db, { slug: "field-team" });
    await buildPack(cli.db, { team, licenseCount: 1000 });
  });

  it("bulk block from a CSV: --dry-run changes nothing, then --yes blocks them and prints { ok, failed }", async () => {
    const users = [await buildUser(cli.db, { team }), await buildUser(cli.db, { team }), await buildUser(cli.db, { team })];
    const file = tempFile("users.csv", `username,uid\n${users.map((u) => `${u.username},${u.uid}`).join("\n")}\n`);

    const dry = await cli.run(["users", "block", "--file", file, "--dry-run", "--json"]);
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({
      dryRun: true,
      action: "block",
      items: users.map((u) => ({ id: u.uid, fields: { username: u.username, uid: u.uid } })),
    });
    const dryHuman = await cli.run(["users", "block", "--file", file, "--dry-run"]);
    expect(dryHuman.stdout).toContain("would block 3 item(s)");
    expect(await statuses(users)).toEqual(["active", "active", "active"]);

    const refused = await cli.run(["users", "block", "--file", file]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(refused.stderr).toContain("--yes");
    expect(await statuses(users)).toEqual(["active", "active", "active"]);

    const run = await cli.run(["users", "block", "--file", file, "--yes", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { ok: string[]; failed: unknown[] };
    expect(result.failed).toEqual([]);
    expect(result.ok.sort()).toEqual(users.map((u) => u.uid).sort());
    expect(await statuses(users)).toEqual(["blocked", "blocked", "blocked"]);

    const listed = JSON.parse(
      (await cli.run(["users", "list", "--team", team.slug, "--status", "blocked", "--all", "--limit", "2", "--json"])).stdout,
    ) as { items: { uid: string }[]; total: number };
    expect(listed.total).toBe(3);
    expect(listed.items.map((u) => u.uid).sort()).toEqual(users.map((u) => u.uid).sort());

    const human = await cli.run(["users", "activate", users[0]!.uid, "--yes"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`${users[0]!.uid}\\s+ok`));
    expect(human.stdout).toContain("activate succeeded for all 1 item(s)");
  });

  it("a file with an unknown uid (and a malformed one) exits 10 with those ids in failed; the others are done", async () => {
    const user = await buildUser(cli.db, { team });
    const unknown = randomUUID();
    const file = tempFile("ids.txt", `# to block\n${user.uid}\n${unknown}\nnot-a-uid\n`);
    const run = await cli.run(["users", "block", "--file", file, "--yes", "--json"]);
    expect(run.code).toBe(EXIT_CODES.partial);
    const result = JSON.parse(run.stdout) as { ok: string[]; failed: { id: string; code: string }[] };
    expect(result.ok).toEqual([user.uid]);
    expect(result.failed).toEqual(
      expect.arrayContaining([
        { id: unknown, code: "userRead404" },
        { id: "not-a-uid", code: "badParameters" },
      ]),
    );
    expect(result.failed).toHaveLength(2);
    expect(await statuses([user])).toEqual(["blocked"]);
  });

  it("move --team moves the users to another team; an unknown team is refused", async () => {
    const target = await buildTeam(cli.db, { slug: "target-team" });
    await buildPack(cli.db, { team: target, licenseCount: 10 });
    const users = [await buildUser(cli.db, { team }), await buildUser(cli.db, { team })];
    const run = await cli.run(["users", "move", "--team", target.slug, "--yes", "--json", "--file", "-"], {
      stdin: `uid\n${users.map((u) => u.uid).join("\n")}\n`,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: expect.arrayContaining(users.map((u) => u.uid)), failed: [] });
    for (const user of users) expect(await userJson(user.uid)).toMatchObject({ team: { slug: target.slug } });

    const noTeam = await cli.run(["users", "move", users[0]!.uid, "--team", "no-such-team", "--yes", "--json"]);
    expect(noTeam.code).toBe(EXIT_CODES.partial);
    expect(JSON.parse(noTeam.stdout)).toEqual({ ok: [], failed: [{ id: users[0]!.uid, code: "usersMove404" }] });
    const badSlug = await cli.run(["users", "move", users[0]!.uid, "--team", "Bad Slug", "--yes"]);
    expect(badSlug.code).toBe(EXIT_CODES.usage);
  });

  it("delete removes users; show and create work on one user", async () => {
    const created = await cli.run(
      [
        "users",
        "create",
        "-u",
        "grace@field.example",
        "--first-name",
        "Grace",
        "--last-name",
        "Hopper",
        "--team",
        team.slug,
        "--via-email",
        "--ecs",
        "--alias",
        "ghopper",
        "--password-stdin",
        "--json",
      ],
      {
        stdin: "G00d!Passw",
      },
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout) as { uid: string };
    expect(user).toMatchObject({ username: "grace@field.example", team: { slug: team.slug }, ecs: true, sip: false, aliases: ["ghopper"] });
    const shown = await cli.run(["users", "show", user.uid]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/Username\s+grace@field\.example/);
    expect(shown.stderr).toContain("No devices");
    expect(
      (
        await cli.run([
          "users",
          "create",
          "-u",
          "not an email",
          "--first-name",
          "G",
          "--last-name",
          "H",
          "--team",
          team.slug,
          "--via-email",
        ])
      ).code,
    ).toBe(EXIT_CODES.usage);

    const removed = await cli.run(["users", "delete", user.uid, "--yes", "--json"]);
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toEqual({ ok: [user.uid], failed: [] });
    const gone = await cli.run(["users", "show", user.uid]);
    expect(gone.code).toBe(EXIT_CODES.notFound);
    expect(gone.stderr).toContain(englishMessage("userRead404"));
  });

  it("list --outdated lists the users with an app below its platform's minimum; show marks the device", async () => {
    const db = cli.db;
    const apps = { android: { minVersion: "5.9.1", lastVersion: "6.0.0", downloadUrl: "https://dl.example.com/a" } };
    expect((await cli.server.request().put("/v2/settings/apps").set("Authorization", `Bearer ${cli.rootToken}`).send(apps)).status).toBe(
      200,
    );
    const old = await buildUser(db, { team, username: "old-app@field.test" });
    await buildDevice(db, old, { platform: 1, appVersion: "5.9.0" });
    const current = await buildUser(db, { team, username: "new-app@field.test" });
    await buildDevice(db, current, { platform: 1, appVersion: "5.10.0" });
    const listed = await cli.run(["users", "list", "--outdated", "--team", "field-team", "--json"]);
    expect(listed.code, listed.stderr).toBe(EXIT_CODES.ok);
    expect(JSON.parse(listed.stdout).items.map((u: { uid: string }) => u.uid)).toEqual([old.uid]);
    const rest = JSON.parse(
      (await cli.run(["users", "list", "--no-outdated", "--team", "field-team", "--all", "--json"])).stdout,
    ).items.map((u: { uid: string }) => u.uid);
    expect(rest).toContain(current.uid);
    expect(rest).not.toContain(old.uid);
    const shown = await cli.run(["users", "show", old.uid]);
    expect(shown.stdout).toContain("5.9.0 (app below minimum)");
  });

  it("list --last-seen lists a dashboard group's users; an unknown group is a usage error naming the flag", async () => {
    const seenTeam = await buildTeam(cli.db, { slug: "seen-team" });
    const recent = await buildUser(cli.db, { team: seenTeam, lastSeenAt: Date.now() - 60_000 });
    const never = await buildUser(cli.db, { team: seenTeam, lastSeenAt: null });
    const today = await cli.run(["users", "list", "--last-seen", "today", "--team", "seen-team", "--json"]);
    expect(today.code, today.stderr).toBe(EXIT_CODES.ok);
    expect(JSON.parse(today.stdout).items.map((u: { uid: string }) => u.uid)).toEqual([recent.uid]);
    const old = await cli.run(["users", "list", "--last-seen", "longAgo", "--team", "seen-team", "--json"]);
    expect(JSON.parse(old.stdout).items.map((u: { uid: string }) => u.uid)).toEqual([never.uid]);
    const bad = await cli.run(["users", "list", "--last-seen", "yesterday"]);
    expect(bad.code).toBe(EXIT_CODES.usage);
    expect(bad.stderr).toContain("--last-seen");
  });

  it("devices wipe needs --yes off a terminal, then leaves the wipe pending", async () => {
    const user = await buildUser(cli.db, { team });
    const device = await buildDevice(cli.db, user);
    const refused = await cli.run(["devices", "wipe", user.uid, device.uid]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(await userJson(user.uid)).toMatchObject({ devices: [{ id: device.uid, wipe: { status: "none" } }] });

    const run = await cli.run(["devices", "wipe", user.uid, device.uid, "--yes", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ uid: user.uid, deviceId: device.uid, wipe: "pending" });
    expect(await userJson(user.uid)).toMatchObject({ devices: [{ id: device.uid, wipe: { status: "pending" } }] });

    const human = await cli.run(["users", "show", user.uid]);
    expect(human.stdout).toMatch(new RegExp(`${device.uid}\\s+Android.*pending`));
    const unknown = await cli.run(["devices", "wipe", user.uid, randomUUID(), "--yes"]);
    expect(unknown.code).toBe(EXIT_CODES.notFound);
    expect(unknown.stderr).toContain(englishMessage("deviceWipe404"));
  });
  it("bulk by filter: --all-matching counts the filter for --dry-run and the confirmation, then sends {filter} and changes exactly the matches", async () => {
    const db = cli.db;
    const source = await buildTeam(db, { slug: `filter-src-${randomUUID().slice(0, 6)}` });
    const target = await buildTeam(db, { slug: `filter-dst-${randomUUID().slice(0, 6)}` });
    await buildPack(db, { team: target, licenseCount: 100 });
    const active = [await buildUser(db, { team: source }), await buildUser(db, { team: source })];
    const blocked = [await buildUser(db, { team: source, status: "blocked" })];
    const elsewhere = await buildUser(db, { team });
    const filter = ["--all-matching", "--in-team", source.slug, "--status", "active"];

    const dry = await cli.run(["users", "block", ...filter, "--dry-run", "--json"]);
    expect(dry.stderr).toBe("");
    expect(JSON.parse(dry.stdout)).toEqual({ dryRun: true, action: "block", filter: { team: source.slug, status: "active" }, count: 2 });
    expect((await cli.run(["users", "block", ...filter, "--dry-run"])).stdout).toContain("would block 2 user(s) matching the filter");
    // Off a terminal the confirmation cannot be asked: refused, naming the count.
    const refused = await cli.run(["users", "block", ...filter]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(refused.stderr).toContain("Refusing to change 2 item(s)");
    // Filter flags without --all-matching, or with ids, are refused rather than ignored.
    expect((await cli.run(["users", "block", "--status", "active", "--yes"])).code).toBe(EXIT_CODES.usage);
    expect((await cli.run(["users", "block", ...filter, elsewhere.uid, "--yes"])).code).toBe(EXIT_CODES.usage);
    expect((await cli.run(["users", "block", "--all-matching", "--status", "sleeping", "--dry-run"])).stderr).toContain("--status");
    expect(await statuses([...active, ...blocked, elsewhere])).toEqual(["active", "active", "blocked", "active"]);

    const run = await cli.run(["users", "block", ...filter, "--yes", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { ok: string[]; failed: unknown[] };
    expect(result.ok.sort()).toEqual(active.map((u) => u.uid).sort());
    expect(result.failed).toEqual([]);
    expect(await statuses([...active, ...blocked, elsewhere])).toEqual(["blocked", "blocked", "blocked", "active"]);
    // Nothing matches any more: nothing to confirm, nothing changed.
    const none = await cli.run(["users", "activate", "--all-matching", "--in-team", source.slug, "--status", "active", "--yes"]);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain("No user matches the filter");

    // move: --team is the target, --in-team the filter.
    const moved = await cli.run(["users", "move", "--team", target.slug, "--all-matching", "--in-team", source.slug, "--yes", "--json"]);
    expect(moved.code).toBe(0);
    expect((JSON.parse(moved.stdout) as { ok: string[] }).ok.sort()).toEqual([...active, ...blocked].map((u) => u.uid).sort());
    const teams = await db
      .selectFrom("users")
      .select(["uid", "teamId"])
      .where(
        "uid",
        "in",
        [...active, ...blocked, elsewhere].map((u) => u.uid),
      )
      .execute();
    expect(teams.filter((row) => row.teamId === target.id)).toHaveLength(3);
    expect(teams.find((row) => row.uid === elsewhere.uid)?.teamId).toBe(team.id);
  });
});
