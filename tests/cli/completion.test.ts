/**
 * `bulwark completion bash|zsh|fish`: each script as a file snapshot, and the bash script run for
 * real (COMP_WORDS/COMP_CWORD and the `_bulwark` function in `bash -c`) against the built CLI:
 * commands, subcommands, options, context names from the config file, company slugs from a
 * signed-in server, and nothing (quickly, no error) when the server cannot be reached. zsh and
 * fish are not installed on the test machines, so only their scripts' text is checked.
 */
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildProgram } from "../../cli/main";
import { completionSlot } from "../../cli/commands/completion";
import { EXIT_CODES } from "../../shared/errors";
import { useCliHarness } from "../support/cli";
import { buildTeam } from "../support/factories";
import { CLI_BUNDLE, runCli, tempConfigDir } from "./helpers";

/** The candidates bash offers for `words` (the last one is the word under the cursor). */
async function bashComplete(words: readonly string[], env: Record<string, string>): Promise<string[]> {
  const script = [
    `bulwark() { node ${JSON.stringify(CLI_BUNDLE)} "$@"; }`,
    "source <(bulwark completion bash)",
    `COMP_WORDS=(bulwark ${words.map((w) => `'${w}'`).join(" ")})`,
    `COMP_CWORD=${words.length}`,
    "_bulwark",
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join("\n");
  const child = spawn("bash", ["-c", script], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  expect({ code, err }).toEqual({ code: 0, err: "" });
  return out.split("\n").filter(Boolean);
}

/** A config directory holding two contexts (one with a colon in its name, as host:port names have). */
function configWithContexts(): string {
  const dir = tempConfigDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const context = (url: string) => ({ url, username: "ops@example.test", token: null, expiresAt: null });
  writeFileSync(
    path.join(dir, "config.json"),
    JSON.stringify({
      current: "staging",
      contexts: { staging: context("https://staging.example.test"), "prod:8443": context("https://prod.example.test:8443") },
    }),
    { mode: 0o600 },
  );
  return dir;
}

describe("bulwark completion scripts", () => {
  it.each([
    ["bash", "sh"],
    ["zsh", "zsh"],
    ["fish", "fish"],
  ])("prints the %s script (snapshot)", async (shell, ext) => {
    const run = await runCli(tempConfigDir(), ["completion", shell]);
    expect(run.code, run.stderr).toBe(EXIT_CODES.ok);
    await expect(run.stdout).toMatchFileSnapshot(`__snapshots__/completion.${ext}`);
  });

  it("refuses an unknown shell (exit 2)", async () => {
    expect((await runCli(tempConfigDir(), ["completion", "tcsh"])).code).toBe(EXIT_CODES.usage);
  });

  it("walks the program: option values, variadic options, positional arguments", async () => {
    const program = await buildProgram(undefined, "en");
    const slot = (...words: string[]) => completionSlot(program, words).slot;
    expect(slot("users", "list", "--context", "")).toEqual({ kind: "contexts" });
    expect(slot("--lang", "pt", "users", "list", "--team", "a")).toEqual({ kind: "slugs" });
    expect(slot("admins", "create", "--team", "a", "b", "")).toEqual({ kind: "slugs" });
    expect(slot("admins", "create", "--team", "a", "--")).toEqual({ kind: "words" });
    expect(slot("context", "use", "")).toEqual({ kind: "contexts" });
    expect(slot("--lang", "")).toEqual({ kind: "choices", values: ["en", "pt", "es"] });
    expect(slot("tokens", "")).toEqual({ kind: "words" });
    expect(slot("api", "GET", "")).toEqual({ kind: "free" });
  });
});

describe("bash completion run for real", () => {
  const cli = useCliHarness();
  beforeAll(async () => {
    await buildTeam(cli.db, { slug: "complete-alpha", teamName: "Alpha" });
    await buildTeam(cli.db, { slug: "complete-beta", teamName: "Beta" });
  });

  it("completes commands, subcommands and options", async () => {
    const env = { BULWARK_CONFIG_DIR: tempConfigDir() };
    expect(await bashComplete(["to"], env)).toEqual(["tokens"]);
    expect(await bashComplete(["tokens", ""], env)).toEqual(["create", "list", "revoke"]);
    const options = await bashComplete(["tokens", "create", "--"], env);
    expect(options).toEqual(
      expect.arrayContaining(["--name", "--permission", "--expires-in-days", "--no-expiry", "--json", "--url", "--help"]),
    );
    expect(await bashComplete(["settings", "apply", "--dr"], env)).toEqual(["--dry-run"]);
    expect(await bashComplete(["completion", ""], env)).toEqual(["bash", "zsh", "fish"]);
  }, 60_000);

  it("completes context names from the config file", async () => {
    const env = { BULWARK_CONFIG_DIR: configWithContexts() };
    expect(await bashComplete(["users", "list", "--context", ""], env)).toEqual(["staging", "prod:8443"]);
    expect(await bashComplete(["context", "use", "st"], env)).toEqual(["staging"]);
  }, 60_000);

  it("completes company slugs from the signed-in server, and offers nothing when it cannot be reached", async () => {
    const signedIn = { BULWARK_CONFIG_DIR: tempConfigDir(), BULWARK_URL: cli.url, BULWARK_TOKEN: cli.rootToken };
    expect(await bashComplete(["users", "list", "--team", "complete-"], signedIn)).toEqual(["complete-alpha", "complete-beta"]);
    const unreachable = { BULWARK_CONFIG_DIR: tempConfigDir(), BULWARK_URL: "http://127.0.0.1:1", BULWARK_TOKEN: "x" };
    expect(await bashComplete(["users", "list", "--team", ""], unreachable)).toEqual([]);
    const signedOut = { BULWARK_CONFIG_DIR: tempConfigDir() };
    expect(await bashComplete(["users", "list", "--team", ""], signedOut)).toEqual([]);
  }, 60_000);
});
