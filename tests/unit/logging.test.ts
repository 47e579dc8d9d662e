/**
 * What the process prints (issue 30 item 7): the terminal/collector decision is a pure function
 * of (isTTY, NODE_ENV, LOG_LEVEL), tested here in full; the banner's content; and, spawned
 * without a terminal, the production bundle still writes the JSON lines log collectors read.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logPresentation, requestLogLevel, startBanner } from "../../server/logger";
import { exitWithin, startBuiltServer } from "../support/process";

describe("logPresentation", () => {
  it.each([
    // isTTY, NODE_ENV, LOG_LEVEL → format, banner, request level
    [false, "production", "info", "json", false, "info"],
    [false, "development", "info", "json", false, "info"],
    [false, "development", "debug", "json", false, "info"],
    [true, "production", "info", "json", true, "debug"],
    [true, "production", "debug", "json", true, "info"],
    [true, "development", "info", "pretty", true, "debug"],
    [true, "development", "warn", "pretty", true, "debug"],
    [true, "development", "debug", "pretty", true, "info"],
    [true, "development", "trace", "pretty", true, "info"],
    [true, "test", "info", "pretty", true, "debug"],
  ] as const)("isTTY=%s NODE_ENV=%s LOG_LEVEL=%s → %s, banner %s, requests at %s", (isTTY, env, logLevel, format, banner, requestLevel) => {
    expect(logPresentation({ isTTY, env, logLevel })).toEqual({ format, banner, requestLevel });
  });

  it("keeps failed requests visible at a terminal and hides the others below debug", () => {
    expect(requestLogLevel("debug", 200)).toBe("debug");
    expect(requestLogLevel("debug", 404)).toBe("debug");
    expect(requestLogLevel("debug", 503)).toBe("error");
    expect(requestLogLevel("debug", 200, new Error("x"))).toBe("error");
    expect(requestLogLevel("info", 302)).toBe("info");
  });
});

describe("startBanner", () => {
  const facts = {
    version: "5.0.1",
    url: "https://console.example",
    listening: "http://127.0.0.1:3000",
    database: "PostgreSQL, db.internal:5432/bulwark",
    edition: "private",
    mail: "SMTP via smtp.example:587",
    logLevel: "info",
  };

  it("names the URL, database, edition and mail, and puts the setup link last", () => {
    const banner = startBanner({
      ...facts,
      setup: "No root administrator yet. Open this one-time link:\nhttps://console.example/verify/en/abc",
    });
    expect(banner).toContain("Bulwark console: https://console.example (listening on http://127.0.0.1:3000)");
    for (const part of ["Bulwark 5.0.1", facts.database, "private", facts.mail]) expect(banner).toContain(part);
    const lines = banner.trim().split("\n");
    expect(lines.findIndex((l) => l.includes("/verify/en/abc"))).toBeGreaterThan(lines.findIndex((l) => l.includes("Mail:")));
    expect(banner).toContain("LOG_LEVEL=debug shows them");
    expect(banner).not.toMatch(/\{"level"/);
  });

  it("says requests are logged when LOG_LEVEL=debug, and omits the setup part without a link", () => {
    const banner = startBanner({ ...facts, listening: facts.url, logLevel: "debug" });
    expect(banner).toContain("Bulwark console: https://console.example\n");
    expect(banner).toContain("Logging every request (LOG_LEVEL=debug)");
    expect(banner).not.toContain("No root administrator");
  });
});

describe("the JSON logger", () => {
  it("writes one JSON object per line with the service name and redactions", () => {
    let written = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    createLogger("info", sink).info({ password: "secret" }, "hello");
    const line = JSON.parse(written.trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 30, service: "bulwark", msg: "hello", password: "[redacted]" });
  });
});

describe("a server without a terminal", () => {
  it("logs JSON lines, the listening line and each request at info, as before", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bulwark-logging-"));
    const server = startBuiltServer({ LOG_LEVEL: "info", BULWARK_DATA_DIR: dataDir, CAPTCHA: "off" });
    try {
      const url = await server.url;
      expect((await fetch(`${url}/signin/en`)).status).toBe(200);
      await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/"url":"\/signin\/en"/);
      const json = server
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string } });
      expect(json.find((l) => l.msg === "Bulwark is listening")).toMatchObject({ level: 30 });
      expect(json.find((l) => l.req?.url === "/signin/en")).toMatchObject({ level: 30, msg: "request completed" });
      expect(server.output()).not.toContain("Requests are not logged here");
    } finally {
      server.child.kill("SIGTERM");
      await exitWithin(server, 15_000);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
