import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { EXIT_CODES, englishMessage } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildDevice, buildPack, buildTeam, buildUser } from "../support/factories";

describe("bulwark users update | reset and devices delete against a real server", () => {
  const cli = useCliHarness();
  let team: Row<"teams">;

  const userRow = (uid: string) => cli.db.selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirstOrThrow();
  const deviceCount = async (uid: string) => (await cli.db.selectFrom("devices").select("uid").where("uid", "=", uid).execute()).length;

  beforeAll(async () => {
    team = await buildTeam(cli.db, { slug: "upd-team" });
    await buildPack(cli.db, { team, licenseCount: 100 });
  });

  it("update by uid --json returns the user; by username changes only the given fields; --no-alias clears aliases", async () => {
    const user = await buildUser(cli.db, { team, username: "ada@upd.test" });
    const run = await cli.run(["users", "update", user.uid, "--first-name", "Ada", "--alias", "ada", "lovelace", "--ecs", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      uid: user.uid,
      firstName: "Ada",
      lastName: "Hopper",
      aliases: ["ada", "lovelace"],
      ecs: true,
      sip: false,
    });

    const human = await cli.run(["users", "update", "ADA@upd.test", "--last-name", "Lovelace", "--no-ecs", "--sip", "--no-alias"]);
    expect(human.stderr).toBe("");
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(englishMessage("userEdit200"));
    expect(human.stdout).toMatch(/Ada Lovelace/);
    const shown = JSON.parse((await cli.run(["users", "show", user.uid, "--json"])).stdout) as Record<string, unknown>;
    expect(shown).toMatchObject({ firstName: "Ada", lastName: "Lovelace", aliases: [], ecs: false, sip: true, cellcrypt: false });
  });

  it("update: an unknown uid or username exits 5; bad or no flags exit 2 before any call", async () => {
    const unknownUid = await cli.run(["users", "update", randomUUID(), "--first-name", "X", "--json"]);
    expect(unknownUid.code).toBe(EXIT_CODES.notFound);
    expect(JSON.parse(unknownUid.stderr)).toMatchObject({ error: { code: "userEdit404", status: 404 } });
    const unknownName = await cli.run(["users", "update", "nobody@upd.test", "--first-name", "X"]);
    expect(unknownName.code).toBe(EXIT_CODES.notFound);
    expect(unknownName.stderr).toContain(englishMessage("userRead404"));

    const user = await buildUser(cli.db, { team });
    const tooLong = await cli.run(["users", "update", user.uid, "--first-name", "x".repeat(500)]);
    expect(tooLong.code).toBe(EXIT_CODES.usage);
    expect(tooLong.stderr).toContain("--first-name");
    const badAlias = await cli.run(["users", "update", user.uid, "--alias", "same", "same"]);
    expect(badAlias.code).toBe(EXIT_CODES.usage);
    expect(badAlias.stderr).toContain("--alias");
    const nothing = await cli.run(["users", "update", user.uid]);
    expect(nothing.code).toBe(EXIT_CODES.usage);
    expect(nothing.stderr).toContain("Nothing to change");
    expect((await userRow(user.uid)).firstName).toBe("Grace");
  });

  it("update --password-stdin sets a new password; the same one again is refused as recently used (exit 7) and changes nothing", async () => {
    const user = await buildUser(cli.db, { team, username: "pw-update@upd.test" });
    const set = await cli.run(["users", "update", user.uid, "--password-stdin", "--json"], { stdin: "N3w!Passw0rd\n" });
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    const hash = (await userRow(user.uid)).passwordHash;
    expect(hash).toBeTruthy();
    const again = await cli.run(["users", "update", user.uid, "--password-stdin", "--json"], { stdin: "N3w!Passw0rd\n" });
    expect(again.code).toBe(EXIT_CODES.validation);
    expect(JSON.parse(again.stderr)).toMatchObject({ error: { code: "userEdit422", status: 422 } });
    expect((await userRow(user.uid)).passwordHash).toBe(hash);
    const weak = await cli.run(["users", "update", user.uid, "--password-stdin"], { stdin: "short" });
    expect(weak.code).toBe(EXIT_CODES.usage);
  });

  it("reset queues the reset e-mail (--json and human); unknown user exits 5; a non-e-mail username is refused", async () => {
    const user = await buildUser(cli.db, { team, username: "reset-me@upd.test" });
    const run = await cli.run(["users", "reset", user.uid, "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ uid: user.uid, sent: true });
    const byName = await cli.run(["users", "reset", "reset-me@upd.test"]);
    expect(byName.code).toBe(0);
    expect(byName.stdout).toContain(`${englishMessage("userReset200")}: ${user.uid}`);
    const queued = await cli.db.selectFrom("mailOutbox").selectAll().where("toAddress", "=", "reset-me@upd.test").execute();
    expect(queued).toHaveLength(2);

    const unknown = await cli.run(["users", "reset", randomUUID()]);
    expect(unknown.code).toBe(EXIT_CODES.notFound);
    expect(unknown.stderr).toContain(englishMessage("userReset404"));
    const plain = await buildUser(cli.db, { team, username: "plainname" });
    const refused = await cli.run(["users", "reset", "plainname", "--json"]);
    expect(refused.code).toBe(EXIT_CODES.validation);
    expect(JSON.parse(refused.stderr)).toMatchObject({ error: { code: "notValidEmailAccount", status: 400 } });
    expect((await userRow(plain.uid)).status).toBe("active");
  });

  it("devices delete needs --yes off a terminal, then deletes; an unknown device exits 5; a malformed id exits 2", async () => {
    const user = await buildUser(cli.db, { team });
    const device = await buildDevice(cli.db, user);
    const refused = await cli.run(["devices", "delete", user.uid, device.uid]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(refused.stderr).toContain("--yes");
    expect(await deviceCount(device.uid)).toBe(1);

    const run = await cli.run(["devices", "delete", user.uid, device.uid, "--yes", "--json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ uid: user.uid, deviceId: device.uid, deleted: true });
    expect(await deviceCount(device.uid)).toBe(0);

    const again = await cli.run(["devices", "rm", user.uid, device.uid, "--yes"]);
    expect(again.code).toBe(EXIT_CODES.notFound);
    expect(again.stderr).toContain(englishMessage("deviceDelete404"));
    const malformed = await cli.run(["devices", "delete", user.uid, "not a device", "--yes"]);
    expect(malformed.code).toBe(EXIT_CODES.usage);
    expect(malformed.stderr).toContain("<device-id>");
  });
});
