import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../support/server";

/** Runs the production bundle the way `npm start` and the Docker image do. */
function startBuiltServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(ROOT_DIR, "dist", "server", "main.js")], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Bulwark console: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, url, exited, output: () => output };
}

describe("the production server process", () => {
  it("starts on SQLite with migrations, serves the console, and stops cleanly on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-proc-"));
    const server = startBuiltServer({ BULWARK_DATA_DIR: dataDir });
    const url = await server.url;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const page = await fetch(`${url}/signin/es`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="es">');
    expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(["bulwark.db", "secrets.json"]));
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  it("refuses to start with a bad setting and names the variable", async () => {
    const server = startBuiltServer({ BULWARK_DATA_DIR: mkdtempSync(path.join(tmpdir(), "bulwark-proc-")), EDITION: "gold" });
    await expect(server.url).rejects.toThrow(/EDITION/);
    expect(await server.exited).toBe(1);
  });
});
