/**
 * CLI: the vendor mints a token with the real script (its own key pair), an operator
 * validates and activates it with the built CLI (from stdin), a pipeline extends packs from a
 * file (dry run first) and lists them with --json. An invalid token exits 11 (invalidToken).
 */
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildPack, buildTeam } from "../support/factories";
import { ROOT_DIR } from "../support/server";

const dir = mkdtempSync(path.join(tmpdir(), "bulwark-licenses-"));
const vendor = generateKeyPairSync("ed25519");
const KEY_FILE = path.join(dir, "vendor.pem");
writeFileSync(KEY_FILE, vendor.privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });

/** Runs `npm run license:mint -- …` the way the vendor does (tsx on the script), returning stdout. */
function mint(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(path.join(ROOT_DIR, "node_modules", ".bin", "tsx"), [path.join(ROOT_DIR, "scripts", "license-mint.ts"), ...args], {
    cwd: ROOT_DIR,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

describe("bulwark licenses against a real private-edition server", () => {
  const cli = useCliHarness({
    env: { EDITION: "private", LICENSE_PUBLIC_KEY: vendor.publicKey.export({ type: "spki", format: "pem" }).toString() },
  });

  beforeAll(async () => {
    await buildTeam(cli.db, { slug: "acme" });
  });

  it("mint → validate → activate → extend from a file → list --json", async () => {
    const minted = await mint(["--key", KEY_FILE, "--count", "100", "--term", "12m", "--team", "acme"]);
    expect([minted.code, minted.stderr]).toEqual([0, ""]);
    const tokenText = minted.stdout.trim();
    expect(minted.stdout).toBe(`${tokenText}\n`);
    expect(tokenText).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

    const check = await cli.run(["licenses", "validate", tokenText, "--json"]);
    expect([check.code, check.stderr]).toEqual([0, ""]);
    expect(JSON.parse(check.stdout)).toMatchObject({ valid: true, grants: { team: "acme", licenseCount: 100, termMonths: 12 } });

    // Piped from `npm run license:mint` without -s: npm's banner comes first, the token last.
    const activated = await cli.run(["licenses", "activate", "--json"], {
      stdin: `\n> bulwark@5.0.1 license:mint\n> tsx scripts/license-mint.ts\n\n${tokenText}\n`,
    });
    expect([activated.code, activated.stderr]).toEqual([0, ""]);
    const pack = JSON.parse(activated.stdout) as { id: string; team: string; licenseCount: number; source: string };
    expect(pack).toMatchObject({ team: "acme", licenseCount: 100, source: "activation" });

    const replay = await cli.run(["licenses", "activate", tokenText]);
    expect(replay.code).toBe(EXIT_CODES.invalidToken);
    expect(replay.stderr).toContain("This activation token has already been used");

    const other = await buildPack(cli.db, { team: await buildTeam(cli.db), expiresAt: Date.now() + 3 * 86_400_000 });
    const file = path.join(dir, "packs.txt");
    writeFileSync(file, `# packs to extend\n${pack.id}\n${other.uid}\n`);
    const dry = await cli.run(["licenses", "extend", "--file", file, "--days", "90", "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, items: [{ id: pack.id }, { id: other.uid }] });
    const extended = await cli.run(["licenses", "extend", "--file", file, "--days", "90", "--yes", "--json"]);
    expect([extended.code, extended.stderr]).toEqual([0, ""]);
    expect(JSON.parse(extended.stdout)).toEqual({ ok: [pack.id, other.uid], failed: [] });

    const listed = await cli.run(["licenses", "list", "--all", "--json"]);
    expect(listed.code).toBe(0);
    const items = (JSON.parse(listed.stdout) as { items: { id: string; expiration: string; state: string }[] }).items;
    for (const id of [pack.id, other.uid]) {
      const item = items.find((i) => i.id === id)!;
      expect(item.state).toBe("valid");
      expect(Math.round((Date.parse(item.expiration) - Date.now()) / 86_400_000)).toBe(90);
    }
  }, 60_000);

  it("exits 11 for a token signed by another key and 2 for a bad flag", async () => {
    const stranger = generateKeyPairSync("ed25519");
    const otherKey = path.join(dir, "other.pem");
    writeFileSync(otherKey, stranger.privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    const forged = (await mint(["--key", otherKey, "--count", "5", "--term", "1"])).stdout.trim();
    const check = await cli.run(["licenses", "validate", forged, "--json"]);
    expect(check.code).toBe(EXIT_CODES.invalidToken);
    expect(JSON.parse(check.stdout)).toEqual({ valid: false, reason: "badSignature" });
    const refused = await cli.run(["licenses", "activate", forged, "--team", "acme"]);
    expect(refused.code).toBe(EXIT_CODES.invalidToken);
    expect((await cli.run(["licenses", "extend", "00000000-0000-4000-8000-000000000000", "--days", "0", "--yes"])).code).toBe(
      EXIT_CODES.usage,
    );
  }, 60_000);
});
