/**
 * Admin passkeys (issue #29): registration from the profile (a software authenticator stands in
 * for the browser), list, rename and remove; the sign-in second step with a passkey; challenges
 * single-use and bound to their admin; counter, user presence, origin and another admin's
 * credential refused; passkey-only admins count as enrolled for the policy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relyingPartyOf } from "../../server/services/mfa/passkeys";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, givePassword, nextClientIp, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { SoftAuthenticator } from "./mfa.passkeys.support";

describe.each(testDialects())("admin passkeys on %s", (dialect) => {
  let server: TestServer;
  let rp: { rpID: string; origin: string };
  beforeAll(async () => {
    server = await getTestServer({ dialect, env: { TRUST_PROXY: "loopback" } });
    rp = relyingPartyOf(server.config);
    await setSettings(server.database.db, "security", { maxFailedAdminSignIns: 50 });
  });
  afterAll(async () => {
    await server.close();
  });

  const send = (method: "post" | "put" | "delete", url: string, body?: object, bearer?: string) => {
    const req = server.request()[method](url).set("X-Forwarded-For", nextClientIp());
    return (bearer ? req.set("Authorization", bearer) : req).send(body);
  };
  const get = (url: string, bearer: string) => server.request().get(url).set("Authorization", bearer);

  async function adminWithPassword() {
    const admin = await buildAdmin(server.database.db, {});
    const hex = await givePassword(server.database.db, server.config, admin);
    const current = await server.database.db.selectFrom("admins").selectAll().where("id", "=", admin.id).executeTakeFirstOrThrow();
    return { admin: current, hex, bearer: await bearerFor(server.config, current) };
  }

  /** Registers a new software passkey for the admin through the API; answers it and the add call's body. */
  async function register(bearer: string, name = "Laptop") {
    const key = new SoftAuthenticator(rp.rpID, rp.origin);
    const start = await send("post", "/v2/me/mfa/passkeys/options", {}, bearer);
    expect(start.status).toBe(200);
    const { challenge, options } = start.body as { challenge: string; options: { challenge: string } };
    const added = await send("post", "/v2/me/mfa/passkeys", { challenge, name, response: key.register(options.challenge) }, bearer);
    expect(added.status).toBe(200);
    return { key, body: added.body as { passkey: { uid: string; name: string }; recoveryCodes: string[] } };
  }

  /** A password step, then the passkey options: the sign-in challenge and the WebAuthn one. */
  async function passkeyStep(username: string, hex: string) {
    const first = await send("post", "/v2/public/auth", { username, password: hex });
    expect(first.status).toBe(200);
    const challenge = first.body.challenge as string;
    const options = await send("post", "/v2/public/auth/mfa/passkey/options", { challenge });
    expect(options.status).toBe(200);
    return {
      challenge,
      webauthn: (options.body as { options: { challenge: string } }).options.challenge,
      first: first.body,
      options: options.body,
    };
  }

  it("registers a passkey: options for this console, recovery codes for a first factor, logged and mailed; listed, renamed, removed", async () => {
    const { admin, bearer } = await adminWithPassword();
    const start = await send("post", "/v2/me/mfa/passkeys/options", {}, bearer);
    expect(start.headers["cache-control"]).toBe("no-store");
    expect(start.body.options.rp.id).toBe(rp.rpID);
    expect(start.body.options.authenticatorSelection.userVerification).toBe("preferred");
    const key = new SoftAuthenticator(rp.rpID, rp.origin);
    const added = await send(
      "post",
      "/v2/me/mfa/passkeys",
      { challenge: start.body.challenge, name: "  Work laptop ", response: key.register(start.body.options.challenge) },
      bearer,
    );
    expect(added.status).toBe(200);
    expect(added.body.passkey).toMatchObject({ name: "Work laptop", lastUsedAt: null });
    expect(added.body.recoveryCodes).toHaveLength(10);
    // The same challenge again: spent.
    const again = await send(
      "post",
      "/v2/me/mfa/passkeys",
      { challenge: start.body.challenge, name: "Again", response: key.register(start.body.options.challenge) },
      bearer,
    );
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("mfaPasskeyAdd410");
    // The same credential with a fresh challenge: already registered (and excluded in the options).
    const second = await send("post", "/v2/me/mfa/passkeys/options", {}, bearer);
    expect(second.body.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([key.id]);
    const duplicate = await send(
      "post",
      "/v2/me/mfa/passkeys",
      { challenge: second.body.challenge, name: "Dup", response: key.register(second.body.options.challenge) },
      bearer,
    );
    expect(duplicate.status).toBe(409);
    // A second passkey is no first factor: no new recovery codes.
    const other = await register(bearer, "Key");
    expect(other.body.recoveryCodes).toEqual([]);

    const list = await get("/v2/me/mfa/passkeys", bearer);
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual(["Work laptop", "Key"]);
    expect(JSON.stringify(list.body)).not.toContain(key.id);
    const uid = added.body.passkey.uid as string;
    expect((await send("put", `/v2/me/mfa/passkeys/${uid}`, { name: "Old laptop" }, bearer)).status).toBe(200);
    expect((await send("put", `/v2/me/mfa/passkeys/${uid}`, { name: "" }, bearer)).status).toBe(400);
    expect((await get("/v2/me/mfa/passkeys", bearer)).body.items[0].name).toBe("Old laptop");
    expect((await send("delete", `/v2/me/mfa/passkeys/${uid}`, undefined, bearer)).status).toBe(200);
    expect((await send("delete", `/v2/me/mfa/passkeys/${uid}`, undefined, bearer)).status).toBe(404);
    expect((await get("/v2/me/mfa/passkeys", bearer)).body.items).toHaveLength(1);

    const actions = await server.database.db
      .selectFrom("accessLog")
      .select("action")
      .where("targetId", "=", admin.uid)
      .where("action", "like", "admin.mfa.passkey.%")
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["admin.mfa.passkey.add", "admin.mfa.passkey.add", "admin.mfa.passkey.remove"]);
    const mails = await server.database.db
      .selectFrom("mailOutbox")
      .select("payload")
      .where("toAddress", "=", admin.username)
      .orderBy("id")
      .execute();
    expect(mails.map((m) => JSON.parse(m.payload).change)).toEqual(["passkeyAdded", "passkeyAdded", "passkeyRemoved"]);
  });

  it("refuses a registration signed for another origin, and another admin's registration challenge", async () => {
    const { bearer } = await adminWithPassword();
    const other = await adminWithPassword();
    const key = new SoftAuthenticator(rp.rpID, rp.origin);
    const start = await send("post", "/v2/me/mfa/passkeys/options", {}, bearer);
    const elsewhere = await send(
      "post",
      "/v2/me/mfa/passkeys",
      { challenge: start.body.challenge, name: "Phish", response: key.register(start.body.options.challenge, "https://evil.example") },
      bearer,
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.code).toBe("mfaPasskeyAdd400");
    const mine = await send("post", "/v2/me/mfa/passkeys/options", {}, bearer);
    const stolen = await send(
      "post",
      "/v2/me/mfa/passkeys",
      { challenge: mine.body.challenge, name: "Stolen", response: key.register(mine.body.options.challenge) },
      other.bearer,
    );
    expect(stolen.status).toBe(410);
    expect((await get("/v2/me/mfa/passkeys", other.bearer)).body.items).toEqual([]);
  });

  it("signs in with a passkey as the second step; the challenge works once; bad challenges, counters, presence and origins fail", async () => {
    const { admin, hex, bearer } = await adminWithPassword();
    const { key } = await register(bearer);
    const step = await passkeyStep(admin.username, hex);
    expect(step.first).toEqual({ mfaRequired: true, challenge: expect.any(String), methods: ["recovery", "passkey"] });
    expect(
      (step.options as { options: { allowCredentials: { id: string }[]; rpId: string } }).options.allowCredentials.map((c) => c.id),
    ).toEqual([key.id]);
    const assertion = key.assert(step.webauthn);
    const ok = await send("post", "/v2/public/auth/mfa/passkey", { challenge: step.challenge, response: assertion });
    expect(ok.status).toBe(200);
    expect((await get("/v2/me", `Bearer ${ok.body.token as string}`)).body.uid).toBe(admin.uid);
    const replay = await send("post", "/v2/public/auth/mfa/passkey", { challenge: step.challenge, response: assertion });
    expect(replay.status).toBe(410);
    expect(replay.body.error.code).toBe("signinPasskey410");
    expect((await get("/v2/me/mfa/passkeys", bearer)).body.items[0].lastUsedAt).not.toBeNull();

    // An assertion over another challenge than the one issued: 401, and that WebAuthn challenge is spent.
    const wrong = await passkeyStep(admin.username, hex);
    const forged = await send("post", "/v2/public/auth/mfa/passkey", {
      challenge: wrong.challenge,
      response: key.assert(wrong.webauthn, { challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }),
    });
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe("signinPasskey401");
    const retried = await send("post", "/v2/public/auth/mfa/passkey", { challenge: wrong.challenge, response: key.assert(wrong.webauthn) });
    expect(retried.status).toBe(410);

    const stored = await server.database.db
      .selectFrom("adminPasskeys")
      .select("counter")
      .where("adminId", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);
    const refusals: [string, Parameters<SoftAuthenticator["assert"]>[1]][] = [
      ["counter not growing (a cloned key)", { counter: 1 }],
      ["no user presence", { userPresent: false }],
      ["another origin", { origin: "https://evil.example" }],
    ];
    for (const [why, options] of refusals) {
      const attempt = await passkeyStep(admin.username, hex);
      const answer = await send("post", "/v2/public/auth/mfa/passkey", {
        challenge: attempt.challenge,
        response: key.assert(attempt.webauthn, options),
      });
      expect(answer.status, why).toBe(401);
    }
    // User verification is preferred, not required: a key without a PIN still signs in.
    const noPin = await passkeyStep(admin.username, hex);
    const accepted = await send("post", "/v2/public/auth/mfa/passkey", {
      challenge: noPin.challenge,
      response: key.assert(noPin.webauthn, { userVerified: false }),
    });
    expect(accepted.status).toBe(200);
    const failures = await server.database.db
      .selectFrom("accessLog")
      .select("details")
      .where("action", "=", "admin.signin")
      .where("outcome", "=", "failure")
      .where("actorAdminId", "=", admin.id)
      .execute();
    expect(failures.map((f) => JSON.parse(f.details ?? "{}").reason)).toEqual(Array(4).fill("badPasskey"));
  });

  it("refuses another admin's credential, and asking options without a sign-in challenge or a passkey", async () => {
    const a = await adminWithPassword();
    const b = await adminWithPassword();
    await register(a.bearer);
    const { key: keyOfB, body } = await register(b.bearer);
    const step = await passkeyStep(a.admin.username, a.hex);
    const answer = await send("post", "/v2/public/auth/mfa/passkey", { challenge: step.challenge, response: keyOfB.assert(step.webauthn) });
    expect(answer.status).toBe(401);
    expect((await send("put", `/v2/me/mfa/passkeys/${body.passkey.uid}`, { name: "Mine now" }, a.bearer)).status).toBe(404);
    expect((await send("delete", `/v2/me/mfa/passkeys/${body.passkey.uid}`, undefined, a.bearer)).status).toBe(404);
    expect((await get("/v2/me/mfa/passkeys", b.bearer)).body.items[0].name).toBe("Laptop");

    const unknown = await send("post", "/v2/public/auth/mfa/passkey/options", { challenge: "z".repeat(43) });
    expect(unknown.status).toBe(410);
    const noOptions = await send("post", "/v2/public/auth/mfa/passkey", { challenge: "z".repeat(43), response: keyOfB.assert("AAAA") });
    expect(noOptions.status).toBe(410);
    // An admin with an authenticator app only: the second step exists, but no passkey to ask for.
    const c = await adminWithPassword();
    await server.database.db
      .insertInto("adminTotp")
      .values({ adminId: c.admin.id, secret: "x", lastStep: null, confirmedAt: Date.now(), createdAt: Date.now() })
      .execute();
    const first = await send("post", "/v2/public/auth", { username: c.admin.username, password: c.hex });
    expect(first.body.methods).toEqual(["totp", "recovery"]);
    const none = await send("post", "/v2/public/auth/mfa/passkey/options", { challenge: first.body.challenge });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe("signinPasskeyOptions404");
  });

  it("a passkey-only admin counts as enrolled for the policy; their last passkey stays while it is required", async () => {
    const { bearer } = await adminWithPassword();
    try {
      await setSettings(server.database.db, "security", { maxFailedAdminSignIns: 50, mfaRequiredForAllAdmins: true, mfaGraceDays: 0 });
      const stopped = await get("/v2/dashboard", bearer);
      expect(stopped.status).toBe(403);
      expect(stopped.body.error.code).toBe("mfaEnrolRequired");
      const { body } = await register(bearer);
      expect((await get("/v2/dashboard", bearer)).status).toBe(200);
      const last = await send("delete", `/v2/me/mfa/passkeys/${body.passkey.uid}`, undefined, bearer);
      expect(last.status).toBe(409);
      expect(last.body.error.code).toBe("mfaPasskeyRemove409");
      const second = await register(bearer, "Spare");
      expect((await send("delete", `/v2/me/mfa/passkeys/${second.body.passkey.uid}`, undefined, bearer)).status).toBe(200);
    } finally {
      await setSettings(server.database.db, "security", { maxFailedAdminSignIns: 50 });
    }
  });
});
