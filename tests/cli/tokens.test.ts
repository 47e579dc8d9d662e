/**
 * `bulwark tokens create|list|revoke` and `bulwark login --token-stdin` as subprocesses against a
 * real server: the secret printed once (alone on stdout for humans, `{ token, secret }` with
 * `--json`), flags checked before any call, revocation behind --yes, a token stored in a 0600
 * context after `GET /v2/me` proved it, and BULWARK_TOKEN taking a `bwk_` secret.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { runCli, tempConfigDir } from "./helpers";

interface Created {
  token: { id: string; name: string; permissions: string[]; expiresAt: string | null; admin: { username: string } };
  secret: string;
}

describe("bulwark tokens against a real server", () => {
  const cli = useCliHarness({ root: { role: "root", teams: [] } });

  it("create prints the secret once: alone on stdout with a warning on stderr, or { token, secret } with --json", async () => {
    const human = await cli.run(["tokens", "create", "--name", "nightly", "--permission", "read", "--expires-in-days", "30"]);
    expect(human.code, human.stderr).toBe(EXIT_CODES.ok);
    expect(human.stdout).toMatch(/^bwk_\S+\n$/);
    expect(human.stderr).toContain("shown only this once");
    expect(human.stderr).toContain('"nightly"');

    const json = await cli.run(["tokens", "create", "--name", "ci", "--permission", "invites", "--permission", "read", "--json"]);
    expect(json.code, json.stderr).toBe(EXIT_CODES.ok);
    const created = JSON.parse(json.stdout) as Created;
    expect(created.secret).toMatch(/^bwk_/);
    expect(created.token).toMatchObject({ name: "ci", permissions: expect.arrayContaining(["invites", "read"]) as string[] });
    expect(created.token.admin.username).toBe(cli.root.username);

    const listed = JSON.parse((await cli.run(["tokens", "list", "--json"])).stdout) as { items: { id: string; name: string }[] };
    expect(listed.items.map((item) => item.name)).toEqual(expect.arrayContaining(["nightly", "ci"]));
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const table = await cli.run(["tokens", "list"]);
    expect(table.stdout).toContain("ci");
    expect(table.stdout).not.toContain("bwk_");
  });

  it("checks its flags before any call (exit 2) and maps the server's refusals", async () => {
    const noName = await cli.run(["tokens", "create", "--permission", "read"]);
    expect(noName.code).toBe(EXIT_CODES.usage);
    expect(noName.stderr).toContain("--name");
    const badPermission = await cli.run(["tokens", "create", "--name", "x", "--permission", "everything"]);
    expect(badPermission.code).toBe(EXIT_CODES.usage);
    expect(badPermission.stderr).toContain("--permission");
    const both = await cli.run(["tokens", "create", "--name", "x", "--permission", "read", "--no-expiry", "--expires-in-days", "3"]);
    expect(both.code).toBe(EXIT_CODES.usage);
    const tooLong = await cli.run(["tokens", "create", "--name", "x", "--permission", "read", "--expires-in-days", "400"]);
    expect(tooLong.code).toBe(EXIT_CODES.usage);
    // No expiry is refused by the server unless root allows it in the settings.
    const forever = await cli.run(["tokens", "create", "--name", "x", "--permission", "read", "--no-expiry", "--json"]);
    expect(forever.code).toBe(EXIT_CODES.validation);
    expect(JSON.parse(forever.stderr)).toMatchObject({ error: { status: expect.any(Number) as number } });
  });

  it("revoke needs --yes off a terminal, revokes one token or all of them, and the secret then stops working", async () => {
    const created = JSON.parse(
      (await cli.run(["tokens", "create", "--name", "short", "--permission", "read", "--json"])).stdout,
    ) as Created;
    expect((await cli.run(["whoami", "--json"], { token: created.secret })).code).toBe(EXIT_CODES.ok);

    const refused = await cli.run(["tokens", "revoke", created.token.id]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(refused.stderr).toContain("--yes");
    expect((await cli.run(["tokens", "revoke", created.token.id, "--all", "--yes"])).code).toBe(EXIT_CODES.usage);
    const revoked = await cli.run(["tokens", "revoke", created.token.id, "--yes", "--json"]);
    expect(revoked.code, revoked.stderr).toBe(EXIT_CODES.ok);
    expect(JSON.parse(revoked.stdout)).toEqual({ revoked: 1 });
    expect((await cli.run(["whoami"], { token: created.secret })).code).toBe(EXIT_CODES.authentication);
    expect((await cli.run(["tokens", "revoke", created.token.id, "--yes"])).code).toBe(EXIT_CODES.notFound);

    await cli.run(["tokens", "create", "--name", "one-more", "--permission", "read"]);
    const all = await cli.run(["tokens", "revoke", "--all", "--yes", "--json"]);
    expect(all.code, all.stderr).toBe(EXIT_CODES.ok);
    expect((JSON.parse(all.stdout) as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
    expect(JSON.parse((await cli.run(["tokens", "list", "--json"])).stdout)).toEqual({ items: [] });
  });

  it("a token cannot mint tokens (exit 4)", async () => {
    const created = JSON.parse((await cli.run(["tokens", "create", "--name", "full", "--permission", "full", "--json"])).stdout) as Created;
    const minted = await cli.run(["tokens", "create", "--name", "child", "--permission", "read"], { token: created.secret });
    expect(minted.code).not.toBe(EXIT_CODES.ok);
    expect([EXIT_CODES.permission, EXIT_CODES.authentication]).toContain(minted.code);
  });

  it("login --token-stdin checks the token with GET /v2/me and stores it in a 0600 context used by later commands", async () => {
    const created = JSON.parse((await cli.run(["tokens", "create", "--name", "ctx", "--permission", "read", "--json"])).stdout) as Created;
    const dir = tempConfigDir();
    const login = await runCli(dir, ["login", cli.url, "--token-stdin", "--context", "ci", "--json"], { stdin: `${created.secret}\n` });
    expect(login.code, login.stderr).toBe(EXIT_CODES.ok);
    expect(JSON.parse(login.stdout)).toEqual({ context: "ci", url: cli.url, username: cli.root.username, expiresAt: null });
    expect(statSync(path.join(dir, "config.json")).mode & 0o777).toBe(0o600);
    const me = await runCli(dir, ["whoami", "--json"]);
    expect(me.code, me.stderr).toBe(EXIT_CODES.ok);
    expect((JSON.parse(me.stdout) as { username: string }).username).toBe(cli.root.username);

    const bad = await runCli(tempConfigDir(), ["login", cli.url, "--token-stdin"], { stdin: "bwk_not-a-real-token-at-all-0000000000" });
    expect(bad.code).toBe(EXIT_CODES.authentication);
    const empty = await runCli(tempConfigDir(), ["login", cli.url, "--token-stdin"], { stdin: "" });
    expect(empty.code).toBe(EXIT_CODES.usage);
    const mixed = await runCli(tempConfigDir(), ["login", cli.url, "--token-stdin", "-u", "x@example.test"], { stdin: created.secret });
    expect(mixed.code).toBe(EXIT_CODES.usage);
  });
});
