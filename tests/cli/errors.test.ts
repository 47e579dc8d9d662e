import { createServer, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendError, startHttpServer, type ScriptedServer } from "../support/tls";
import { runCli, tempConfigDir } from "./helpers";

const TOKEN = "test-token-not-a-secret-9f3a";
const run = (url: string, args: string[], env: Record<string, string> = {}) =>
  runCli(tempConfigDir(), args, { env: { BULWARK_URL: url, BULWARK_TOKEN: TOKEN, ...env } });
const errorOf = (stderr: string) => (JSON.parse(stderr.trim().split("\n").at(-1) ?? "{}") as { error: Record<string, unknown> }).error;

/** A port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("CLI errors that say why", () => {
  let server: ScriptedServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it("a refused connection: netRefused, retried, exit 9, in the chosen language", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const json = await run(url, ["whoami", "--json", "--retries", "1"]);
    expect(json.code).toBe(9);
    expect(errorOf(json.stderr)).toMatchObject({ code: "netRefused", status: 0 });
    expect(json.stderr).toMatch(/Retrying in [\d.]+ s \(ECONNREFUSED\), attempt 2 of 2/);
    const pt = await run(url, ["whoami", "--lang", "pt", "--retries", "0"]);
    expect(pt.code).toBe(9);
    expect(pt.stderr).toContain("Ligação recusada");
  });

  it("a name that does not resolve: netDns", async () => {
    const result = await run("http://bulwark-test.invalid", ["whoami", "--json", "--retries", "0"]);
    expect(result.code).toBe(9);
    expect(errorOf(result.stderr).code).toBe("netDns");
  });

  it("a server that never answers: netTimeout after --timeout", async () => {
    server = await startHttpServer(() => undefined);
    const result = await run(server.url, ["whoami", "--json", "--timeout", "1", "--retries", "0"]);
    expect(result.code).toBe(9);
    expect(errorOf(result.stderr).code).toBe("netTimeout");
    const byEnv = await run(server.url, ["whoami", "--json", "--retries", "0"], { BULWARK_TIMEOUT: "1" });
    expect(errorOf(byEnv.stderr).code).toBe("netTimeout");
  });

  it("--json keeps the envelope's details and request id", async () => {
    server = await startHttpServer((_req, res) =>
      sendError(res, 400, "badParameters", { details: [{ path: ["name"], message: "too long" }], requestId: "req-400-xyz" }),
    );
    const result = await run(server.url, ["whoami", "--json"]);
    expect(result.code).toBe(7);
    expect(errorOf(result.stderr)).toMatchObject({
      code: "badParameters",
      status: 400,
      requestId: "req-400-xyz",
      details: [{ path: ["name"], message: "too long" }],
    });
  });

  it("--debug traces each request on stderr without headers, token or body", async () => {
    server = await startHttpServer((_req, res, n) =>
      n === 1
        ? sendError(res, 503, "unavailable", {}, { "Retry-After": "0", "X-Request-Id": "req-dbg-1" })
        : sendError(res, 403, "forbidden"),
    );
    const result = await run(server.url, ["whoami", "--debug"]);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/\[debug\] GET http:\/\/127\.0\.0\.1:\d+\/v2\/me → 503 \d+ ms request-id=req-dbg-1/);
    expect(result.stderr).toMatch(/\[debug\] GET http:\/\/127\.0\.0\.1:\d+\/v2\/me → 403 \d+ ms/);
    const env = await run(server.url, ["whoami"], { BULWARK_DEBUG: "1" });
    expect(env.stderr).toContain("[debug] GET");
    for (const text of [result.stderr, env.stderr]) {
      expect(text).not.toContain(TOKEN);
      expect(text.toLowerCase()).not.toContain("authorization");
    }
  });
});
