/**
 * Issue #32 item 8c: a root-only call refuses a company admin before reading the body, so a bad
 * body answers the same 403 (same code) as a good one and the admin learns nothing from the
 * body's rules. Walks every root-only row of the authorization matrix (root succeeds, both
 * company admins get 403) with a malformed body, or a malformed query for reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { getTestServer, type TestServer } from "../support/server";
import { buildMatrixFixtures, type Actor } from "./authz/fixtures";
import { MATRIX_ROWS } from "./authz/rows";

/**
 * Rows of calls only root may make: signed-in calls both company admins are refused and root is
 * not (root may still get a 400 from the row's fixtures, as on the domain calls).
 */
const ROOT_ONLY = MATRIX_ROWS.filter(
  (row) => row.expect.anonymous === 401 && row.expect.root !== 403 && row.expect.teamAdmin === 403 && row.expect.otherAdmin === 403,
);

describe.each(testDialects())("root-only calls with a bad body on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("finds the root-only rows (settings, licenses, teams, domains, associations, service tokens, unlock, MFA reset)", () => {
    const routes = new Set(ROOT_ONLY.map((row) => `${row.method} ${row.route}`));
    for (const route of [
      "POST /license/validate",
      "PUT /settings/general",
      "POST /team",
      "DELETE /association",
      "GET /domains",
      "PUT /team/domains",
      "PUT /admin/unlock",
    ]) {
      expect(routes).toContain(route);
    }
  });

  let ip = 0;
  for (const row of ROOT_ONLY) {
    it(`${row.method} ${row.route}: a company admin gets 403 whatever the body`, async () => {
      const fixtures = await buildMatrixFixtures(server.database.db, server.config);
      const { url, body } = await row.request(fixtures);
      for (const actor of ["teamAdmin", "otherAdmin"] as const satisfies readonly Actor[]) {
        const send = async (target: string, payload: unknown) => {
          const method = row.method.toLowerCase() as "get" | "post" | "put" | "delete";
          const client = server.request();
          let req = client[method](target).set("X-Forwarded-For", `10.9.${(ip >> 8) & 255}.${ip++ & 255}`);
          for (const [name, value] of Object.entries(fixtures.headers[actor])) req = req.set(name, value);
          return payload === undefined ? req : req.send(payload as object);
        };
        const good = await send(url, body);
        const bad =
          row.method === "GET"
            ? await send(`${url}${url.includes("?") ? "&" : "?"}limit=-1&sort=%00&cursor=%ZZ`, undefined)
            : await send(url, { bogus: ["\u0000"], id: -1, slug: 42 });
        expect({ actor, status: bad.status, code: bad.body?.error?.code }).toEqual({ actor, status: 403, code: good.body?.error?.code });
        expect(good.status).toBe(403);
      }
    });
  }
});
