/**
 * Bad input the penetration test sent, each once a 500 on PostgreSQL (and some
 * stored as is on SQLite). Every one must now be the documented 400/404/413 envelope (or a
 * localized page), with nothing logged at error level.
 */
import { maxLength } from "../../shared/limits";
import { signSessionToken, type SessionClaims } from "../../server/services/identity/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { testDialects } from "../support/db";
import { expectError } from "../support/expect";
import { bearerFor, buildAdmin, buildTeam, buildUser, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The shape of a sort's cursor value: one text, one number, or the JSON text of several values. */
type SortKind = "text" | "number" | "multi";

/** Cursors a client can forge, wrong for every sort: fractions, huge numbers, NUL, bad ids, extra keys. */
const FORGED_ALWAYS = [
  { v: 1.5, id: 1 },
  { v: 1e300, id: 1 },
  { v: "a\u0000", id: 1 },
  { v: "a\u001b[31m", id: 1 },
  { v: "a\ud800", id: 1 },
  { v: "x".repeat(330), id: 1 },
  { v: "a", id: 2 ** 40 },
  { v: 1, id: 1.5 },
  { v: null, id: 1 },
  { v: "a", id: 1, extra: true },
];

/** Cursors wrong for one kind of sort only. */
const FORGED_FOR: Record<SortKind, object[]> = {
  text: [{ v: 5, id: 1 }],
  number: [
    { v: "x", id: 1 },
    { v: 2 ** 60, id: 1 },
  ],
  multi: [
    { v: '["a\\u0000","b"]', id: 1 },
    { v: '[1e300,"b"]', id: 1 },
    { v: '["a",1.5,"b","c"]', id: 1 },
    { v: '["a",2147483648,"b","c"]', id: 1 },
    { v: "[", id: 1 },
  ],
};

/** Each list with every sort it accepts (the empty sort is the default one) and its cursor's kind. */
const LISTS: Record<string, [string, SortKind][]> = {
  "/v2/admins": [
    ["", "multi"],
    ["name", "multi"],
    ["username", "text"],
    ["createdOn", "number"],
    ["lastSeen", "number"],
    ["status", "text"],
  ],
  "/v2/users": [
    ["", "multi"],
    ["name", "multi"],
    ["username", "text"],
    ["team", "multi"],
    ["status", "multi"],
    ["createdOn", "number"],
    ["lastSeen", "number"],
  ],
  "/v2/teams": [
    ["", "text"],
    ["name", "text"],
    ["slug", "text"],
    ["createdOn", "number"],
  ],
  "/v2/logs": [["", "number"]],
};

describe.each(testDialects())("bad input on %s", (dialect) => {
  let server: TestServer;
  let root: Row<"admins">;
  let rootAuth: string;
  let team: Row<"teams">;

  const errorLines = () => server.logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await buildAdmin(server.database.db, { role: "root" });
    rootAuth = await bearerFor(server.config, root);
    team = await buildTeam(server.database.db);
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers forged keyset cursors on every list and sort with 400 badParameters", async () => {
    for (const [path, sorts] of Object.entries(LISTS)) {
      for (const [sort, kind] of sorts) {
        for (const forged of [...FORGED_ALWAYS, ...FORGED_FOR[kind]]) {
          const res = await server
            .request()
            .get(`${path}?cursor=${cursorOf(forged)}${sort ? `&sort=${sort}` : ""}`)
            .set("Authorization", rootAuth);
          expect({ path, sort, forged, status: res.status, code: res.body.error?.code }).toEqual({
            path,
            sort,
            forged,
            status: 400,
            code: "badParameters",
          });
        }
      }
    }
    expect(errorLines()).toEqual([]);
  });

  it("still pages with the cursors it issues, on multi-key and numeric sorts", async () => {
    for (let i = 0; i < 3; i++) await buildUser(server.database.db, { team, lastName: `Cursor${i}` });
    for (const sort of ["team", "status", "createdOn", "lastSeen"]) {
      const first = await server.request().get(`/v2/users?limit=1&sort=${sort}&team=${team.slug}`).set("Authorization", rootAuth);
      expect(first.status).toBe(200);
      const next = await server
        .request()
        .get(`/v2/users?limit=1&sort=${sort}&team=${team.slug}&cursor=${first.body.nextCursor as string}`)
        .set("Authorization", rootAuth);
      expect({ sort, status: next.status }).toEqual({ sort, status: 200 });
      expect(next.body.items[0].uid).not.toBe(first.body.items[0].uid);
    }
  });

  it("refuses control characters and lone surrogates in text fields, naming the field and the rule", async () => {
    const auth = rootAuth;
    const cases: { method: "put" | "post"; path: string; body: Record<string, unknown>; field: string; message: string }[] = [
      {
        method: "put",
        path: "/v2/me",
        body: { firstName: "Ada\u0000", lastName: "L", lang: "en", timezone: "UTC" },
        field: "firstName",
        message: "validation.controlCharacters",
      },
      {
        method: "put",
        path: "/v2/me",
        body: { firstName: "Ada", lastName: "\u001b]0;PWNED\u0007", lang: "en", timezone: "UTC" },
        field: "lastName",
        message: "validation.controlCharacters",
      },
      {
        method: "put",
        path: "/v2/me",
        body: { firstName: "A\tda", lastName: "L", lang: "en", timezone: "UTC" },
        field: "firstName",
        message: "validation.controlCharacters",
      },
      {
        method: "put",
        path: "/v2/me",
        body: { firstName: "Ada\u009b31m", lastName: "L", lang: "en", timezone: "UTC" },
        field: "firstName",
        message: "validation.controlCharacters",
      },
      {
        method: "put",
        path: "/v2/me",
        body: { firstName: "Ada\ud800", lastName: "L", lang: "en", timezone: "UTC" },
        field: "firstName",
        message: "validation.invalidCharacters",
      },
      {
        method: "put",
        path: "/v2/team",
        body: { slug: team.slug, notes: "line\u0000" },
        field: "notes",
        message: "validation.controlCharactersMultiLine",
      },
      {
        method: "put",
        path: "/v2/team",
        body: { slug: team.slug, notes: "bare\rreturn" },
        field: "notes",
        message: "validation.controlCharactersMultiLine",
      },
      {
        method: "put",
        path: "/v2/team",
        body: { slug: team.slug, city: "Lis\nbon" },
        field: "city",
        message: "validation.controlCharacters",
      },
      {
        method: "post",
        path: "/v2/team",
        body: { teamName: "Evil\u0000Corp" },
        field: "teamName",
        message: "validation.controlCharacters",
      },
      {
        method: "post",
        path: "/v2/user",
        body: { username: `nul.${dialect}@example.test`, firstName: "N\u0000", lastName: "U", team: team.slug },
        field: "firstName",
        message: "validation.controlCharacters",
      },
    ];
    for (const c of cases) {
      const res = await server.request()[c.method](c.path).set("Authorization", auth).send(c.body);
      expectError(res, 400, "badParameters");
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ path: [c.field], message: c.message }));
    }
    // Blanks at the ends of a trimmed field are dropped before the check, not refused.
    const trimmed = await server
      .request()
      .put("/v2/me")
      .set("Authorization", auth)
      .send({ firstName: "\tAda\r\n", lastName: " L ", lang: "en", timezone: "UTC" });
    expect(trimmed.status, JSON.stringify(trimmed.body)).toBe(200);
    expect([trimmed.body.firstName, trimmed.body.lastName]).toEqual(["Ada", "L"]);
    const multiLine = await server
      .request()
      .put("/v2/team")
      .set("Authorization", auth)
      .send({ slug: team.slug, notes: "first\r\nsecond\n\tindented" });
    expect(multiLine.status).toBe(200);
    expect(multiLine.body.notes).toBe("first\r\nsecond\n\tindented");
    expect(errorLines()).toEqual([]);
  });

  it("refuses control characters in device fields reported through the service API", async () => {
    const created = await server.request().post("/v2/service-tokens").set("Authorization", rootAuth).send({ name: "gateway" });
    const user = await buildUser(server.database.db, { team });
    const res = await server
      .request()
      .post("/v2/service/devices")
      .set("Authorization", `Bearer ${created.body.token as string}`)
      .send({ user: user.username, device: { token: "tok\u0000", platform: 2, deviceName: "\u001b[31mphone", browser: "" } });
    expectError(res, 400, "badParameters");
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: ["device", "token"], message: "validation.controlCharacters" }),
        expect.objectContaining({ path: ["device", "deviceName"], message: "validation.controlCharacters" }),
      ]),
    );
  });

  it("answers path parameters that cannot name anything with the route's 404, and malformed encodings with 400", async () => {
    for (const [path, code] of [
      ["/v2/team/%00", "teamRead404"],
      ["/v2/team/a%1Bb", "teamRead404"],
      ["/v2/admin/%00", "adminRead404"],
      ["/v2/user/%00", "userRead404"],
    ] as const) {
      expectError(await server.request().get(path).set("Authorization", rootAuth), 404, code);
    }
    for (const path of ["/v2/admin/%ff", "/v2/team/%E0%A4%A", "/v2/user/%", "/v2/user/%ED%A0%80", "/v2/%ff/x"]) {
      expectError(await server.request().get(path).set("Authorization", rootAuth), 400, "badParameters");
    }
    expect(errorLines()).toEqual([]);
  });

  it("shows pages with a malformed or impossible path a localized status page, never 'Internal Server Error'", async () => {
    const session = await signIn(server.database.db, server.config, root);
    const pt = await buildAdmin(server.database.db, { role: "root", lang: "pt" });
    const ptSession = await signIn(server.database.db, server.config, pt);
    const page = (path: string, cookie?: string) =>
      cookie ? server.request().get(path).set("Cookie", cookie) : server.request().get(path);
    for (const [path, cookie, status, title] of [
      ["/signin/%ff", undefined, 400, "Bad request · Bulwark"],
      ["/reset/en/%E0%A4%A", undefined, 400, "Bad request · Bulwark"],
      ["/teams/profile/%ff", session.header, 400, "Bad request · Bulwark"],
      ["/teams/profile/%ff", ptSession.header, 400, "Pedido inválido · Bulwark"],
      ["/teams/profile/%00", session.header, 404, "Page not found · Bulwark"],
      ["/users/profile/%00", session.header, 404, "Page not found · Bulwark"],
      ["/admins/profile/%00", session.header, 404, "Page not found · Bulwark"],
    ] as const) {
      const res = await page(path, cookie);
      expect({ path, status: res.status, type: res.type }).toEqual({ path, status, type: "text/html" });
      expect(res.text).toContain(`<title>${title}</title>`);
      expect(res.text).not.toContain("Internal Server Error");
    }
    // Static assets: a missing file is 404 and a malformed name 400, neither a fault of ours.
    expect((await page("/assets/missing-file.js")).status).toBe(404);
    expect((await page("/assets/%ff.js")).status).toBe(400);
    expect(errorLines()).toEqual([]);
  });

  it("answers an oversized body with 413 payloadTooLarge", async () => {
    const body = JSON.stringify({ firstName: "x".repeat(1_100_000), lastName: "L", lang: "en", timezone: "UTC" });
    const res = await server.request().put("/v2/me").set("Authorization", rootAuth).set("Content-Type", "application/json").send(body);
    expectError(res, 413, "payloadTooLarge");
    expect(res.body.error.message).toBe("Request too large. Send less data at once");
    expect(errorLines()).toEqual([]);
  });

  it("refuses a bearer token longer than SPEC's jwtToken limit (1,000), even a correctly signed one", async () => {
    // Correctly signed tokens of chosen lengths: the same claims plus a padding claim.
    const signed = async (length: number) => {
      const claims = {
        role: root.role,
        uid: root.uid,
        username: root.username,
        first_name: root.firstName,
        last_name: root.lastName,
        timezone: root.timezone,
        lang: root.lang,
        ver: root.tokenVersion,
      };
      const bare = (await signSessionToken(server.config.secrets.jwtSecret, { ...claims, pad: "" } as SessionClaims, 1)).token.length;
      // Base64url: 4 characters per 3 bytes of the claims.
      for (let pad = Math.floor(((length - bare) * 3) / 4) - 3; ; pad++) {
        const { token } = await signSessionToken(server.config.secrets.jwtSecret, { ...claims, pad: "x".repeat(pad) } as SessionClaims, 1);
        if (token.length >= length) return token;
      }
    };
    const within = await signed(maxLength.jwtToken - 4);
    expect(within.length).toBeLessThanOrEqual(maxLength.jwtToken);
    expect((await server.request().get("/v2/me").set("Authorization", `Bearer ${within}`)).status).toBe(200);
    const over = await signed(maxLength.jwtToken + 1);
    expect(over.length).toBeGreaterThan(maxLength.jwtToken);
    expectError(await server.request().get("/v2/me").set("Authorization", `Bearer ${over}`), 401, "unauthorized");
  });
});
