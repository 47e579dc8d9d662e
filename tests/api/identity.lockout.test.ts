/**
 * The per-account budget of password checks. Parallel guesses cannot get
 * past it, current-password checks spend from it, a locked or unknown account costs the same
 * argon2 work as any other attempt, and a root lifts a lock.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha512Hex } from "../../shared/crypto";
import { PASSWORD_VERIFY_CHANNEL } from "../../server/services/identity/passwords";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, givePassword, nextClientIp, setSettings, signIn } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";

const MAX = 5;

/** Counts the argon2 verifications made while `run` runs. */
async function verificationsDuring(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const listener = () => {
    count++;
  };
  subscribe(PASSWORD_VERIFY_CHANNEL.name, listener);
  try {
    await run();
  } finally {
    unsubscribe(PASSWORD_VERIFY_CHANNEL.name, listener);
  }
  return count;
}

describe.each(testDialects())("lockout on %s", (dialect) => {
  let server: TestServer;
  let wrong: string;
  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { TRUST_PROXY: "loopback" } });
    wrong = await sha512Hex("Wr0ng!Password");
    await setSettings(server.database.db, "security", { maxFailedAdminSignIns: MAX });
  });
  afterAll(async () => {
    await server.close();
  });

  /** A sign-in from a fresh address, so the per-IP limit never answers first. */
  const auth = (username: string, password: string) =>
    server.request().post("/v2/public/auth").set("X-Forwarded-For", nextClientIp()).send({ username, password });

  const stateOf = (id: number) =>
    server.database.db.selectFrom("admins").select(["failedAttempts", "lockedUntil"]).where("id", "=", id).executeTakeFirstOrThrow();

  const lockouts = async (uid: string) =>
    (
      await server.database.db
        .selectFrom("accessLog")
        .select("id")
        .where("action", "=", "admin.lockout")
        .where("targetId", "=", uid)
        .execute()
    ).length;

  it("locks after exactly the configured number of 50 parallel wrong sign-ins, and the right password then fails", async () => {
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    const answers = await Promise.all(Array.from({ length: 50 }, () => auth(admin.username, wrong)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 403)).toHaveLength(50 - MAX);
    const state = await stateOf(admin.id);
    expect(state.failedAttempts).toBe(MAX);
    expect(state.lockedUntil).toBeGreaterThan(Date.now());
    expect(await lockouts(admin.uid)).toBe(1);
    const right = await auth(admin.username, hex);
    expect(right.status).toBe(403);
    expect(right.body.error.code).toBe("signin403");
    expect((await stateOf(admin.id)).failedAttempts).toBe(MAX);
  });

  it("costs one argon2 verification for a locked, an unknown and an unregistered account, as for an open one", async () => {
    const locked = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, locked);
    await server.database.db
      .updateTable("admins")
      .set({ failedAttempts: MAX, lockedUntil: Date.now() + 60_000 })
      .where("id", "=", locked.id)
      .execute();
    const registered = await buildAdmin(server.database.db, { status: "registered" });
    const open = await buildAdmin(server.database.db, {});
    await givePassword(server.database.db, server.config, open);
    const cases: [string, string, number][] = [
      [locked.username, hex, 403],
      ["nobody-at-all@example.test", wrong, 401],
      [registered.username, wrong, 422],
      [open.username, wrong, 401],
    ];
    for (const [username, password, status] of cases) {
      let res: Awaited<ReturnType<typeof auth>> | undefined;
      const count = await verificationsDuring(async () => {
        res = await auth(username, password);
      });
      expect(res?.status).toBe(status);
      expect(count, username).toBe(1);
    }
  });

  it("counts wrong current passwords (password change, termination) against the same budget and answers 429 once spent", async () => {
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    const bearer = await bearerFor(
      server.config,
      admin,
      (await server.database.db.selectFrom("admins").select("tokenVersion").where("id", "=", admin.id).executeTakeFirstOrThrow())
        .tokenVersion,
    );
    const newPassword = await sha512Hex("N3w!Passw0rd");
    const change = (password: string) =>
      server.request().put("/v2/me/password").set("Authorization", bearer).send({ password, new_password: newPassword });
    const terminate = (password: string) => server.request().delete("/v2/admin/terminate").set("Authorization", bearer).send({ password });

    expect((await auth(admin.username, wrong)).status).toBe(401);
    expect((await auth(admin.username, wrong)).status).toBe(401);
    expect((await change(wrong)).body.error.code).toBe("passwordChange403");
    expect((await terminate(wrong)).body.error.code).toBe("terminate403");
    expect((await stateOf(admin.id)).lockedUntil).toBeNull();
    expect((await change(wrong)).body.error.code).toBe("passwordChange403");
    const state = await stateOf(admin.id);
    expect(state.failedAttempts).toBe(MAX);
    expect(state.lockedUntil).toBeGreaterThan(Date.now());

    // Spent: refused whatever the password, and nothing is changed or deleted.
    const refusedChange = await change(hex);
    expect(refusedChange.status).toBe(429);
    expect(refusedChange.body.error.code).toBe("passwordChange429");
    const refusedTerminate = await terminate(hex);
    expect(refusedTerminate.status).toBe(429);
    expect(refusedTerminate.body.error.code).toBe("terminate429");
    expect((await auth(admin.username, hex)).status).toBe(403);
    expect(await server.database.db.selectFrom("admins").select("id").where("id", "=", admin.id).executeTakeFirst()).toBeDefined();
    expect(await lockouts(admin.uid)).toBe(1);
  });

  it("lets 50 parallel wrong password changes through the budget no more than the maximum", async () => {
    const admin = await buildAdmin(server.database.db, {});
    await givePassword(server.database.db, server.config, admin);
    const bearer = await bearerFor(
      server.config,
      admin,
      (await server.database.db.selectFrom("admins").select("tokenVersion").where("id", "=", admin.id).executeTakeFirstOrThrow())
        .tokenVersion,
    );
    const newPassword = await sha512Hex("N3w!Passw0rd");
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.request().put("/v2/me/password").set("Authorization", bearer).send({ password: wrong, new_password: newPassword }),
      ),
    );
    expect(answers.filter((a) => a.status === 403)).toHaveLength(MAX);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(50 - MAX);
    expect((await stateOf(admin.id)).failedAttempts).toBe(MAX);
  });

  it("gives the budget back on the right password", async () => {
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    for (let i = 0; i < MAX - 1; i++) expect((await auth(admin.username, wrong)).status).toBe(401);
    expect((await auth(admin.username, hex)).status).toBe(200);
    expect(await stateOf(admin.id)).toEqual({ failedAttempts: 0, lockedUntil: null });
  });

  describe("PUT /v2/admin/unlock", () => {
    const lockedAdmin = async () => {
      const admin = await buildAdmin(server.database.db, {});
      const hex = await givePassword(server.database.db, server.config, admin);
      await server.database.db
        .updateTable("admins")
        .set({ failedAttempts: MAX, lockedUntil: Date.now() + 60_000 })
        .where("id", "=", admin.id)
        .execute();
      return { admin, hex };
    };

    it("lets a root lift the lock at once, with an access-log entry", async () => {
      const root = await buildAdmin(server.database.db, { role: "root" });
      const { admin, hex } = await lockedAdmin();
      expect((await auth(admin.username, hex)).status).toBe(403);
      const res = await server
        .request()
        .put("/v2/admin/unlock")
        .set("Authorization", await bearerFor(server.config, root))
        .send({ uid: admin.uid });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(await stateOf(admin.id)).toEqual({ failedAttempts: 0, lockedUntil: null });
      const log = await server.database.db
        .selectFrom("accessLog")
        .selectAll()
        .where("action", "=", "admin.unlock")
        .where("targetId", "=", admin.uid)
        .execute();
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ actorAdminId: root.id, outcome: "success" });
      expect((await auth(admin.username, hex)).status).toBe(200);
    });

    it("refuses a team admin (403 adminUnlock403) and answers an unknown uid with 404", async () => {
      const { admin } = await lockedAdmin();
      const colleague = await buildAdmin(server.database.db, {});
      const teams = await server.database.db.selectFrom("adminTeams").select("teamId").where("adminId", "=", admin.id).execute();
      for (const { teamId } of teams) await server.database.db.insertInto("adminTeams").values({ adminId: colleague.id, teamId }).execute();
      const refused = await server
        .request()
        .put("/v2/admin/unlock")
        .set("Authorization", await bearerFor(server.config, colleague))
        .send({ uid: admin.uid });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("adminUnlock403");
      expect((await stateOf(admin.id)).failedAttempts).toBe(MAX);
      const root = await buildAdmin(server.database.db, { role: "root" });
      const unknown = await server
        .request()
        .put("/v2/admin/unlock")
        .set("Authorization", await bearerFor(server.config, root))
        .send({ uid: "00000000-0000-4000-8000-000000000000" });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe("adminUnlock404");
    });

    it("offers Unlock on a locked admin's profile page to a root only", async () => {
      const { admin } = await lockedAdmin();
      const root = await buildAdmin(server.database.db, { role: "root" });
      const colleague = await buildAdmin(server.database.db, {});
      const teams = await server.database.db.selectFrom("adminTeams").select("teamId").where("adminId", "=", admin.id).execute();
      for (const { teamId } of teams) await server.database.db.insertInto("adminTeams").values({ adminId: colleague.id, teamId }).execute();
      const allowedFor = async (viewer: typeof root) => {
        const session = await signIn(server.database.db, server.config, viewer);
        const page = await server.request().get(`/admins/profile/${admin.uid}`).set("Cookie", session.header);
        expect(page.status).toBe(200);
        const allowed = /"uid":"[^"]+","name":"[^"]*","allowed":(\[[^\]]*\])/.exec(page.text)?.[1];
        return JSON.parse(allowed ?? "null") as string[];
      };
      expect(await allowedFor(root)).toEqual(["block", "unlock", "delete"]);
      expect(await allowedFor(colleague)).toEqual(["block", "activate", "delete"]);
    });
  });
});
