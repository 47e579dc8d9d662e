/**
 * Redemption through the service API (the pending user becomes active, the seat passes
 * to it), its refusals, expiry by housekeeping (seat freed once across processes), the invitation
 * e-mail as delivered (SMTP capture), and parallel invitations into the last seats never
 * oversell (two app instances on PostgreSQL).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { expireInvitations } from "../../server/services/invites";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildPack, buildTeam, buildUser } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { buildInvite } from "./invites.support";

const SECRETS = { JWT_SECRET: "j".repeat(40), SESSION_SECRET: "s".repeat(40), PASSWORD_PEPPER: "p".repeat(40) };

describe.each(testDialects())("invitation redemption, expiry and e-mail on %s", (dialect) => {
  let server: TestServer;
  let second: TestServer;
  let capture: SmtpCapture;
  let root: string;
  let service: string;
  beforeAll(async () => {
    capture = await startSmtpCapture();
    const env = { ...SECRETS, MAIL: "smtp", SMTP_URL: capture.url, PUBLIC_URL: "https://console.acme.test", TRUST_PROXY: "loopback" };
    server = await getTestServer({ dialect, env });
    second = dialect === "postgres" ? await getTestServer({ shareDatabaseOf: server, env }) : server;
    root = await bearerFor(server.config, await buildAdmin(server.database.db, { role: "root" }));
    const token = await server.request().post("/v2/service-tokens").set("Authorization", root).send({ name: "gateway" });
    service = `Bearer ${token.body.token as string}`;
  });
  afterAll(async () => {
    if (second !== server) await second?.close();
    await server?.close();
    await capture?.close();
  });
  const db = () => server.database.db;
  const redeem = (body: object, auth = service) =>
    server.request().post("/v2/service/invites/redeem").set("Authorization", auth).send(body);
  /** Invites one handle to `team` as root; answers the invitation's id and code. */
  const inviteHandle = async (team: Row<"teams">, address: string, directSignIn: boolean) => {
    const created = await server
      .request()
      .post("/v2/invite")
      .set("Authorization", root)
      .send({ team: team.slug, type: "handle", addresses: [address], lang: "en", matchUser: false, directSignIn });
    return created.body.ok[0] as { id: string; code: string };
  };
  const seats = async (team: Row<"teams">) =>
    (await server.request().get(`/v2/teams/${team.slug}/seats`).set("Authorization", root)).body as Record<string, number>;

  it("records the device in the redemption's transaction: a device that cannot be written leaves the invitation open", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team, licenseCount: 2 });
    const { code } = await inviteHandle(team, "atomic_x", false);
    // This test's own database refuses every new device, as a failure after the redemption would.
    const refuse =
      dialect === "sqlite"
        ? [sql`create trigger refuse_devices before insert on devices begin select raise(abort, 'refused by the test'); end`]
        : [
            sql`create function refuse_devices() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`,
            sql`create trigger refuse_devices before insert on devices for each row execute function refuse_devices()`,
          ];
    for (const statement of refuse) await statement.execute(db());
    try {
      const res = await redeem({ code, username: "atomic_x", device: { token: "push-atomic", platform: 1 } });
      expect(res.status).toBe(500);
      const user = await db().selectFrom("users").select("status").where("username", "=", "atomic_x").executeTakeFirstOrThrow();
      expect(user.status).toBe("pending");
    } finally {
      await sql`drop trigger refuse_devices${dialect === "sqlite" ? sql`` : sql` on devices`}`.execute(db());
      if (dialect === "postgres") await sql`drop function refuse_devices()`.execute(db());
    }
    // Nothing happened, so the same call succeeds once the device can be written.
    const again = await redeem({ code, username: "atomic_x", device: { token: "push-atomic", platform: 1 } });
    expect(again.status).toBe(200);
  });

  it("turns the pending user active, accepts the invitation and passes the seat to the user", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team, licenseCount: 3 });
    const { id, code } = await inviteHandle(team, "agent_x", true);
    expect(await seats(team)).toEqual({ capacity: 3, users: 0, invites: 1, available: 2 });
    expect((await redeem({ code, username: "agent_x" }, root)).status).toBe(401);
    // An access level given to the pending user before the redemption reaches the service with it (#31).
    await db().updateTable("users").set({ accessLevel: "2" }).where("username", "=", "agent_x").execute();
    const res = await redeem({ code: code.toLowerCase(), username: "Agent_Renamed", device: { token: "push-1", platform: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: "agent_renamed", team: team.slug, directSignIn: true, accessLevel: 2 });
    expect(await seats(team)).toEqual({ capacity: 3, users: 1, invites: 0, available: 2 });
    const user = await db()
      .selectFrom("users")
      .select(["id", "status", "username"])
      .where("uid", "=", res.body.user)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: "active", username: "agent_renamed" });
    expect(await db().selectFrom("devices").select("deviceToken").where("userId", "=", user.id).execute()).toEqual([
      { deviceToken: "push-1" },
    ]);
    const list = await server.request().get(`/v2/invites?team=${team.slug}`).set("Authorization", root);
    expect(list.body.items.map((i: { id: string; state: string }) => [i.id, i.state])).toEqual([[id, "accepted"]]);
    const users = await server.request().get(`/v2/users?team=${team.slug}`).set("Authorization", root);
    expect(users.body.items.map((u: { status: string }) => u.status)).toEqual(["active"]);
    expect((await redeem({ code, username: "agent_renamed" })).body.error.code).toBe("inviteRedeem409");
    const log = await db()
      .selectFrom("accessLog")
      .select(["action", "targetId"])
      .where("action", "=", "invite.accept")
      .where("teamId", "=", team.id)
      .execute();
    expect(log).toEqual([{ action: "invite.accept", targetId: res.body.user }]);
  });

  it("refuses unknown (404), expired (410) and, with matchUser, another username (422)", async () => {
    const team = await buildTeam(db());
    const pack = await buildPack(db(), { team });
    expect((await redeem({ code: "ZZZZZZZZZZZZ", username: "who@x.test" })).body.error.code).toBe("inviteRedeem404");
    const late = await buildInvite(db(), { team, pack, expiresAt: Date.now() - 1 });
    const lateRes = await redeem({ code: late.code, username: late.address });
    expect([lateRes.status, lateRes.body.error.code]).toEqual([410, "inviteRedeem410"]);
    const strict = await buildInvite(db(), { team, pack, matchUser: true, address: "match@x.test" });
    const wrong = await redeem({ code: strict.code, username: "other@x.test" });
    expect([wrong.status, wrong.body.error.code]).toEqual([422, "inviteRedeem422"]);
    expect((await redeem({ code: strict.code, username: "MATCH@x.test" })).status).toBe(200);
  });

  it("rate-limits failed redemptions per service token (429 inviteRedeem429), not successful ones", async () => {
    const own = await server.request().post("/v2/service-tokens").set("Authorization", root).send({ name: "guesser" });
    const guesser = `Bearer ${own.body.token as string}`;
    for (let i = 0; i < 100; i++)
      expect((await redeem({ code: `GUESS${String(i).padStart(4, "0")}`, username: "g@x.test" }, guesser)).status).toBe(404);
    const limited = await redeem({ code: "GUESS9999", username: "g@x.test" }, guesser);
    expect([limited.status, limited.body.error.code]).toEqual([429, "inviteRedeem429"]);
    // Another token keeps its own budget.
    expect((await redeem({ code: "GUESS9999", username: "g@x.test" })).status).toBe(404);
  }, 60_000);

  it("expires invitations once across processes: status expired, pending user removed, seat freed", async () => {
    const team = await buildTeam(db());
    const pack = await buildPack(db(), { team, licenseCount: 2 });
    const old = await buildInvite(db(), { team, pack, expiresAt: Date.now() + 1000 });
    const fresh = await buildInvite(db(), { team, pack });
    expect(await seats(team)).toMatchObject({ invites: 2, available: 0 });
    const later = Date.now() + 5000;
    const counts = await Promise.all([expireInvitations(server.database.db, later), expireInvitations(second.database.db, later)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const row = await db().selectFrom("invites").select(["status", "userId"]).where("id", "=", old.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "expired", userId: null });
    expect(await db().selectFrom("users").select("id").where("id", "=", old.userId!).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom("users").select("status").where("id", "=", fresh.userId!).executeTakeFirstOrThrow()).toEqual({
      status: "pending",
    });
    expect(await seats(team)).toMatchObject({ users: 0, invites: 1, available: 1 });
    expect(await expireInvitations(db(), later)).toBe(0);
  });

  it("delivers the e-mail invitation in its language with code, expiry, link and the company's theme", async () => {
    const theme = { name: "Acme Secure", primaryColor: "#ff5500", footer: "Acme Lda, Lisboa" };
    const team = await buildTeam(db(), { teamName: "Acme Portugal", emailTheme: JSON.stringify(theme) });
    await buildPack(db(), { team });
    const res = await server
      .request()
      .post("/v2/invite")
      .set("Authorization", root)
      .send({ team: team.slug, type: "email", addresses: ["rita@acme.test"], lang: "pt", matchUser: true, directSignIn: false });
    expect(res.status).toBe(200);
    await server.mail.drainNow();
    const mail = capture.messages.find((m) => m.to.includes("rita@acme.test"));
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe("O seu convite para Acme Portugal");
    const code = /O seu código de convite: ([A-Z0-9]+)/.exec(mail!.text)?.[1];
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(mail!.text).toContain(`https://my.acme.test/register?invite=${code}`);
    const expiry = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    expect(mail!.text).toContain(`O convite expira em ${expiry} (UTC).`);
    expect(mail!.text).toContain("Acme Lda, Lisboa");
    expect(mail!.html).toContain("background:#ff5500");
    expect((await redeem({ code: code!, username: "rita@acme.test" })).status).toBe(200);
  });

  it("lets exactly the free seats' worth of parallel invitation calls through", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team, licenseCount: 10 });
    const calls = Array.from({ length: 12 }, (_, i) =>
      (i % 2 ? second : server)
        .request()
        .post("/v2/invite")
        .set("Authorization", root)
        .send({
          team: team.slug,
          type: "handle",
          addresses: [`race_${i}_a`, `race_${i}_b`],
          lang: "en",
          matchUser: false,
          directSignIn: false,
        }),
    );
    const answers = await Promise.all(calls);
    const tally = answers
      .map((r) => (r.status === 200 ? "ok" : `${r.status} ${r.body.error?.code}`))
      .reduce<Record<string, number>>((a, o) => ({ ...a, [o]: (a[o] ?? 0) + 1 }), {});
    expect(tally).toEqual({ ok: 5, "400 inviteCreate400": 7 });
    expect(await seats(team)).toEqual({ capacity: 10, users: 0, invites: 10, available: 0 });
    await buildUser(db(), { team });
    expect(await seats(team)).toMatchObject({ users: 1, invites: 10 });
  }, 60_000);
});
