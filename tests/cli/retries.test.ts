import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { useCliHarness } from "../support/cli";
import { sendError, startHttpServer, type ScriptedServer } from "../support/tls";
import { runCli, tempConfigDir } from "./helpers";

const errorOf = (stderr: string) => (JSON.parse(stderr.trim().split("\n").at(-1) ?? "{}") as { error: Record<string, unknown> }).error;

/** Forwards a request to the real server and copies its answer back. */
async function forward(target: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "host"),
  );
  const answer = await fetch(`${target}${req.url ?? "/"}`, {
    method: req.method ?? "GET",
    headers,
    ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
  });
  res.writeHead(answer.status, { "Content-Type": answer.headers.get("content-type") ?? "application/json" });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

describe("the CLI's retries", () => {
  const cli = useCliHarness();
  let server: ScriptedServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  const run = (url: string, args: string[], env: Record<string, string> = {}) =>
    runCli(tempConfigDir(), args, { env: { BULWARK_URL: url, BULWARK_TOKEN: cli.rootToken, ...env } });

  it("retries a write after 503 + Retry-After with the same Idempotency-Key, saying each wait", async () => {
    server = await startHttpServer((req, res, n) => {
      if (n <= 2) sendError(res, 503, "unavailable", {}, { "Retry-After": "1" });
      else void forward(cli.url, req, res);
    });
    const result = await run(server.url, ["teams", "create", "--name", "Retried", "--slug", "retried", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ teamName: "Retried" });
    expect(server.requests.map((r) => r.method)).toEqual(["POST", "POST", "POST"]);
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(result.stderr).toContain("Retrying in 1 s (503 Service Unavailable), attempt 2 of 4");
    expect(result.stderr).toContain("attempt 3 of 4");
  });

  it("gives each logical write its own key", async () => {
    server = await startHttpServer((req, res) => void forward(cli.url, req, res));
    await run(server.url, ["teams", "create", "--name", "Key One", "--slug", "key-one", "--json"]);
    await run(server.url, ["teams", "create", "--name", "Key Two", "--slug", "key-two", "--json"]);
    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("does not retry a 500 (exit 8)", async () => {
    server = await startHttpServer((_req, res) => sendError(res, 500, "internal", { requestId: "req-500-abc" }));
    const result = await run(server.url, ["whoami", "--json"]);
    expect(result.code).toBe(8);
    expect(server.requests).toHaveLength(1);
    expect(errorOf(result.stderr)).toMatchObject({ code: "internal", status: 500, requestId: "req-500-abc" });
  });

  it("stops after the last attempt with exit 12, and --retries 0 turns retries off", async () => {
    server = await startHttpServer((_req, res) => sendError(res, 503, "unavailable", {}, { "Retry-After": "0" }));
    const twice = await run(server.url, ["whoami", "--json", "--retries", "1"]);
    expect(twice.code).toBe(12);
    expect(server.requests).toHaveLength(2);
    expect(errorOf(twice.stderr)).toMatchObject({ code: "unavailable", status: 503, retryAfter: 0 });
    const once = await run(server.url, ["whoami", "--json", "--retries", "0"]);
    expect(once.code).toBe(12);
    expect(server.requests).toHaveLength(3);
    expect(once.stderr).not.toContain("Retrying");
    const byEnv = await run(server.url, ["whoami", "--json"], { BULWARK_RETRIES: "0" });
    expect(byEnv.code).toBe(12);
    expect(server.requests).toHaveLength(4);
  });

  it("does not wait for a Retry-After over the cap: exit 12 at once, naming the wait", async () => {
    server = await startHttpServer((_req, res) => sendError(res, 429, "tooManyRequests", {}, { "Retry-After": "695" }));
    const human = await run(server.url, ["whoami"]);
    expect(human.code).toBe(12);
    expect(server.requests).toHaveLength(1);
    expect(human.stderr).toContain("11 min 35 s");
    const json = await run(server.url, ["whoami", "--json", "--lang", "pt"]);
    expect(json.code).toBe(12);
    expect(errorOf(json.stderr)).toMatchObject({ code: "tooManyRequests", status: 429, retryAfter: 695 });
    expect(errorOf(json.stderr).message).toContain("11 min 35 s");
    expect(server.requests).toHaveLength(2);
  });

  it("rejects a --retries or --timeout that is not a whole number (exit 2)", async () => {
    const bad = await run("http://127.0.0.1:1", ["whoami", "--retries", "many"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--retries");
  });
});
