/**
 * Issue 17 item 8: `bulwark settings get|set|apply` as a subprocess against a real server;
 * `apply --dry-run` shows the diff and changes nothing, then `apply` changes exactly that.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../shared/errors";
import { bearerFor, buildAdmin } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { runCli, tempConfigDir } from "./helpers";

describe("bulwark settings against a real server", () => {
  let server: TestServer;
  let url: string;
  let token: string;
  const cli = (args: string[]) => runCli(tempConfigDir(), args, { env: { BULWARK_URL: url, BULWARK_TOKEN: token.replace(/^Bearer /, "") } });
  const general = async () => (await server.request().get("/v2/settings").set("Authorization", token)).body.general as Record<string, unknown>;

  beforeAll(async () => {
    server = await getTestServer();
    url = await server.listen();
    token = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root", teams: [] }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("apply --dry-run prints the diff and changes nothing; apply then changes exactly those fields", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-settings-")), "settings.json");
    writeFileSync(file, JSON.stringify({ general: { registrationEnabled: true, inviteTokenLength: 12 }, security: { maxFailedAdminSignIns: 4 } }));
    const dry = await cli(["settings", "apply", "--file", file, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(EXIT_CODES.ok);
    expect(dry.stdout).toContain("general.registrationEnabled: false → true");
    expect(dry.stdout).toContain("security.maxFailedAdminSignIns: 5 → 4");
    expect(dry.stdout).not.toContain("inviteTokenLength"); // unchanged (the default)
    expect((await general()).registrationEnabled).toBe(false);

    const applied = await cli(["settings", "apply", "--file", file, "--json"]);
    expect(applied.code, applied.stderr).toBe(EXIT_CODES.ok);
    expect(JSON.parse(applied.stdout).changed).toEqual(["general.registrationEnabled", "security.maxFailedAdminSignIns"]);
    expect((await general()).registrationEnabled).toBe(true);
    const again = await cli(["settings", "apply", "--file", file]);
    expect(again.code).toBe(EXIT_CODES.ok);
    expect(again.stdout + again.stderr).toContain("Nothing to change");
  });

  it("set changes group.field=value pairs, get prints them, and a bad value exits with the API's 400", async () => {
    const set = await cli(["settings", "set", "general.userInviteExpiryDays=11", "messaging.messageRateLimit=99"]);
    expect(set.code, set.stderr).toBe(EXIT_CODES.ok);
    const got = await cli(["settings", "get", "general", "--json"]);
    expect(JSON.parse(got.stdout).userInviteExpiryDays).toBe(11);
    const bad = await cli(["settings", "set", "general.userInviteExpiryDays=0"]);
    expect(bad.code).not.toBe(EXIT_CODES.ok);
    expect(bad.stderr).toContain("Invalid settings");
    expect((await cli(["settings", "set", "nonsense"])).code).toBe(EXIT_CODES.usage);
  });

  it("apps set changes one platform's policy keeping its other values; apps list --json shows it", async () => {
    const set = await cli(["apps", "set", "ios", "--min", "2.0.0", "--last", "2.4.0"]);
    expect(set.code, set.stderr).toBe(EXIT_CODES.ok);
    const list = JSON.parse((await cli(["apps", "list", "--json"])).stdout) as Record<string, Record<string, string>>;
    expect(list.ios).toMatchObject({ minVersion: "2.0.0", lastVersion: "2.4.0", downloadUrl: "https://downloads.example.com/bulwark/ios" });
    expect((await cli(["apps", "set", "ios", "--min", "3.0.0"])).code).not.toBe(EXIT_CODES.ok); // above the last release
    expect((await cli(["apps", "set", "symbian"])).code).toBe(EXIT_CODES.usage);
  });
});
