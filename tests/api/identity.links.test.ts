import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenPurpose } from "../../server/db/types";
import { issueToken, redeemToken } from "../../server/services/identity/oneTimeTokens";
import { testDialects } from "../support/db";
import { buildAdmin } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

/**
 * A one-time link's page says at once that the link is used or expired (and
 * what to do), instead of showing the form and failing only on submit.
 */
describe.each(testDialects())("one-time link pages on %s", (dialect) => {
  let server: TestServer;
  const db = () => server.database.db;
  // The page's own text: the island translations inlined after it would contain every message.
  const visible = (html: string) => html.slice(0, html.indexOf('id="bulwark-i18n"') === -1 ? undefined : html.indexOf('id="bulwark-i18n"'));
  const HOUR = 60 * 60 * 1000;

  beforeAll(async () => {
    server = await getTestServer({ dialect });
  });
  afterAll(async () => {
    await server?.close();
  });

  const cases: { mode: "verify" | "reset"; purpose: TokenPurpose; form: string; used: string; expired: string }[] = [
    {
      mode: "verify",
      purpose: "setup",
      form: "Activate account</button>",
      used: "This activation link is invalid or has already been used",
      expired: "This activation link has expired. Ask for a new one",
    },
    {
      mode: "verify",
      purpose: "verify",
      form: "Activate account</button>",
      used: "This activation link is invalid or has already been used",
      expired: "This activation link has expired. Ask for a new one",
    },
    {
      mode: "reset",
      purpose: "reset",
      form: "Save password</button>",
      used: "This link is invalid or has already been used. Request a new password reset",
      expired: "This link has expired. Request a new password reset",
    },
    {
      mode: "reset",
      purpose: "admin_invite",
      form: "Activate account</button>",
      used: "Ask the administrator who invited you for a new invitation",
      expired: "This activation link has expired. Ask the administrator who invited you for a new invitation",
    },
  ];

  for (const c of cases) {
    it(`/${c.mode} with a ${c.purpose} link: the form while valid, then 'used' (404) and 'expired' (410) without the form`, async () => {
      const admin = await buildAdmin(db(), { status: c.purpose === "reset" ? "active" : "invited" });
      const live = await issueToken(db(), "admin", admin.id, c.purpose, 60);
      const valid = await server.request().get(`/${c.mode}/en/${live}`);
      expect(valid.status).toBe(200);
      expect(visible(valid.text)).toContain(c.form);
      expect(visible(valid.text)).not.toContain(c.used);

      expect(await redeemToken(db(), "admin", live, [c.purpose])).toMatchObject({ ownerId: admin.id });
      const used = await server.request().get(`/${c.mode}/en/${live}`);
      expect(used.status).toBe(404);
      expect(visible(used.text)).toContain(c.used);
      expect(visible(used.text)).not.toContain(c.form);
      expect(visible(used.text)).toContain('href="/signin/en"');

      const old = await issueToken(db(), "admin", admin.id, c.purpose, 60, Date.now() - 2 * HOUR);
      const expired = await server.request().get(`/${c.mode}/en/${old}`);
      expect(expired.status).toBe(410);
      expect(visible(expired.text)).toContain(c.expired);
      expect(visible(expired.text)).not.toContain(c.form);
    });
  }

  it("a link opened under the other path (a reset token on /verify) is not usable there and says so", async () => {
    const admin = await buildAdmin(db(), {});
    const token = await issueToken(db(), "admin", admin.id, "reset", 60);
    const page = await server.request().get(`/verify/en/${token}`);
    expect(page.status).toBe(404);
    expect(visible(page.text)).toContain("This activation link is invalid or has already been used");
    // Opening the page did not spend the link: it still works where it belongs.
    expect((await server.request().get(`/reset/en/${token}`)).status).toBe(200);
  });

  it("an unknown token on /reset shows the reset wording with a way to request a new link", async () => {
    const page = await server.request().get(`/reset/es/${"A".repeat(43)}`);
    expect(page.status).toBe(404);
    expect(page.text).toContain("<title>Elegir una nueva contraseña · Bulwark</title>");
    expect(visible(page.text)).toContain('href="/forgot-password/es"');
  });
});
