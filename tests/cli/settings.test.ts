/**
 * `bulwark settings get|set|apply` as a subprocess against a real server;
 * `apply --dry-run` shows the diff and changes nothing, then `apply` changes exactly that.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";

describe("bulwark settings against a real server", () => {
  const cli = useCliHarness({ root: { role: "root", teams: [] } });
  const general = async () =>
    (await cli.server.request().get("/v2/settings").set("Authorization", `Bearer ${cli.rootToken}`)).body.general as Record<
      string,
      unknown
    >;

  it("apply --dry-run prints the diff and changes nothing; apply then changes exactly those fields", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-settings-")), "settings.json");
    writeFileSync(
      file,
      JSON.stringify({ general: { registrationEnabled: true, inviteTokenLength: 12 }, security: { maxFailedAdminSignIns: 4 } }),
    );
    const dry = await cli.run(["settings", "apply", "--file", file, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(EXIT_CODES.changesPending); // like diff: something would change
    expect(dry.stdout).toContain("general.registrationEnabled: false → true");
    expect(dry.stdout).toContain("security.maxFailedAdminSignIns: 5 → 4");
    expect(dry.stdout).not.toContain("inviteTokenLength"); // unchanged (the default)
    expect((await general()).registrationEnabled).toBe(false);

    const applied = await cli.run(["settings", "apply", "--file", file, "--json"]);
    expect(applied.code, applied.stderr).toBe(EXIT_CODES.ok);
    expect(JSON.parse(applied.stdout).changed).toEqual(["general.registrationEnabled", "security.maxFailedAdminSignIns"]);
    expect((await general()).registrationEnabled).toBe(true);
    const again = await cli.run(["settings", "apply", "--file", file]);
    expect(again.code).toBe(EXIT_CODES.ok);
    expect(again.stdout + again.stderr).toContain("Nothing to change");
    const dryAgain = await cli.run(["settings", "apply", "--file", file, "--dry-run", "--json"]);
    expect(dryAgain.code, dryAgain.stderr).toBe(EXIT_CODES.ok); // nothing would change
    expect(JSON.parse(dryAgain.stdout)).toEqual({ dryRun: true, diff: [], changed: [] });
  });

  it("set --dry-run exits 13 when a value would change and 0 when it is already set; --help says so", async () => {
    const pending = await cli.run(["settings", "set", "messaging.messageRateLimit=77", "--dry-run", "--json"]);
    expect(pending.code, pending.stderr).toBe(EXIT_CODES.changesPending);
    expect(JSON.parse(pending.stdout).diff).toEqual([{ field: "messaging.messageRateLimit", before: expect.anything(), after: 77 }]);
    expect(pending.stderr).toBe(""); // the result is printed, not an error
    const current = (await cli.run(["settings", "get", "messaging", "--json"])).stdout;
    const rate = (JSON.parse(current) as { messageRateLimit: number }).messageRateLimit;
    const same = await cli.run(["settings", "set", `messaging.messageRateLimit=${rate}`, "--dry-run"]);
    expect(same.code, same.stderr).toBe(EXIT_CODES.ok);
    const help = await cli.run(["settings", "apply", "--help"]);
    expect(help.stdout).toMatch(/exits 13 when\s+something\s+would\s+change/);
  });

  it("set changes group.field=value pairs, get prints them, and a bad value exits with the API's 400", async () => {
    const set = await cli.run(["settings", "set", "general.userInviteExpiryDays=11", "messaging.messageRateLimit=99"]);
    expect(set.code, set.stderr).toBe(EXIT_CODES.ok);
    const got = await cli.run(["settings", "get", "general", "--json"]);
    expect(JSON.parse(got.stdout).userInviteExpiryDays).toBe(11);
    const bad = await cli.run(["settings", "set", "general.userInviteExpiryDays=0"]);
    expect(bad.code).not.toBe(EXIT_CODES.ok);
    expect(bad.stderr).toContain("Invalid settings");
    expect((await cli.run(["settings", "set", "nonsense"])).code).toBe(EXIT_CODES.usage);
  });

  it("apps set changes one platform's policy keeping its other values; apps list --json shows it", async () => {
    const set = await cli.run(["apps", "set", "ios", "--min", "2.0.0", "--last", "2.4.0"]);
    expect(set.code, set.stderr).toBe(EXIT_CODES.ok);
    const list = JSON.parse((await cli.run(["apps", "list", "--json"])).stdout) as Record<string, Record<string, string>>;
    expect(list.ios).toMatchObject({ minVersion: "2.0.0", lastVersion: "2.4.0", downloadUrl: "https://downloads.example.com/bulwark/ios" });
    expect((await cli.run(["apps", "set", "ios", "--min", "3.0.0"])).code).not.toBe(EXIT_CODES.ok); // above the last release
    expect((await cli.run(["apps", "set", "symbian"])).code).toBe(EXIT_CODES.usage);
  });
});
