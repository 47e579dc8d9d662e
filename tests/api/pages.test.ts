import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/db";
import { getTestServer, type TestServer } from "../support/server";
import { buildAdmin, buildTeam, signIn } from "../support/factories";

const PROTECTED = [
  "/dashboard",
  "/invites",
  "/settings",
  "/associations",
  "/domains",
  "/apps",
  "/users/manage",
  "/users/create",
  "/users/import",
  "/users/profile/abc",
  "/admins/manage",
  "/admins/create",
  "/admins/profile/abc",
  "/teams",
  "/teams/create",
  "/teams/profile/abc",
  "/purchase",
  "/licenses",
];
const ROOT_ONLY = ["/settings", "/apps", "/domains", "/associations"];

describe.each(testDialects())("pages on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ["/", "/dashboard"],
    ["/signin", "/signin/en"],
    ["/signup", "/signup/en"],
    ["/forgot-password", "/forgot-password/en"],
    ["/status", "/status/404"],
    ["/signin/fr", "/signin/en"],
  ])("redirects %s to %s", async (from, to) => {
    const res = await server.request().get(from);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(to);
  });

  it.each(["/404", "/status/404", "/no/such/page", "/users/manage/extra/deep"])(
    "answers 404 with the not-found page for %s",
    async (path) => {
      const res = await server.request().get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain("Page not found");
      expect(res.headers["content-type"]).toMatch(/text\/html/);
    },
  );

  it.each(PROTECTED)("sends an anonymous visitor of %s to sign-in with the origin path", async (path) => {
    const res = await server.request().get(`${path}?q=1`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/signin/en?next=${encodeURIComponent(`${path}?q=1`)}`);
  });

  it.each([
    ["en", "Sign in", 'lang="en"'],
    ["pt", "Iniciar sessão", 'lang="pt"'],
    ["es", "Iniciar sesión", 'lang="es"'],
  ])("renders the sign-in page in %s", async (lang, title, htmlLang) => {
    const res = await server.request().get(`/signin/${lang}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<html ${htmlLang}>`);
    expect(res.text).toContain(title);
    expect(res.text).toContain('<bulwark-island name="LanguageSwitcher" prefix="LanguageSwitcher0-">');
    expect(res.text).toMatch(/<script type="module" nonce="[^"]+" src="\/assets\/entry-test\.js">/);
  });

  it.each(["signup", "forgot-password"])("renders /%s/{lang} in every language", async (page) => {
    for (const lang of ["en", "pt", "es"]) {
      const res = await server.request().get(`/${page}/${lang}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<html lang="${lang}">`);
    }
  });

  it("renders verify and reset pages without echoing the token", async () => {
    for (const mode of ["verify", "reset"]) {
      const res = await server.request().get(`/${mode}/pt/secret-token-value-123`);
      // An unknown link's page says so: 404, still without echoing the token.
      expect(res.status).toBe(404);
      expect(res.text).toContain('<html lang="pt">');
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      const withoutSwitcher = res.text.replace(/<bulwark-island[\s\S]*?<\/bulwark-island>/, "");
      expect(withoutSwitcher).not.toContain("secret-token-value-123");
    }
    const logged = server.logs.filter((l) => l.includes("secret-token-value-123"));
    expect(logged).toEqual([]);
  });

  it("sets a nonce-based CSP and the other security headers", async () => {
    const res = await server.request().get("/signin/en");
    const csp = res.headers["content-security-policy"] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.text).toContain(`nonce="${nonce}"`);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    expect(res.headers["x-request-id"]).toBeTruthy();
    const again = await server.request().get("/signin/en");
    expect(again.headers["content-security-policy"]).not.toBe(csp);
    // Private, never cached: no ETag either (it could never be used).
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.etag).toBeUndefined();
  });

  it("sends no script on a page without islands", async () => {
    const res = await server.request().get("/404");
    expect(res.text).not.toContain("<script");
    expect(res.text).toContain('rel="stylesheet"');
  });

  describe("signed in", () => {
    it("shows the layout for a root admin with every root-only section", async () => {
      const root = await buildAdmin(server.database.db, { role: "root", firstName: "Grace", lastName: "Hopper" });
      const session = await signIn(server.database.db, server.config, root);
      const res = await server.request().get("/dashboard").set("Cookie", session.header);
      expect(res.status).toBe(200);
      expect(res.text).toContain("Grace Hopper");
      expect(res.text).toContain('data-role="superAdmin"');
      expect(res.text).toContain(`href="/admins/profile/${root.uid}"`);
      for (const path of ROOT_ONLY) expect(res.text).toContain(`href="${path}"`);
      expect(res.text).toContain('data-nav="licensesPurchase"');
      expect(res.text).toContain("Version 5.0.1");
      expect(res.text).toContain('aria-current="page"');
      expect(res.text).not.toContain("<script");
    });

    it("hides root-only sections from an admin and refuses those pages with 403", async () => {
      const admin = await buildAdmin(server.database.db, { role: "admin", lang: "es" });
      const session = await signIn(server.database.db, server.config, admin);
      const res = await server.request().get("/dashboard").set("Cookie", session.header);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<html lang="es">');
      expect(res.text).toContain('data-role="admin"');
      for (const path of ROOT_ONLY) expect(res.text).not.toContain(`href="${path}"`);
      for (const path of ROOT_ONLY) {
        const denied = await server.request().get(path).set("Cookie", session.header);
        expect(denied.status).toBe(403);
        expect(denied.text).toContain("Acceso denegado");
      }
      const allowed = await server.request().get("/purchase").set("Cookie", session.header);
      expect(allowed.status).toBe(200);
      expect(allowed.text).toContain("Comprar licencias");
    });

    it("titles the admin's own profile 'My profile' and others 'Administrator profile'", async () => {
      const admin = await buildAdmin(server.database.db, {});
      const session = await signIn(server.database.db, server.config, admin);
      const own = await server.request().get(`/admins/profile/${admin.uid}`).set("Cookie", session.header);
      expect(own.text).toContain('<h1 class="page-title">My profile</h1>');
      const [team] = await server.database.db
        .selectFrom("adminTeams")
        .innerJoin("teams", "teams.id", "adminTeams.teamId")
        .selectAll("teams")
        .where("adminTeams.adminId", "=", admin.id)
        .execute();
      const colleague = await buildAdmin(server.database.db, { teams: [team!] });
      const other = await server.request().get(`/admins/profile/${colleague.uid}`).set("Cookie", session.header);
      expect(other.text).toContain('<h1 class="page-title">Administrator profile</h1>');
      const unknown = await server.request().get("/admins/profile/someone-else").set("Cookie", session.header);
      expect(unknown.status).toBe(404);
    });

    it("ends the session when the admin is blocked or their token version moves on", async () => {
      const admin = await buildAdmin(server.database.db, {});
      const session = await signIn(server.database.db, server.config, admin);
      expect((await server.request().get("/teams").set("Cookie", session.header)).status).toBe(200);
      await server.database.db
        .updateTable("admins")
        .set({ tokenVersion: admin.tokenVersion + 1 })
        .where("id", "=", admin.id)
        .execute();
      const res = await server.request().get("/teams").set("Cookie", session.header);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/signin/en?next=%2Fteams");
      const rows = await server.database.db.selectFrom("sessions").select("sid").execute();
      expect(rows.some((r) => session.cookie.value.includes(r.sid))).toBe(false);
    });

    it("signs out with the CSRF token and refuses a sign-out without it", async () => {
      const admin = await buildAdmin(server.database.db, { lang: "pt" });
      const session = await signIn(server.database.db, server.config, admin);
      const refused = await server.request().post("/signout").set("Cookie", session.header).type("form").send({});
      expect(refused.status).toBe(403);
      expect((await server.request().get("/dashboard").set("Cookie", session.header)).status).toBe(200);
      const res = await server.request().post("/signout").set("Cookie", session.header).type("form").send({ _csrf: session.csrfToken });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe("/signin/pt");
      expect((await server.request().get("/dashboard").set("Cookie", session.header)).status).toBe(302);
    });

    it("keeps a session's stored expiry fixed (absolute lifetime) and ends it at that time", async () => {
      const db = server.database.db;
      const admin = await buildAdmin(db, {});
      const session = await signIn(db, server.config, admin);
      const sid = (await db.selectFrom("sessions").select(["sid", "expiresAt"]).execute()).find((r) =>
        session.cookie.value.includes(r.sid),
      );
      expect(sid).toBeDefined();
      for (let i = 0; i < 3; i++) expect((await server.request().get("/dashboard").set("Cookie", session.header)).status).toBe(200);
      const after = await db.selectFrom("sessions").select("expiresAt").where("sid", "=", sid!.sid).executeTakeFirstOrThrow();
      expect(after.expiresAt).toBe(sid!.expiresAt);
      await db
        .updateTable("sessions")
        .set({ expiresAt: Date.now() - 1 })
        .where("sid", "=", sid!.sid)
        .execute();
      const res = await server.request().get("/dashboard").set("Cookie", session.header);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe("/signin/en?next=%2Fdashboard");
    });

    it("refuses a sign-out without a session cookie and starts no session for anonymous pages", async () => {
      const before = await server.database.db.selectFrom("sessions").select("sid").execute();
      expect((await server.request().post("/signout").type("form").send({ _csrf: "x" })).status).toBe(403);
      const page = await server.request().get("/signin/en");
      expect(page.status).toBe(200);
      expect(page.headers["set-cookie"]).toBeUndefined();
      expect(await server.database.db.selectFrom("sessions").select("sid").execute()).toHaveLength(before.length);
    });

    it("shows the not-found page inside the layout for a signed-in admin", async () => {
      const team = await buildTeam(server.database.db);
      const admin = await buildAdmin(server.database.db, { teams: [team] });
      const session = await signIn(server.database.db, server.config, admin);
      const res = await server.request().get("/nothing-here").set("Cookie", session.header);
      expect(res.status).toBe(404);
      expect(res.text).toContain('class="app-shell"');
    });
  });
});

describe("private edition", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await getTestServer({ env: { EDITION: "private" } });
  });
  afterAll(async () => {
    await server.close();
  });

  it("shows Activate to root and hides it, and refuses it, for an admin", async () => {
    const root = await buildAdmin(server.database.db, { role: "root" });
    const rootSession = await signIn(server.database.db, server.config, root);
    const rootPage = await server.request().get("/purchase").set("Cookie", rootSession.header);
    expect(rootPage.status).toBe(200);
    expect(rootPage.text).toContain('data-nav="licensesActivate"');
    expect(rootPage.text).toContain("Activate licenses");
    expect(rootPage.text).not.toContain('data-nav="licensesPurchase"');

    const admin = await buildAdmin(server.database.db, {});
    const session = await signIn(server.database.db, server.config, admin);
    const dashboard = await server.request().get("/dashboard").set("Cookie", session.header);
    expect(dashboard.text).not.toContain('data-nav="licensesActivate"');
    expect(dashboard.text).not.toContain('data-nav="licensesPurchase"');
    expect((await server.request().get("/purchase").set("Cookie", session.header)).status).toBe(403);
  });
});
