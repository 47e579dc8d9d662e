import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { packCli } from "../../scripts/pack-cli.mjs";
import { APP_VERSION } from "../../shared/limits";
import { useCliHarness } from "../support/cli";
import { runCli, tempConfigDir } from "./helpers";

describe("the packed CLI (npm run pack:cli)", () => {
  const cli = useCliHarness();
  const prefix = mkdtempSync(path.join(tmpdir(), "bulwark-global-"));
  let tarball = "";

  beforeAll(async () => {
    // One pack per run, into a directory of its own.
    ({ tarball } = await packCli({ quiet: true, outDir: mkdtempSync(path.join(tmpdir(), "bulwark-pack-")) }));
    // An unreachable registry: the install must need nothing from it.
    execFileSync("npm", ["install", "-g", tarball, "--ignore-scripts", "--no-audit", "--no-fund", "--prefix", prefix], {
      env: { ...process.env, npm_config_registry: "http://127.0.0.1:9", npm_config_update_notifier: "false", npm_config_offline: "false" },
      stdio: "pipe",
    });
  }, 120_000);

  it("is @bulwark/cli with one bundle (entry and chunks), its locales, a README and no dependencies", () => {
    expect(path.basename(tarball)).toBe(`bulwark-cli-${APP_VERSION}.tgz`);
    const installed = path.join(prefix, "lib", "node_modules", "@bulwark", "cli");
    const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "@bulwark/cli",
      version: APP_VERSION,
      bin: { bulwark: "bulwark.mjs" },
      engines: { node: ">=20" },
    });
    expect(manifest.dependencies).toBeUndefined();
    expect(existsSync(path.join(installed, "node_modules"))).toBe(false);
    expect(existsSync(path.join(installed, "locales", "pt", "cli.json"))).toBe(true);
    // Each command group is a chunk of its own, loaded only by a run of that group.
    expect(readdirSync(path.join(installed, "chunks")).some((file) => file.startsWith("users-"))).toBe(true);
    expect(readFileSync(path.join(installed, "README.md"), "utf8")).toContain("BULWARK_TOKEN");
    expect(realpathSync(path.join(prefix, "bin", "bulwark"))).toBe(realpathSync(path.join(installed, "bulwark.mjs")));
  });

  it("runs from the install: --version and a real command against a server", async () => {
    const bin = path.join(prefix, "bin", "bulwark");
    const version = await runCli(tempConfigDir(), ["--version"], { entry: bin });
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout).toContain(`bulwark ${APP_VERSION}`);
    // Straight through the bin link and its #! line, as a shell runs it.
    expect(execFileSync(bin, ["--version"], { encoding: "utf8", env: { PATH: process.env.PATH ?? "", HOME: prefix } })).toContain(
      APP_VERSION,
    );
    const me = await runCli(tempConfigDir(), ["whoami", "--json", "--lang", "es"], {
      entry: bin,
      env: { BULWARK_URL: cli.url, BULWARK_TOKEN: cli.rootToken },
    });
    expect(me.code, me.stderr).toBe(0);
    expect(JSON.parse(me.stdout)).toMatchObject({ username: cli.root.username });
  });
});
