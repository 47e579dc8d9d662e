import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT_CODES, englishMessage, exitCodeFor } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildAdmin, givePassword, GOOD_PASSWORD } from "../support/factories";
import { runCli, tempConfigDir } from "./helpers";

const NEW_PASSWORD = "N3w!Passw0rd";

describe("bulwark me show | update | password against a real server", () => {
  const cli = useCliHarness();

  it("me show prints the profile, --json the GET /v2/me document", async () => {
    const json = await cli.run(["me", "show", "--json"]);
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ uid: cli.root.uid, username: cli.root.username, role: "root" });
    const human = await cli.run(["me", "show"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(cli.root.username);
    const signedOut = await runCli(tempConfigDir(), ["me", "show"]);
    expect(signedOut.code).toBe(EXIT_CODES.authentication);
  });

  it("me update changes only the given fields; bad values exit 2 before any call; no flag is a usage error", async () => {
    const admin = await buildAdmin(cli.db, { role: "root", firstName: "Ada", lastName: "Byron", timezone: "UTC", lang: "en" });
    const token = await cli.tokenOf(admin);
    const run = await cli.run(["me", "update", "--last-name", "Lovelace", "--timezone", "Europe/Lisbon", "--json"], { token });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      uid: admin.uid,
      firstName: "Ada",
      lastName: "Lovelace",
      timezone: "Europe/Lisbon",
      lang: "en",
    });
    const human = await cli.run(["me", "update", "--language", "pt"], { token });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(englishMessage("profileUpdate200"));

    const badZone = await cli.run(["me", "update", "--timezone", "Mars/Olympus"], { token });
    expect(badZone.code).toBe(EXIT_CODES.usage);
    expect(badZone.stderr).toContain("--timezone");
    const badLang = await cli.run(["me", "update", "--language", "fr", "--json"], { token });
    expect(badLang.code).toBe(EXIT_CODES.usage);
    expect(JSON.parse(badLang.stderr)).toMatchObject({ error: { code: "usage", message: expect.stringContaining("--language") } });
    expect((await cli.run(["me", "update"], { token })).code).toBe(EXIT_CODES.usage);
    const row = await cli.db.selectFrom("admins").selectAll().where("uid", "=", admin.uid).executeTakeFirstOrThrow();
    expect({ lastName: row.lastName, timezone: row.timezone, lang: row.lang }).toEqual({
      lastName: "Lovelace",
      timezone: "Europe/Lisbon",
      lang: "pt",
    });
  });

  it("me password with two stdin lines changes it and stores the new token in the context; a wrong current password exits with its catalogue code and changes nothing", async () => {
    const admin = await buildAdmin(cli.db, { role: "admin" });
    await givePassword(cli.db, cli.server.config, admin);
    const dir = tempConfigDir();
    const login = await runCli(dir, ["login", cli.url, "-u", admin.username, "--password-stdin"], { stdin: GOOD_PASSWORD });
    expect(login.code).toBe(0);
    const tokenIn = () =>
      Object.values(
        (JSON.parse(readFileSync(path.join(dir, "config.json"), "utf8")) as { contexts: Record<string, { token: string }> }).contexts,
      )[0]!.token;
    const before = tokenIn();

    // Validation before any call: one line, and a weak new password.
    expect((await runCli(dir, ["me", "password", "--password-stdin"], { stdin: `${GOOD_PASSWORD}\n` })).code).toBe(EXIT_CODES.usage);
    const weak = await runCli(dir, ["me", "password", "--password-stdin"], { stdin: `${GOOD_PASSWORD}\nshort\n` });
    expect(weak.code).toBe(EXIT_CODES.usage);
    expect(weak.stderr).toContain("new password");
    // Off a terminal without --password-stdin nothing is asked.
    expect((await runCli(dir, ["me", "password"], { stdin: null, timeoutMs: 10_000 })).code).toBe(EXIT_CODES.usage);

    const wrong = await runCli(dir, ["me", "password", "--password-stdin", "--json"], { stdin: `Wr0ng!Password\n${NEW_PASSWORD}\n` });
    expect(wrong.code).toBe(exitCodeFor("passwordChange403"));
    expect(JSON.parse(wrong.stderr)).toMatchObject({ error: { code: "passwordChange403", status: 403 } });
    expect(tokenIn()).toBe(before);

    const run = await runCli(dir, ["me", "password", "--password-stdin", "--json"], { stdin: `${GOOD_PASSWORD}\n${NEW_PASSWORD}\n` });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as { changed: boolean; context: string };
    expect(doc.changed).toBe(true);
    expect(tokenIn()).not.toBe(before);
    // Still signed in with the stored replacement token; the old token is no longer accepted.
    expect((await runCli(dir, ["me", "show", "--json"])).code).toBe(0);
    const old = await cli.run(["me", "show"], { token: before });
    expect(old.code).toBe(EXIT_CODES.authentication);
    expect(
      (await runCli(tempConfigDir(), ["login", cli.url, "-u", admin.username, "--password-stdin"], { stdin: NEW_PASSWORD })).code,
    ).toBe(0);
  });
});
