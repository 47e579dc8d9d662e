import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync, chmodSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "../../server/services/identity/jwt";
import type { Row } from "../../server/db/types";
import { EXIT_CODES, englishMessage } from "../../shared/errors";
import { buildAdmin, givePassword, GOOD_PASSWORD } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { codeAt, enrolDirectly } from "../api/mfa.support";
import { runCli, tempConfigDir } from "./helpers";

const PT = JSON.parse(readFileSync(new URL("../../locales/pt/errors.json", import.meta.url), "utf8")) as Record<string, string>;

describe("bulwark login, whoami, logout and contexts against a real server", () => {
  let server: TestServer;
  let url: string;
  let host: string;
  let admin: Row<"admins">;

  beforeAll(async () => {
    server = await getTestServer();
    url = await server.listen();
    host = new URL(url).host;
    admin = await buildAdmin(server.database.db);
    await givePassword(server.database.db, server.config, admin);
  });
  afterAll(async () => {
    await server?.close();
  });

  const login = (dir: string, extra: string[] = [], password = GOOD_PASSWORD) =>
    runCli(dir, ["login", url, "--username", admin.username, "--password-stdin", ...extra], { stdin: `${password}\n` });

  function tokenOf(dir: string, context = host): string {
    const config = JSON.parse(readFileSync(path.join(dir, "config.json"), "utf8")) as { contexts: Record<string, { token: string }> };
    return config.contexts[context]!.token;
  }

  it("logs in with --password-stdin, stores the context as current, with file 0600 and directory 0700", async () => {
    const dir = tempConfigDir();
    // A directory and file left too open (by hand or an older version) are tightened on write.
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, "config.json"), JSON.stringify({ current: null, contexts: {} }), { mode: 0o644 });
    chmodSync(path.join(dir, "config.json"), 0o644);

    const run = await login(dir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Signed in to ${url} as ${admin.username}`);
    const config = JSON.parse(readFileSync(path.join(dir, "config.json"), "utf8")) as Record<string, unknown>;
    expect(config).toEqual({
      current: host,
      contexts: {
        [host]: {
          url,
          username: admin.username,
          token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
          expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      },
    });
    expect(statSync(path.join(dir, "config.json")).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("creates a missing config directory 0700 and prints --json without the token", async () => {
    const dir = tempConfigDir();
    const run = await login(dir, ["--json", "--context", "prod"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ context: "prod", url, username: admin.username, expiresAt: expect.any(String) });
    expect(run.stdout).not.toContain(tokenOf(dir, "prod"));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, "config.json")).mode & 0o777).toBe(0o600);
  });

  it("whoami --json prints the exact GET /v2/me profile; the human view names the admin", async () => {
    const dir = tempConfigDir();
    expect((await login(dir)).code).toBe(0);
    const direct = await server
      .request()
      .get("/v2/me")
      .set("Authorization", `Bearer ${tokenOf(dir)}`);
    const json = await runCli(dir, ["whoami", "--json"]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ ...direct.body, lastSeen: expect.any(String) });
    expect(JSON.parse(json.stdout)).toMatchObject({ uid: admin.uid, username: admin.username, role: "admin", firstName: "Ada" });
    const human = await runCli(dir, ["whoami"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(admin.username);
    expect(human.stdout).toContain("Ada Lovelace");
    expect(human.stdout).not.toContain("\u001b["); // not a TTY: no colors
  });

  it("CI mode: BULWARK_URL + BULWARK_TOKEN (or --url/--token) work with no config file and never write one", async () => {
    const dir = tempConfigDir();
    expect((await login(dir)).code).toBe(0);
    const token = tokenOf(dir);
    const ci = tempConfigDir();
    const viaEnv = await runCli(ci, ["whoami", "--json"], { env: { BULWARK_URL: url, BULWARK_TOKEN: token } });
    expect(viaEnv.stderr).toBe("");
    expect(viaEnv.code).toBe(0);
    expect(JSON.parse(viaEnv.stdout)).toMatchObject({ uid: admin.uid });
    const viaFlags = await runCli(ci, ["whoami", "--json", "--url", url, "--token", token]);
    expect(viaFlags.code).toBe(0);
    expect(JSON.parse(viaFlags.stdout)).toMatchObject({ uid: admin.uid });
    expect(existsSync(ci)).toBe(false);
    // Half a configuration is a usage error, not a silent fallback.
    const tokenOnly = await runCli(ci, ["whoami"], { env: { BULWARK_TOKEN: token } });
    expect(tokenOnly.code).toBe(EXIT_CODES.usage);
  });

  it("an expired token exits with the authentication code and the catalogue message, in en and with --lang pt", async () => {
    const { tokenVersion } = await server.database.db
      .selectFrom("admins")
      .select("tokenVersion")
      .where("id", "=", admin.id)
      .executeTakeFirstOrThrow();
    const claims = {
      role: "admin" as const,
      uid: admin.uid,
      username: admin.username,
      first_name: "Ada",
      last_name: "Lovelace",
      timezone: "UTC",
      lang: "en",
      ver: tokenVersion,
    };
    const { token } = await signSessionToken(server.config.secrets.jwtSecret, claims, -1);
    const env = { BULWARK_URL: url, BULWARK_TOKEN: token };
    const en = await runCli(tempConfigDir(), ["whoami"], { env });
    expect(en.code).toBe(EXIT_CODES.authentication);
    expect(en.stdout).toBe("");
    expect(en.stderr).toContain(englishMessage("sessionExpired"));
    const pt = await runCli(tempConfigDir(), ["whoami", "--lang", "pt"], { env });
    expect(pt.code).toBe(EXIT_CODES.authentication);
    expect(pt.stderr).toContain(PT.sessionExpired);
    const json = await runCli(tempConfigDir(), ["whoami", "--json", "--lang", "pt"], { env });
    expect(json.code).toBe(EXIT_CODES.authentication);
    expect(JSON.parse(json.stderr)).toEqual({ error: { code: "sessionExpired", status: 401, message: PT.sessionExpired } });
  });

  it("a revoked token (token version bumped) exits with the authentication code, in the token's language", async () => {
    const other = await buildAdmin(server.database.db, { lang: "pt" });
    await givePassword(server.database.db, server.config, other);
    const dir = tempConfigDir();
    const signedIn = await runCli(dir, ["login", url, "-u", other.username, "--password-stdin"], { stdin: GOOD_PASSWORD });
    expect(signedIn.code).toBe(0);
    expect((await runCli(dir, ["whoami"])).code).toBe(0);
    const { tokenVersion } = await server.database.db
      .selectFrom("admins")
      .select("tokenVersion")
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    await server.database.db
      .updateTable("admins")
      .set({ tokenVersion: tokenVersion + 1 })
      .where("id", "=", other.id)
      .execute();
    const run = await runCli(dir, ["whoami"]);
    expect(run.code).toBe(EXIT_CODES.authentication);
    expect(run.stderr).toContain(PT.sessionExpired);
  });

  it("a bad password exits with the authentication code and stores nothing", async () => {
    const dir = tempConfigDir();
    const run = await login(dir, [], "Wr0ng!Pass");
    expect(run.code).toBe(EXIT_CODES.authentication);
    expect(run.stderr).toContain(englishMessage("signin401"));
    expect(existsSync(path.join(dir, "config.json"))).toBe(false);
  });

  it("a URL where nothing listens exits with the network code", async () => {
    const run = await runCli(tempConfigDir(), ["login", "http://127.0.0.1:1", "-u", admin.username, "--password-stdin", "--json"], {
      stdin: GOOD_PASSWORD,
    });
    expect(run.code).toBe(EXIT_CODES.network);
    expect(JSON.parse(run.stderr)).toEqual({ error: { code: "net", status: 0, message: englishMessage("net") } });
  });

  it("never prompts when stdin is not a TTY: a missing password or username is a usage error, at once", async () => {
    const noPassword = await runCli(tempConfigDir(), ["login", url, "-u", admin.username], { stdin: null, timeoutMs: 10_000 });
    expect(noPassword.timedOut).toBe(false);
    expect(noPassword.code).toBe(EXIT_CODES.usage);
    expect(noPassword.stderr).toContain("--password-stdin");
    const noUsername = await runCli(tempConfigDir(), ["login", url, "--password-stdin"], { stdin: null, timeoutMs: 10_000 });
    expect(noUsername.timedOut).toBe(false);
    expect(noUsername.code).toBe(EXIT_CODES.usage);
    expect(noUsername.stderr).toContain("--username");
  });

  it("lists, switches and deletes contexts; logout forgets the token and --forget the context", async () => {
    const dir = tempConfigDir();
    expect((await login(dir, ["--context", "a"])).code).toBe(0);
    expect((await login(dir, ["--context", "b"])).code).toBe(0);
    const listed = JSON.parse((await runCli(dir, ["context", "list", "--json"])).stdout) as {
      current: string;
      contexts: { name: string; current: boolean; signedIn: boolean }[];
    };
    expect(listed.current).toBe("b");
    expect(listed.contexts.map((c) => [c.name, c.current, c.signedIn])).toEqual([
      ["a", false, true],
      ["b", true, true],
    ]);
    expect(JSON.stringify(listed)).not.toContain(tokenOf(dir, "a"));

    expect((await runCli(dir, ["context", "use", "a"])).code).toBe(0);
    expect((await runCli(dir, ["context", "use", "nope"])).code).toBe(EXIT_CODES.usage);
    const out = await runCli(dir, ["logout", "--json"]);
    expect(JSON.parse(out.stdout)).toEqual({ context: "a", forgotten: false });
    const whoami = await runCli(dir, ["whoami"]);
    expect(whoami.code).toBe(EXIT_CODES.authentication);
    expect(whoami.stderr).toContain("bulwark login");
    expect((await runCli(dir, ["whoami", "--context", "b"])).code).toBe(0);

    expect((await runCli(dir, ["logout", "--context", "b", "--forget"])).code).toBe(0);
    expect((await runCli(dir, ["context", "delete", "a"])).code).toBe(0);
    expect(JSON.parse((await runCli(dir, ["context", "list", "--json"])).stdout)).toEqual({ current: null, contexts: [] });
    expect(statSync(path.join(dir, "config.json")).mode & 0o777).toBe(0o600);
  });

  it("signs in with a second factor: password then code on stdin with --otp-stdin; without it a pipe is a usage error", async () => {
    const mfaAdmin = await buildAdmin(server.database.db);
    await givePassword(server.database.db, server.config, mfaAdmin);
    const { secret, codes } = await enrolDirectly(server.database.db, server.config, mfaAdmin);
    const base = ["login", url, "--username", mfaAdmin.username, "--password-stdin"];
    const noOtp = await runCli(tempConfigDir(), base, { stdin: `${GOOD_PASSWORD}\n` });
    expect(noOtp.code).toBe(EXIT_CODES.usage);
    expect(noOtp.stderr).toContain("--otp-stdin");

    const dir = tempConfigDir();
    // One code, replayed as it was sent: recomputing it could cross into the next 30 s step.
    const code = codeAt(secret, 0);
    const run = await runCli(dir, [...base, "--otp-stdin", "--json"], { stdin: `${GOOD_PASSWORD}\n${code}\n` });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const me = await server
      .request()
      .get("/v2/me")
      .set("Authorization", `Bearer ${tokenOf(dir)}`);
    expect(me.body.uid).toBe(mfaAdmin.uid);

    const replay = await runCli(tempConfigDir(), [...base, "--otp-stdin"], { stdin: `${GOOD_PASSWORD}\n${code}\n` });
    expect(replay.code).toBe(EXIT_CODES.authentication);
    expect(replay.stderr).toContain(englishMessage("signinMfa401"));
    const recovery = await runCli(tempConfigDir(), [...base, "--otp-stdin"], { stdin: `${GOOD_PASSWORD}\n${codes[0]!}\n` });
    expect(recovery.code).toBe(0);
  });

  it("a damaged config file is a clear error naming the file", async () => {
    const dir = tempConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "config.json"), "{ not json");
    const run = await runCli(dir, ["whoami"]);
    expect(run.code).toBe(EXIT_CODES.unknown);
    expect(run.stderr).toContain(path.join(dir, "config.json"));
    expect(run.stderr).toContain("not valid JSON");
  });
});
