import { readFileSync } from "node:fs";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/types";
import { RATE_LIMITS } from "../../server/http/rate-limit";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { GOOD_PASSWORD, nextClientIp, registrationBody, setSettings } from "../support/factories";
import { getTestServer, ROOT_DIR, type TestServer } from "../support/server";
import { linkFrom, startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { expectError } from "../support/expect";

const COUNTED = ["admins", "teams", "adminTeams", "mailOutbox", "oneTimeTokens"] as const;

/** Row counts of every table a registration writes to. */
async function counts(db: Kysely<Database>): Promise<Record<(typeof COUNTED)[number], number>> {
  const out = {} as Record<(typeof COUNTED)[number], number>;
  for (const table of COUNTED) {
    const row = await db
      .selectFrom(table as "admins")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

const nextIp = nextClientIp;
const payload = registrationBody;

const subjectOf = (lang: string): string =>
  (JSON.parse(readFileSync(path.join(ROOT_DIR, "locales", lang, "mail.json"), "utf8")) as { verification: { subject: string } })
    .verification.subject;

async function openServer(dialect: "sqlite" | "postgres", env: Record<string, string>): Promise<TestServer> {
  const server = await getTestServer({ dialect, env: { TRUST_PROXY: "loopback", ...env } });
  await setSettings(server.database.db, "general", { registrationEnabled: true });
  return server;
}

describe.each(testDialects())("registration on %s", (dialect) => {
  let capture: SmtpCapture;
  let server: TestServer;
  const secrets: string[] = [];
  const db = () => server.database.db;
  const post = (url: string, body: object, ip = nextIp()) => server.request().post(url).set("X-Forwarded-For", ip).send(body);
  const signIn = (username: string, password: string) => post("/v2/public/auth", { username, password, browser: "vitest" });

  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await openServer(dialect, { MAIL: "smtp", SMTP_URL: capture.url, CAPTCHA: "off" });
  });
  afterAll(async () => {
    await server?.close();
    await capture?.close();
  });

  /** Registers and returns the admin row and the token of the e-mailed link. */
  async function registerOne(overrides: Record<string, unknown> = {}) {
    const body = payload(overrides);
    const res = await post("/v2/public/register", body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const username = String(body.username).toLowerCase();
    const mail = await capture.waitFor((m) => m.to === username);
    const link = linkFrom(mail, "/verify/");
    const token = link.split("/").pop()!;
    expect(link).toBe(`${server.config.publicUrl}/verify/${String(body.lang)}/${token}`);
    secrets.push(link, token);
    const admin = await db().selectFrom("admins").selectAll().where("username", "=", username).executeTakeFirstOrThrow();
    return { body, username, mail, link, token, admin };
  }

  it("registers a 'registered' admin with its own team and e-mails the verification link", async () => {
    const { body, admin, mail } = await registerOne({ name: "  Acme Secure Ltd " });
    expect(admin).toMatchObject({
      role: "admin",
      status: "registered",
      firstName: "Ada",
      lastName: "Lovelace",
      lang: "en",
      passwordHash: null,
    });
    const teams = await db()
      .selectFrom("adminTeams")
      .innerJoin("teams", "teams.id", "adminTeams.teamId")
      .select(["teams.id", "teams.teamName", "teams.slug", "teams.country", "teams.timezone"])
      .where("adminTeams.adminId", "=", admin.id)
      .execute();
    expect(teams).toHaveLength(1);
    expect(teams[0]).toMatchObject({ teamName: "Acme Secure Ltd", country: "PT", timezone: "Europe/Lisbon" });
    expect(teams[0]!.slug).toMatch(/^acme-secure-ltd/);
    expect(mail.subject).toBe(subjectOf("en"));
    expect(mail.envelopeTo).toEqual([body.username]);
    const log = await db()
      .selectFrom("accessLog")
      .selectAll()
      .where("action", "=", "admin.register")
      .where("targetId", "=", admin.uid)
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ outcome: "success", teamId: teams[0]!.id });
    const outbox = await db().selectFrom("mailOutbox").select("status").where("toAddress", "=", admin.username).executeTakeFirstOrThrow();
    expect(outbox.status).toBe("sent");
  });

  it("writes the e-mail in the requested language and gives each team of the same name its own slug", async () => {
    const slugs = new Set<string>();
    for (const lang of ["en", "pt", "es"]) {
      const { mail, admin } = await registerOne({ lang, name: "Same Name Corp" });
      expect(mail.subject).toBe(subjectOf(lang));
      const team = await db()
        .selectFrom("adminTeams")
        .innerJoin("teams", "teams.id", "adminTeams.teamId")
        .select("teams.slug")
        .where("adminTeams.adminId", "=", admin.id)
        .executeTakeFirstOrThrow();
      slugs.add(team.slug);
    }
    expect(slugs.size).toBe(3);
    expect(new Set(["en", "pt", "es"].map(subjectOf)).size).toBe(3);
  });

  it("refuses sign-in before verification, verifies once with a new password, then signs in", async () => {
    const { username, token, admin } = await registerOne({ lang: "pt" });
    const hex = await sha512Hex(GOOD_PASSWORD);
    secrets.push(hex);
    expectError(await signIn(username, hex), 422, "signin422");
    const verified = await post("/v2/public/verify", { token, new_password: hex });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toEqual({ ok: true });
    const row = await db().selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("active");
    expect(row.verifiedAt).not.toBeNull();
    const ok = await signIn(username, hex);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(typeof ok.body.token).toBe("string");
    secrets.push(ok.body.token as string);
    const me = await server
      .request()
      .get("/v2/me")
      .set("Authorization", `Bearer ${ok.body.token as string}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username, status: "active", role: "admin", lang: "pt" });
    expectError(await post("/v2/public/verify", { token, new_password: await sha512Hex("An0ther!Pass") }), 404, "verify404");
    expect((await signIn(username, hex)).status).toBe(200);
  });

  it("answers 410 for an expired token and leaves the account as it was", async () => {
    const { token, admin } = await registerOne();
    await db()
      .updateTable("oneTimeTokens")
      .set({ expiresAt: Date.now() - 1_000 })
      .where("adminId", "=", admin.id)
      .execute();
    expectError(await post("/v2/public/verify", { token, new_password: await sha512Hex(GOOD_PASSWORD) }), 410, "verify410");
    const row = await db().selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "registered", passwordHash: null, verifiedAt: null });
  });

  it("answers 422 without new_password for an account without one, and the token still works", async () => {
    const { token, admin, username } = await registerOne();
    expectError(await post("/v2/public/verify", { token }), 422, "verify422");
    expect((await db().selectFrom("admins").select("status").where("id", "=", admin.id).executeTakeFirstOrThrow()).status).toBe(
      "registered",
    );
    const hex = await sha512Hex("Later!Pass9");
    secrets.push(hex);
    expect((await post("/v2/public/verify", { token, new_password: hex })).status).toBe(200);
    expect((await signIn(username, hex)).status).toBe(200);
  });

  it("answers 409 for a taken username whatever its case, creating nothing", async () => {
    const { username } = await registerOne();
    const before = await counts(db());
    const sent = capture.messages.length;
    const res = await post("/v2/public/register", payload({ username: username.toUpperCase(), name: "Second Team" }));
    expectError(res, 409, "register409");
    expect(await counts(db())).toEqual(before);
    expect(await db().selectFrom("teams").select("id").where("teamName", "=", "Second Team").execute()).toEqual([]);
    expect(capture.messages.length).toBe(sent);
  });

  it.each([
    ["a username that is not an e-mail", { username: "just-a-handle" }, "username"],
    ["a country that is too long", { country: "PRTX" }, "country"],
    ["an unknown field", { admin: true }, undefined],
    ["a missing company name", { name: undefined }, "name"],
  ])("answers 400 badParameters with details for %s", async (_label, overrides, field) => {
    const before = await counts(db());
    const res = await post("/v2/public/register", payload(overrides));
    expectError(res, 400, "badParameters");
    const details = res.body.error.details as { path: (string | number)[] }[];
    expect(Array.isArray(details) && details.length > 0).toBe(true);
    if (field) expect(details.some((d) => d.path[0] === field)).toBe(true);
    expect(await counts(db())).toEqual(before);
  });

  it("answers 403 while registration is disabled (the default)", async () => {
    await setSettings(db(), "general", { registrationEnabled: false });
    try {
      const before = await counts(db());
      expectError(await post("/v2/public/register", payload()), 403, "register403");
      expect(await counts(db())).toEqual(before);
    } finally {
      await setSettings(db(), "general", { registrationEnabled: true });
    }
  });

  it("has no captcha challenge with CAPTCHA=off", async () => {
    expectError(await server.request().get("/v2/public/captcha"), 404, "notFound");
  });

  it("answers 429 with Retry-After once an address spends its register budget, and only for that address", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < RATE_LIMITS.register.limit; i++) expect((await post("/v2/public/register", {}, ip)).status).toBe(400);
    const before = await counts(db());
    const limited = await post("/v2/public/register", payload(), ip);
    expectError(limited, 429, "tooManyRequests");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers.ratelimit).toBeDefined();
    expect(await counts(db())).toEqual(before);
    expect((await post("/v2/public/register", {}, "203.0.113.78")).status).toBe(400);
  });

  it("never writes a token, link or password hash to the log", () => {
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(server.logs.filter((line) => line.includes(secret))).toEqual([]);
  });

  describe("with ALTCHA", () => {
    let altcha: TestServer;
    beforeAll(async () => {
      altcha = await openServer(dialect, { MAIL: "smtp", SMTP_URL: capture.url, CAPTCHA: "altcha" });
    });
    afterAll(async () => {
      await altcha?.close();
    });
    const register = (body: object) => altcha.request().post("/v2/public/register").set("X-Forwarded-For", nextIp()).send(body);

    async function solved(): Promise<string> {
      const res = await altcha.request().get("/v2/public/captcha");
      expect(res.status).toBe(200);
      const c = res.body as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
      const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
      expect(solution).not.toBeNull();
      const { algorithm, challenge, salt, signature } = c;
      return Buffer.from(JSON.stringify({ algorithm, challenge, number: solution!.number, salt, signature })).toString("base64");
    }

    it("accepts a solved challenge once and refuses it the second time", async () => {
      const captcha = await solved();
      const first = payload({ captcha });
      expect((await register(first)).status).toBe(200);
      expect(
        await altcha.database.db.selectFrom("admins").select("status").where("username", "=", String(first.username)).executeTakeFirst(),
      ).toEqual({ status: "registered" });
      const before = await counts(altcha.database.db);
      expectError(await register(payload({ captcha })), 400, "recaptchaError");
      expect(await counts(altcha.database.db)).toEqual(before);
    });

    it("refuses garbage, the CAPTCHA=off placeholder and a wrong or re-signed solution", async () => {
      const good = JSON.parse(Buffer.from(await solved(), "base64").toString("utf8")) as Record<string, unknown>;
      const encode = (v: object) => Buffer.from(JSON.stringify(v)).toString("base64");
      const before = await counts(altcha.database.db);
      for (const captcha of [
        "garbage!!",
        "off",
        encode({}),
        encode({ ...good, number: Number(good.number) + 1 }),
        encode({ ...good, signature: "0".repeat(64) }),
      ]) {
        expectError(await register(payload({ captcha })), 400, "recaptchaError");
      }
      expect(await counts(altcha.database.db)).toEqual(before);
      expect((await register(payload({ captcha: encode(good) }))).status).toBe(200);
    });

    it("answers badParameters when the captcha field is missing", async () => {
      const res = await register(payload({ captcha: undefined }));
      expectError(res, 400, "badParameters");
      expect((res.body.error.details as { path: string[] }[]).some((d) => d.path[0] === "captcha")).toBe(true);
    });
  });

  describe("when e-mail cannot leave", () => {
    it("answers 501 with MAIL=disabled and creates nothing", async () => {
      const off = await openServer(dialect, { MAIL: "disabled" });
      try {
        const before = await counts(off.database.db);
        expectError(await off.request().post("/v2/public/register").send(payload()), 501, "register501");
        expect(await counts(off.database.db)).toEqual(before);
      } finally {
        await off.close();
      }
    });

    it("answers 509 when the SMTP server is unreachable and undoes the registration", async () => {
      const down = await openServer(dialect, { MAIL: "smtp", SMTP_URL: "smtp://127.0.0.1:1" });
      try {
        const body = payload({ name: "Unreachable Co" });
        expectError(await down.request().post("/v2/public/register").send(body), 509, "register509");
        expect(await counts(down.database.db)).toEqual({ admins: 0, teams: 0, adminTeams: 0, mailOutbox: 0, oneTimeTokens: 0 });
        expect(down.logs.filter((l) => l.includes(String(body.username)))).toEqual([]);
        expect(down.logs.some((l) => l.includes("registration e-mail failed"))).toBe(true);
      } finally {
        await down.close();
      }
    });
  });
});
