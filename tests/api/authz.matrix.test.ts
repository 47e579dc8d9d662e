import type { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { registeredRoutes } from "../support/routes";
import { getTestServer, type TestServer } from "../support/server";
import { ACTORS, buildMatrixFixtures, TOKEN_ACTOR_NAMES, type Actor, type TokenActor } from "./authz/fixtures";
import { tokenExpectation, type MatrixRow } from "./authz/types";
import { MATRIX_ROWS } from "./authz/rows";

describe.each(testDialects())("authorization matrix on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("has a row for every /v2 endpoint and no row for an endpoint that does not exist", () => {
    const registered = registeredRoutes(server.app.locals.apiRouter as Router);
    const rows = MATRIX_ROWS.map((r) => `${r.method} ${r.route}`).sort();
    expect(rows).toEqual(registered);
  });

  /** What a session actor expects is written in the row; a token actor's follows tokenExpectation's rule. */
  const statusOf = (row: MatrixRow, actor: Actor | TokenActor): number | undefined =>
    (ACTORS as readonly string[]).includes(actor) ? row.expect[actor as Actor] : tokenExpectation(row, actor as TokenActor);
  const countOf = (row: MatrixRow, actor: Actor | TokenActor): number | undefined =>
    (ACTORS as readonly string[]).includes(actor) ? row.count?.[actor as Actor] : tokenExpectation(row, actor as TokenActor, true);

  let ip = 0;
  for (const row of MATRIX_ROWS) {
    it(`${row.method} ${row.route}`, async () => {
      for (const actor of [...ACTORS, ...TOKEN_ACTOR_NAMES]) {
        const fixtures = await buildMatrixFixtures(server.database.db, server.config);
        const { url, body, type } = await row.request(fixtures);
        // A distinct client address per call keeps the per-IP rate limits out of the matrix.
        const forwarded = `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;
        let req = server.request()[row.method.toLowerCase() as "get" | "post" | "put" | "delete"](url).set("X-Forwarded-For", forwarded);
        for (const [name, value] of Object.entries(fixtures.headers[actor])) req = req.set(name, value);
        if (type) req = req.set("Content-Type", type);
        const res = body === undefined ? await req : await req.send(body as object);
        const expected = statusOf(row, actor);
        expect({ actor, status: res.status, body: res.status === expected ? undefined : res.body }).toEqual({
          actor,
          status: expected,
          body: undefined,
        });
        const expectedCount = countOf(row, actor);
        if (expectedCount !== undefined) {
          const items = row.items ? row.items(res.body, res.text) : (res.body as { items: unknown[] }).items;
          expect({ actor, count: items.length }).toEqual({ actor, count: expectedCount });
        }
      }
    });
  }
});
