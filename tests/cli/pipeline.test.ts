/**
 * A pipeline as a CI runner runs it: a bash script with `set -euo pipefail`, ONLY BULWARK_URL and
 * BULWARK_TOKEN (an access token) in its environment, HOME pointed at an empty directory and no
 * config file anywhere. An invitations token invites and lists; a read-only token's write exits 4.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildPack, buildTeam, buildUser } from "../support/factories";
import { CLI_BUNDLE } from "./helpers";

const SCRIPT = `set -euo pipefail
bulwark() { node "$BULWARK_BUNDLE" "$@"; }
bulwark whoami --json > /dev/null
bulwark users list --team "$TEAM" --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log("users=" + JSON.parse(s).total))'
bulwark invites create --team "$TEAM" --type email --invite-lang en --yes --json nightly-1@example.test nightly-2@example.test > /dev/null
bulwark api GET "/v2/invites?team=$TEAM" --paginate | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log("invites=" + JSON.parse(s).length))'
bulwark licenses list --team "$TEAM" --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log("packs=" + JSON.parse(s).items.length))'
`;

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` with bash and exactly the given environment (plus PATH to find node and bash). */
function runScript(script: string, env: Record<string, string>): Promise<ScriptRun> {
  const child = spawn("bash", ["-c", script], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}

describe("a pipeline with only BULWARK_URL and an access token", () => {
  const cli = useCliHarness({ env: { MAIL: "file" } });
  let team: Row<"teams">;

  beforeAll(async () => {
    team = await buildTeam(cli.db, { slug: "pipeline-co" });
    for (let i = 0; i < 3; i++) await buildUser(cli.db, { team });
    await buildPack(cli.db, { team, licenseCount: 20 });
  });

  const tokenWith = async (permission: string): Promise<string> => {
    const run = await cli.run([
      "tokens",
      "create",
      "--name",
      `pipeline-${permission}`,
      "--permission",
      permission,
      "--team",
      team.slug,
      "--json",
    ]);
    expect(run.code, run.stderr).toBe(EXIT_CODES.ok);
    return (JSON.parse(run.stdout) as { secret: string }).secret;
  };

  it("an invitations token reads, invites, lists the invitations and licenses; no config file is read or written", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "bulwark-pipeline-"));
    const secret = await tokenWith("invites");
    const run = await runScript(SCRIPT, {
      HOME: home,
      BULWARK_URL: cli.url,
      BULWARK_TOKEN: secret,
      BULWARK_BUNDLE: CLI_BUNDLE,
      TEAM: team.slug,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("users=3\ninvites=2\npacks=1\n");
    expect(readdirSync(home)).toEqual([]);
    expect(existsSync(path.join(home, ".config"))).toBe(false);
  });

  it("a read-only token's write exits 4, and its reads work", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "bulwark-pipeline-"));
    const secret = await tokenWith("read");
    const env = { HOME: home, BULWARK_URL: cli.url, BULWARK_TOKEN: secret, BULWARK_BUNDLE: CLI_BUNDLE, TEAM: team.slug };
    const read = await runScript('node "$BULWARK_BUNDLE" users list --team "$TEAM" --json', env);
    expect(read.code, read.stderr).toBe(0);
    const write = await runScript(
      'node "$BULWARK_BUNDLE" invites create --team "$TEAM" --type email --yes --json denied@example.test',
      env,
    );
    expect(write.code).toBe(EXIT_CODES.permission);
    const api = await runScript('node "$BULWARK_BUNDLE" api POST /v2/team --data \'{"teamName":"Nope"}\'', env);
    expect(api.code).toBe(EXIT_CODES.permission);
    expect(readdirSync(home)).toEqual([]);
  });
});
