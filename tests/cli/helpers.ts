/**
 * Runs the BUILT CLI (dist/cli/main.js, rebuilt by the global setup when sources changed) as a
 * subprocess, the way an operator or a pipeline does: stdin is a pipe (so never a TTY), the
 * config lives in a temp directory, and the parent's BULWARK_* variables never leak in.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT_DIR } from "../support/server";

/** The bundle under test. */
export const CLI_BUNDLE = path.join(ROOT_DIR, "dist", "cli", "main.js");
/** The package's bin (`npx bulwark`, `npm link`). */
export const CLI_BIN = path.join(ROOT_DIR, "bin", "bulwark.mjs");

/** What one run produced; `code` is null when the run was killed after `timeoutMs`. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Options of one run. */
export interface CliRunOptions {
  /** Extra environment (BULWARK_URL, BULWARK_TOKEN, …) on top of PATH/HOME/BULWARK_CONFIG_DIR. */
  env?: Record<string, string>;
  /** Written to stdin, which is then closed; `null` leaves stdin open (a prompt would hang). */
  stdin?: string | null;
  timeoutMs?: number;
  /** The script to run: the bundle (default) or bin/bulwark.mjs, the installed command. */
  entry?: string;
}

/** A fresh, not yet existing config directory inside a new temp directory. */
export function tempConfigDir(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), "bulwark-cli-")), "bulwark");
}

/** Writes `text` to a file `name` in a new temp directory (a CSV or ids file to hand the CLI); returns its path. */
export function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "bulwark-file-")), name);
  writeFileSync(file, text);
  return file;
}

/** Runs `node dist/cli/main.js ...args` with the config in `configDir`. */
export function runCli(configDir: string, args: readonly string[], options: CliRunOptions = {}): Promise<CliRun> {
  const home = path.dirname(configDir);
  const child = spawn(process.execPath, [options.entry ?? CLI_BUNDLE, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: home, BULWARK_CONFIG_DIR: configDir, ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  if (options.stdin !== null) child.stdin.end(options.stdin ?? "");
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs ?? 15_000);
    child.once("close", (code) => {
      clearTimeout(timer);
      child.stdin.destroy();
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}
