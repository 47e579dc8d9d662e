/**
 * Property-based fuzzing of every /v2 route, on SQLite and PostgreSQL. The routes and
 * their schemas come from GET /v2/openapi.json; each gets FUZZ_RUNS cases (default 1,000) shared
 * by root and the admin of team A (the service token on /v2/service/*). Oracle: no server error,
 * every error is the catalogue envelope, a body over the limit is a 413, and a GET leaves the
 * database as it found it, and every 2xx answer matches the OpenAPI document's response schema
 * (tests/api/fuzz/conformance.ts). Every distinct failure is collected and listed with a replayable
 * example: `FUZZ_SEED=<seed> FUZZ_ROUTE="<METHOD /path>"` runs the same cases again.
 */
import { createHash, randomInt } from "node:crypto";
import type { Router } from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { setSettings } from "../support/factories";
import { registeredRoutes } from "../support/routes";
import { getTestServer, type TestServer } from "../support/server";
import { fuzzClient, type FuzzClient } from "./fuzz/client";
import { snapshot, violation } from "./fuzz/oracle";
import { caseArb, renderCase, type FuzzCase } from "./fuzz/requests";
import { buildWorld, credentialOf, intact, resolveIn, type World } from "./fuzz/world";
import { operationsOf, type OpenApiDocument } from "./fuzz/openapi";
import { conformanceChecker, type ConformanceDocument } from "./fuzz/conformance";

/** A non-negative integer from the environment, or the fallback; anything else stops the suite with the variable's name. */
function intFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, not ${JSON.stringify(text)}`);
  return value;
}

const RUNS = intFromEnv("FUZZ_RUNS", 1000);
const SEED = intFromEnv("FUZZ_SEED", randomInt(2 ** 31));
const ONLY = process.env.FUZZ_ROUTE;

// The route list is needed to declare one test per route: read it once from a throw-away server.
const probe = await getTestServer();
const DOCUMENT = (await probe.request().get("/v2/openapi.json")).body as OpenApiDocument & ConformanceDocument;
const OPERATIONS = operationsOf(DOCUMENT);
// Every 2xx answer is held to the document's own response schema (not to zod): what a generated client reads.
const CONFORMANCE = conformanceChecker(DOCUMENT);
const REGISTERED = registeredRoutes(probe.app.locals.apiRouter as Router);
await probe.close();
// A FUZZ_ROUTE that names no route (e.g. without its /v2 prefix) would fuzz nothing and pass.
if (ONLY && !OPERATIONS.some((op) => `${op.method} ${op.path}` === ONLY)) {
  throw new Error(`FUZZ_ROUTE "${ONLY}" names no route; use "METHOD /v2/path" as the report prints it`);
}

/** A seed per route, so FUZZ_ROUTE replays one route's cases without running the others. */
function routeSeed(key: string): number {
  return (SEED ^ createHash("sha256").update(key).digest().readUInt32BE(0)) >>> 0;
}

/** What one distinct failure looked like the first (shortest) time. */
interface Finding {
  count: number;
  example: string;
  size: number;
}

/**
 * The logged cause of a 500 (error type and message, values masked), so distinct faults behind
 * the same envelope are listed apart.
 */
function causeOf(logs: string[], answer: string): string {
  const requestId = /"requestId":"([\w-]+)"/.exec(answer)?.[1];
  const line = requestId ? logs.find((l) => l.includes(requestId) && l.includes('"err"')) : undefined;
  if (!line) return "";
  const { err } = JSON.parse(line) as { err?: { type?: string; message?: string; code?: string } };
  const message = (err?.message ?? "").replace(/"[^"]*"|'[^']*'|\b\d+\b/g, "…").slice(0, 120);
  return ` [${err?.type ?? "Error"}${err?.code ? ` ${err.code}` : ""}: ${message}]`;
}

const clip = (text: string, max = 240) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

/** Whether every percent-escape of a path decodes (the router refuses one that does not with 400). */
function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

describe.each(testDialects())("fuzzing every /v2 route on %s", (dialect) => {
  let server: TestServer;
  let client: FuzzClient;
  let world: World;
  let rebuilds = 0;
  let ip = 0;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    server = await getTestServer({ dialect, env: { TRUST_PROXY: "loopback" } });
    // Thousands of calls a minute per actor: the per-principal budget at its maximum, so cases reach their handlers.
    await setSettings(server.database.db, "security", { apiRateLimitPerMinute: 100_000 });
    client = fuzzClient(await server.listen());
    world = await buildWorld(server.database.db, server.config);
    const routes = ONLY ? OPERATIONS.filter((op) => `${op.method} ${op.path}` === ONLY).length : OPERATIONS.length;
    console.log(
      `fuzz: ${routes} routes, ${RUNS} cases each, seed ${SEED}, 2 actors (root and a team admin; a service token on /v2/service/*), ${dialect}`,
    );
  });

  afterAll(async () => {
    console.log(`fuzz: ${dialect} done in ${((Date.now() - started) / 1000).toFixed(1)} s, world rebuilt ${rebuilds} times`);
    client?.close();
    await server?.close();
  });

  it("fuzzes every registered /v2 route (the OpenAPI document lists each one)", () => {
    const fuzzed = OPERATIONS.map((op) => `${op.method} ${op.path.slice("/v2".length).replace(/\{(\w+)\}/g, ":$1")}`).sort();
    expect(fuzzed).toEqual(REGISTERED);
  });

  it("documents a success body (a JSON schema or a file's media types) for every route", () => {
    expect(CONFORMANCE.missing).toEqual([]);
  });

  for (const op of OPERATIONS) {
    const key = `${op.method} ${op.path}`;
    if (ONLY && key !== ONLY) continue;
    it(
      key,
      async () => {
        const db = server.database.db;
        const findings = new Map<string, Finding>();
        const statuses = new Map<number, number>();
        const record = (what: string, c: FuzzCase, url: string, body: string | undefined, answer: string) => {
          const cursor = /[?&]cursor=([\w-]+)/.exec(url)?.[1];
          const decoded = cursor ? ` (cursor ${JSON.stringify(Buffer.from(cursor, "base64url").toString("utf8"))})` : "";
          const example = `${op.method} ${clip(url)}${decoded}${body === undefined ? "" : ` body ${clip(JSON.stringify(body))}`} as ${typeof c.actor === "string" ? c.actor : `forged credential #${c.actor.forged % world.forged.length}`} -> ${clip(answer, 300)}`;
          const size = url.length + (body?.length ?? 0);
          const seen = findings.get(what);
          if (!seen) findings.set(what, { count: 1, example, size });
          else {
            seen.count++;
            if (size < seen.size) Object.assign(seen, { example, size });
          }
        };
        const before = op.method === "GET" ? await snapshot(db) : null;
        await fc.assert(
          fc.asyncProperty(caseArb(op), async (c) => {
            const { url, body } = renderCase(op, c, (ref) => resolveIn(world, ref));
            const forwarded = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;
            const headers = { Authorization: credentialOf(world, c.actor), "X-Forwarded-For": forwarded };
            let answer;
            try {
              answer = await client.send({ method: op.method, url, headers, body });
            } catch (error) {
              record(`no answer: ${(error as Error).message.slice(0, 80)}`, c, url, body?.text, "");
              return true;
            }
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            const broken = violation(answer, answer.sentBytes, op.path.endsWith("/export"), !decodes(url.split("?")[0]!));
            if (broken) {
              const code = /"code":"(\w+)"/.exec(answer.text)?.[1] ?? "";
              record(`${answer.status} ${code} ${broken}${causeOf(server.logs, answer.text)}`, c, url, body?.text, answer.text);
            }
            const mismatch = CONFORMANCE.check(key, answer.status, answer.contentType, answer.text);
            if (mismatch) record(`${answer.status} ${mismatch}`, c, url, body?.text, answer.text);
            server.logs.length = 0;
            if (op.method !== "GET" && answer.status < 300 && !(await intact(db, world))) {
              world = await buildWorld(db, server.config);
              rebuilds++;
            }
            return true;
          }),
          { numRuns: RUNS, seed: routeSeed(key) },
        );
        // How deep the cases went: a route answering only 400s would be fuzzing its validator alone.
        console.log(
          `fuzz: ${dialect} ${key}: ${[...statuses]
            .sort(([a], [b]) => a - b)
            .map(([status, n]) => `${status}x${n}`)
            .join(" ")}`,
        );
        const report = [...findings].map(([what, f]) => `${what} (${f.count}x), e.g. ${f.example}`);
        if (report.length)
          console.log(
            `fuzz finding: ${dialect} ${key} (replay: FUZZ_SEED=${SEED} FUZZ_ROUTE="${key}")\n${report.map((r) => `fuzz finding: ${dialect} ${r}`).join("\n")}`,
          );
        // A read must leave every table as it found it (tests/api/fuzz/oracle.ts says what is left out).
        const after = before ? await snapshot(db) : null;
        const changed =
          before && after
            ? Object.keys({ ...before, ...after }).filter(
                (table) => before[table] !== after[table] && !(table === "access_log" && op.path.endsWith("/export")),
              )
            : [];
        expect({ findings: report, tablesChangedByReads: changed }).toEqual({ findings: [], tablesChangedByReads: [] });
      },
      Math.max(120_000, RUNS * 400),
    );
  }
});
