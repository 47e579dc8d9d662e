import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Command } from "commander";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { buildProgram, run as runInProcess } from "../../cli/main";
import { EXIT_CODES } from "../../shared/errors";
import { APP_VERSION } from "../../shared/limits";
import { buildAdmin, givePassword, GOOD_PASSWORD } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { CLI_BIN, runCli, tempConfigDir } from "./helpers";

/** Every command path of the program: ["login"], ["context", "list"], … */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => [[...prefix, sub.name()], ...commandPaths(sub, [...prefix, sub.name()])]);
}

describe("bulwark --version, --help and usage errors", () => {
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    server = await getTestServer();
    url = await server.listen();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("--version prints the CLI line alone when no server is configured", async () => {
    const run = await runCli(tempConfigDir(), ["--version"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`bulwark ${APP_VERSION}\n`);
  });

  it("--version adds the server version from BULWARK_URL, or from the current context", async () => {
    const viaEnv = await runCli(tempConfigDir(), ["--version"], { env: { BULWARK_URL: url } });
    expect(viaEnv.code).toBe(0);
    expect(viaEnv.stdout).toBe(`bulwark ${APP_VERSION}\nserver ${APP_VERSION}\n`);

    const admin = await buildAdmin(server.database.db);
    await givePassword(server.database.db, server.config, admin);
    const dir = tempConfigDir();
    expect((await runCli(dir, ["login", url, "-u", admin.username, "--password-stdin"], { stdin: GOOD_PASSWORD })).code).toBe(0);
    const viaContext = await runCli(dir, ["-V", "--json"]);
    expect(viaContext.code).toBe(0);
    expect(JSON.parse(viaContext.stdout)).toEqual({ cli: APP_VERSION, server: APP_VERSION, url });
  });

  it("--version with an unreachable server still prints the CLI line and succeeds", async () => {
    const run = await runCli(tempConfigDir(), ["--version"], { env: { BULWARK_URL: "http://127.0.0.1:1" } });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`bulwark ${APP_VERSION}\n`);
  });

  it("every command's --help lists examples", async () => {
    const paths = commandPaths(await buildProgram(undefined, "en"));
    expect(paths).toEqual(
      expect.arrayContaining([
        ["login"],
        ["logout"],
        ["whoami"],
        ["context"],
        ["context", "list"],
        ["context", "use"],
        ["context", "delete"],
      ]),
    );
    const root = await runCli(tempConfigDir(), ["--help"]);
    expect(root.code).toBe(0);
    expect(root.stdout).toMatch(/Examples:\n {2}bulwark login https:\/\//);
    for (const path of paths) {
      const run = await runCli(tempConfigDir(), [...path, "--help"]);
      expect({ path, code: run.code }).toEqual({ path, code: 0 });
      expect(run.stdout, path.join(" ")).toMatch(/Examples:\n {2}bulwark /);
    }
  }, 240_000); // one CLI process per command (about 80 of them), one after another

  it("help follows --lang", async () => {
    const run = await runCli(tempConfigDir(), ["login", "--help", "--lang", "pt"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Exemplos:");
    expect(run.stdout).toContain("Utilização:");
  });

  it("the package bin runs the same CLI and exits with its codes", async () => {
    const version = await runCli(tempConfigDir(), ["--version"], { entry: CLI_BIN, env: { BULWARK_URL: url } });
    expect(version.code).toBe(0);
    expect(version.stdout).toBe(`bulwark ${APP_VERSION}\nserver ${APP_VERSION}\n`);
    const whoami = await runCli(tempConfigDir(), ["whoami"], { entry: CLI_BIN });
    expect(whoami.code).toBe(EXIT_CODES.authentication);
  });

  it("usage errors exit 2, as text or as JSON with --json", async () => {
    const bare = await runCli(tempConfigDir(), []);
    expect(bare.code).toBe(EXIT_CODES.usage);
    expect(bare.stderr).toContain("Usage: bulwark");
    const unknown = await runCli(tempConfigDir(), ["frobnicate"]);
    expect(unknown.code).toBe(EXIT_CODES.usage);
    expect(unknown.stderr).toContain("Unknown command: frobnicate");
    const badOption = await runCli(tempConfigDir(), ["whoami", "--json", "--bogus"]);
    expect(badOption.code).toBe(EXIT_CODES.usage);
    expect(JSON.parse(badOption.stderr)).toEqual({ error: { code: "usage", status: 0, message: expect.stringContaining("--bogus") } });
    const badLang = await runCli(tempConfigDir(), ["whoami", "--lang", "fr"]);
    expect(badLang.code).toBe(EXIT_CODES.usage);
    const badUrl = await runCli(tempConfigDir(), ["login", "ftp://example.com", "-u", "a@b.c", "--password-stdin"], { stdin: "x" });
    expect(badUrl.code).toBe(EXIT_CODES.usage);
  });
});

/** Every leaf command (one that runs something) with its path. */
function leafCommands(command: Command, prefix: string[] = []): { path: string[]; command: Command }[] {
  return command.commands.flatMap((sub) =>
    sub.commands.length > 0 ? leafCommands(sub, [...prefix, sub.name()]) : [{ path: [...prefix, sub.name()], command: sub }],
  );
}

/** Commands without `--json`, each with the reason. */
const WITHOUT_JSON: Readonly<Record<string, string>> = { completion: "prints a shell script, never data" };

/** Whether `text` is empty, one JSON document, or JSON Lines. */
function isJsonOutput(text: string): boolean {
  if (text.trim() === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return text
      .split("\n")
      .filter(Boolean)
      .every((line) => {
        try {
          JSON.parse(line);
          return true;
        } catch {
          return false;
        }
      });
  }
}

const fullProgram = await buildProgram(undefined, "en");

describe("--json on every command", () => {
  const leaves = leafCommands(fullProgram);

  it("every command that prints data declares --json, and every export says what --json prints", () => {
    expect(leaves.length).toBeGreaterThanOrEqual(70);
    const missing = leaves.filter(({ command }) => !command.options.some((o) => o.long === "--json")).map(({ path }) => path.join(" "));
    expect(missing).toEqual(Object.keys(WITHOUT_JSON));
    const exports = leaves.filter(({ path }) => path.at(-1) === "export");
    expect(exports.map(({ path }) => path[0])).toEqual(expect.arrayContaining(["users", "admins", "teams", "licenses", "invites", "logs"]));
    for (const { command } of exports) expect(command.options.find((o) => o.long === "--json")?.description).toContain("JSON Lines");
  });

  it("with --json and no server, every command writes only JSON to stdout and stderr", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "bulwark-json-"));
    for (const { path: words } of leaves.filter(({ path }) => !(path.join(" ") in WITHOUT_JSON))) {
      let stdout = "";
      let stderr = "";
      const sink = (append: (text: string) => void) =>
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            append(chunk.toString("utf8"));
            done();
          },
        });
      const code = await runInProcess({
        argv: [...words, "--json"],
        env: { HOME: home, BULWARK_CONFIG_DIR: path.join(home, "bulwark") },
        stdin: Readable.from([]),
        stdout: sink((text) => (stdout += text)),
        stderr: sink((text) => (stderr += text)),
      });
      expect({ words, stdout: isJsonOutput(stdout), stderr: isJsonOutput(stderr) }).toEqual({ words, stdout: true, stderr: true });
      expect({ words, code }).not.toEqual({ words, code: EXIT_CODES.unknown });
    }
  }, 60_000);
});
