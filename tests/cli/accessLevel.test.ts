/**
 * `--access-level` / `--no-access-level` on `bulwark users create|update` and `admins create|update`
 * (#31), the level in `show` and `list`, and the shared schema's localized refusal before any call.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";

const validation = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/validation.json`, import.meta.url), "utf8")) as Record<string, string>;

describe("bulwark access level flags against a real server", () => {
  const cli = useCliHarness();
  let team: Row<"teams">;
  const stored = async (table: "users" | "admins", uid: string) =>
    (await cli.db.selectFrom(table).select("accessLevel").where("uid", "=", uid).executeTakeFirstOrThrow()).accessLevel;

  beforeAll(async () => {
    team = await buildTeam(cli.db, { slug: "lvl-team" });
    await buildPack(cli.db, { team, licenseCount: 20 });
  });

  it("users create and update set, change and clear it; show and list print it", async () => {
    const created = await cli.run([
      "users",
      "create",
      "-u",
      "lev",
      "--first-name",
      "Lev",
      "--last-name",
      "El",
      "--team",
      team.slug,
      "--access-level",
      "5",
      "--json",
    ]);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const { uid } = JSON.parse(created.stdout) as { uid: string };
    expect(JSON.parse(created.stdout)).toMatchObject({ accessLevel: 5 });
    expect(await stored("users", uid)).toBe("5");

    const changed = await cli.run(["users", "update", "lev", "--access-level", "0"]);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toMatch(/Access level\s+0/);
    const shown = await cli.run(["users", "show", uid]);
    expect(shown.stdout).toMatch(/Access level\s+0/);
    const listed = await cli.run(["users", "list", "--team", team.slug]);
    expect(listed.stdout.split("\n")[0]).toContain("Access level");
    expect(listed.stdout.split("\n").find((line) => line.includes(uid))).toMatch(/pending\s+0\s/);

    const cleared = await cli.run(["users", "update", uid, "--no-access-level", "--json"]);
    expect(JSON.parse(cleared.stdout)).toMatchObject({ accessLevel: null });
    expect(await stored("users", uid)).toBeNull();
  });

  it("refuses a level outside 0-9 or not a whole number before any call, in the chosen language", async () => {
    const user = await buildUser(cli.db, { team, accessLevel: "3" });
    const big = await cli.run(["users", "update", user.uid, "--access-level", "10"]);
    expect(big.code).toBe(EXIT_CODES.usage);
    expect(big.stderr).toContain(`--access-level: ${validation("en").tooBig!.replace("{{max}}", "9")}`);
    const word = await cli.run(["users", "update", user.uid, "--access-level", "high"]);
    expect(word.code).toBe(EXIT_CODES.usage);
    expect(word.stderr).toContain("--access-level");
    const half = await cli.run(["users", "update", user.uid, "--access-level", "2.5", "--lang", "pt"]);
    expect(half.code).toBe(EXIT_CODES.usage);
    expect(half.stderr).toContain(`--access-level: ${validation("pt").integer}`);
    const created = await cli.run([
      "users",
      "create",
      "-u",
      "neg",
      "--first-name",
      "N",
      "--last-name",
      "G",
      "--team",
      team.slug,
      "--access-level",
      "-1",
    ]);
    expect(created.code).toBe(EXIT_CODES.usage);
    expect(await stored("users", user.uid)).toBe("3");
    expect(await cli.db.selectFrom("users").select("id").where("username", "=", "neg").executeTakeFirst()).toBeUndefined();
  });

  it("admins create and update take it from root; a company admin is refused", async () => {
    const created = await cli.run(
      [
        "admins",
        "create",
        "-u",
        "lvl@acme.example",
        "--first-name",
        "A",
        "--last-name",
        "L",
        "--team",
        team.slug,
        "--password-stdin",
        "--access-level",
        "7",
        "--json",
      ],
      { stdin: "N3w!Passw0rd\n" },
    );
    expect(created.stderr).toBe("");
    expect(JSON.parse(created.stdout)).toMatchObject({ username: "lvl@acme.example", accessLevel: 7 });
    const admin = await buildAdmin(cli.db, { teams: [team], accessLevel: "1" });
    const up = await cli.run(["admins", "update", admin.uid, "--access-level", "8", "--json"]);
    expect(up.stderr).toBe("");
    expect(JSON.parse(up.stdout)).toMatchObject({ uid: admin.uid, accessLevel: 8 });
    const shown = await cli.run(["admins", "show", admin.uid]);
    expect(shown.stdout).toMatch(/Access level\s+8/);
    const listed = await cli.run(["admins", "list", "--team", team.slug]);
    expect(listed.stdout.split("\n")[0]).toContain("Access level");

    const peer = await buildAdmin(cli.db, { teams: [team] });
    const refused = await cli.run(["admins", "update", admin.uid, "--no-access-level"], { token: await cli.tokenOf(peer) });
    expect(refused.code).not.toBe(0);
    expect(await stored("admins", admin.uid)).toBe("8");
    const clearedByRoot = await cli.run(["admins", "update", admin.uid, "--no-access-level", "--json"]);
    expect(JSON.parse(clearedByRoot.stdout)).toMatchObject({ accessLevel: null });
  });
});
