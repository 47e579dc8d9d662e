/**
 * Access tokens about to expire: their admin is e-mailed about 7 days before, once, in their own
 * language, through the real mail layer (an SMTP capture server); expired tokens are removed
 * 30 days after their expiry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { createLogger } from "../../server/logger";
import { startHousekeeping } from "../../server/services/housekeeping/schedule";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";

const DAY_MS = 86_400_000;
const PUBLIC_URL = "https://console.example.test";

describe.each(testDialects())("access token expiry on %s", (dialect) => {
  let capture: SmtpCapture;
  let server: TestServer;
  let admin: Row<"admins">;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await getTestServer({
      dialect,
      mailWorker: true,
      env: { MAIL: "smtp", SMTP_URL: capture.url, PUBLIC_URL, TRUST_PROXY: "loopback" },
    });
    admin = await buildAdmin(server.database.db, { role: "root", lang: "pt", firstName: "Inês", username: "ines@expiry.test" });
  });
  afterAll(async () => {
    await server?.close();
    await capture?.close();
  });

  it("e-mails the admin once about 7 days before a token expires, in their language, and prunes long-expired tokens", async () => {
    const db = server.database.db;
    const auth = await bearerFor(server.config, admin);
    const make = async (name: string, expiresInDays: number) => {
      const res = await server
        .request()
        .post("/v2/tokens")
        .set("Authorization", auth)
        .send({ name, permissions: ["read"], expiresInDays });
      expect(res.status).toBe(201);
      return res.body.token.id as string;
    };
    const soon = await make("nightly-invites", 6);
    await make("quarterly", 20);
    const housekeeping = startHousekeeping({ db, logger: createLogger("silent"), intervalMs: 3_600_000, publicUrl: PUBLIC_URL });
    try {
      expect((await housekeeping.runNow()).tokenReminders).toBe(1);
      expect((await housekeeping.runNow()).tokenReminders).toBe(0);
      const mail = await capture.waitFor((m) => m.to === "ines@expiry.test");
      expect(mail.subject).toContain("nightly-invites");
      expect(mail.subject).toMatch(/expira dentro de 6 dias/);
      expect(mail.text).toContain("Inês");
      expect(mail.text).toContain(`${PUBLIC_URL}/tokens`);
      expect(capture.messages.filter((m) => m.to === "ines@expiry.test")).toHaveLength(1);

      // Expired 31 days ago: removed by the pass; expired yesterday: still listed.
      const now = Date.now();
      await db
        .updateTable("accessTokens")
        .set({ expiresAt: now - 31 * DAY_MS })
        .where("uid", "=", soon)
        .execute();
      const counts = await housekeeping.runNow(now);
      expect(counts.accessTokens).toBe(1);
      expect(await db.selectFrom("accessTokens").select("uid").where("uid", "=", soon).execute()).toEqual([]);
    } finally {
      await housekeeping.stop();
    }
  });
});
