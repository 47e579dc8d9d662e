import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../server/db/types";
import { verifyPassword } from "../../server/services/identity/passwords";
import { serviceHost, userResetLink } from "../../server/services/users/reset";
import { issueToken, redeemToken } from "../../server/services/identity/oneTimeTokens";
import { sha512Hex } from "../../shared/crypto";
import { testDialects } from "../support/db";
import { bearerFor, buildAdmin, buildDevice, buildPack, buildTeam, buildUser, GOOD_PASSWORD, setSettings } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { linkFrom, startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { accessEntries, expectError } from "./users.support";

describe("the user reset link", () => {
  it("points at the communications service's `my` host next to the console", () => {
    expect(serviceHost("https://console.example.com", "my")).toBe("my.example.com");
    expect(serviceHost("https://a.b.example.com:8443", "Secure")).toBe("secure.b.example.com");
    expect(serviceHost("https://example.com", "my")).toBe("my.example.com");
    expect(serviceHost("http://localhost:3000", "my")).toBe("my.localhost");
    expect(serviceHost("http://127.0.0.1:3000", "my")).toBe("127.0.0.1");
    expect(userResetLink("http://console.example.test", "my", "tok")).toBe("https://my.example.test/reset/tok");
  });
});

describe.each(testDialects())("user accounts and devices on %s", (dialect) => {
  let capture: SmtpCapture;
  let server: TestServer;
  let noMail: TestServer;
  let root: string;
  let rootAdmin: Row<"admins">;
  const db = () => server.database.db;
  const send = (method: "post" | "put" | "delete", url: string, body: object, auth = root) =>
    server.request()[method](url).set("Authorization", auth).send(body);
  const userRow = (uid: string) => db().selectFrom("users").selectAll().where("uid", "=", uid).executeTakeFirstOrThrow();

  beforeAll(async () => {
    capture = await startSmtpCapture();
    server = await getTestServer({
      dialect,
      mailWorker: true,
      env: { MAIL: "smtp", SMTP_URL: capture.url, PUBLIC_URL: "https://console.example.test", TRUST_PROXY: "loopback" },
    });
    noMail = await getTestServer({ dialect, env: { MAIL: "disabled" } });
    rootAdmin = await buildAdmin(db(), { role: "root" });
    root = await bearerFor(server.config, rootAdmin);
  });
  afterAll(async () => {
    await server?.close();
    await noMail?.close();
    await capture?.close();
  });

  it("creates users: lowercase names, active with a password (argon2id + history), pending without", async () => {
    const team = await buildTeam(db());
    await buildPack(db(), { team });
    const hex = await sha512Hex(GOOD_PASSWORD);
    const res = await send("post", "/v2/user", {
      username: "New.User@Example.TEST",
      firstName: " Nia ",
      lastName: "Create",
      team: team.slug,
      password: hex,
      aliases: ["Nia-Alias", "nia-alias", "new.user@example.test"],
      ecs: true,
      viaEmail: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      username: "new.user@example.test",
      firstName: "Nia",
      lastName: "Create",
      team: { slug: team.slug },
      status: "active",
      ecs: true,
      sip: false,
      aliases: ["nia-alias"],
      devices: [],
    });
    const row = await userRow(res.body.uid as string);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(server.config.secrets.passwordPepper, row.passwordHash, hex)).toBe(true);
    expect(await db().selectFrom("userPasswordHistory").select("passwordHash").where("userId", "=", row.id).execute()).toEqual([
      { passwordHash: row.passwordHash },
    ]);
    const [entry] = await accessEntries(db(), "user.create");
    expect(entry).toMatchObject({ targetType: "user", targetId: row.uid, teamId: team.id, outcome: "success" });

    const pending = await send("post", "/v2/user", { username: "handle_only", firstName: "Pat", lastName: "Pending", team: team.slug });
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ username: "handle_only", status: "pending", ecs: false, aliases: [] });
    expect((await userRow(pending.body.uid as string)).passwordHash).toBeNull();
  });

  it("refuses taken names (409), unknown teams (501), teams outside the scope (502) and bad bodies (400)", async () => {
    const teamA = await buildTeam(db());
    const teamB = await buildTeam(db());
    await buildPack(db(), { team: teamA });
    const adminA = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamA] }));
    await buildUser(db(), { team: teamB, username: "taken@x.test", aliases: ["taken-alias"] });
    const body = { firstName: "T", lastName: "Taken", team: teamA.slug };
    expectError(await send("post", "/v2/user", { ...body, username: "TAKEN@x.test" }), 409, "userCreate409");
    expectError(await send("post", "/v2/user", { ...body, username: "taken-alias" }), 409, "userCreate409");
    const alias = await send("post", "/v2/user", { ...body, username: "fresh-name", aliases: ["ok-alias", "Taken@X.test"] });
    expectError(alias, 409, "userCreate409");
    expect(alias.body.error.details).toEqual([{ path: ["aliases", 1], message: "validation.duplicate" }]);
    expectError(await send("post", "/v2/user", { ...body, username: "no-team", team: "no-such-team" }), 501, "userCreate501");
    expectError(await send("post", "/v2/user", { ...body, username: "wrong-team", team: teamB.slug }, adminA), 501, "userCreate501");
    expect((await send("post", "/v2/user", { ...body, username: "right-team" }, adminA)).status).toBe(200);
    for (const bad of [
      { ...body, username: "not-an-email", viaEmail: true },
      { ...body, username: "bad name!" },
      { ...body, username: "x", password: "plain" },
      { ...body, username: "x", extra: 1 },
      { ...body, username: "" },
    ]) {
      expectError(await send("post", "/v2/user", bad), 400, "badParameters");
    }
    expect(
      await db()
        .selectFrom("users")
        .select("id")
        .where("username", "in", ["fresh-name", "no-team", "wrong-team", "not-an-email", "x", "ok-alias"])
        .execute(),
    ).toEqual([]);
  });

  it("edits names, flags and aliases within the scope; 404 outside it, 409 for a taken alias", async () => {
    const teamA = await buildTeam(db());
    const teamB = await buildTeam(db());
    const adminA = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamA] }));
    const user = await buildUser(db(), { team: teamA, firstName: "Old", aliases: ["old-alias"] });
    const other = await buildUser(db(), { team: teamB, username: "other-user@x.test", aliases: ["other-alias"] });
    const res = await send("put", "/v2/user", { uid: user.uid, firstName: "New", sip: true, aliases: ["New-Alias"] }, adminA);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      uid: user.uid,
      firstName: "New",
      lastName: user.lastName,
      sip: true,
      ecs: false,
      aliases: ["new-alias"],
    });
    expect((await accessEntries(db(), "user.update"))[0]).toMatchObject({
      targetId: user.uid,
      teamId: teamA.id,
      details: JSON.stringify({ fields: ["firstName", "aliases", "sip"] }),
    });
    expectError(await send("put", "/v2/user", { uid: user.uid, aliases: ["OTHER-ALIAS"] }), 409, "userEdit409");
    expectError(await send("put", "/v2/user", { uid: user.uid, aliases: ["other-user@x.test"] }), 409, "userEdit409");
    expectError(await send("put", "/v2/user", { uid: other.uid, firstName: "Nope" }, adminA), 404, "userEdit404");
    expectError(await send("put", "/v2/user", { uid: "00000000-0000-4000-8000-000000000000", firstName: "Nope" }), 404, "userEdit404");
    expectError(await send("put", "/v2/user", { uid: user.uid, firstName: "" }), 400, "badParameters");
    expect(await userRow(user.uid)).toMatchObject({ firstName: "New", isSip: 1 });
    expect((await userRow(other.uid)).firstName).toBe(other.firstName);
    const aliases = await db().selectFrom("userAliases").select("alias").where("userId", "=", user.id).execute();
    expect(aliases).toEqual([{ alias: "new-alias" }]);
  });

  it("e-mails a password reset link to the communications service (token stored hashed, expiry from settings)", async () => {
    await setSettings(db(), "general", { urlPrefixes: { api: "api", aux: "aux", sip: "sip", vault: "vault", emp: "emp", my: "secure" } });
    await setSettings(db(), "security", { userPasswordResetTokenExpiryMinutes: 30 });
    const team = await buildTeam(db(), { language: "pt" });
    const other = await buildTeam(db());
    const adminA = await bearerFor(server.config, await buildAdmin(db(), { teams: [team] }));
    const user = await buildUser(db(), { team, username: "reset.me@example.test", firstName: "Rita" });
    const before = Date.now();
    expect((await send("post", "/v2/user/reset", { uid: user.uid }, adminA)).body).toEqual({ ok: true });
    const mail = await capture.waitFor((m) => m.to === "reset.me@example.test");
    expect(mail.subject).toBe("Reponha a sua palavra-passe");
    expect(mail.text).toContain("Rita");
    const link = linkFrom(mail, "/reset/");
    expect(link).toMatch(/^https:\/\/secure\.example\.test\/reset\/[A-Za-z0-9_-]{43}$/);
    const token = link.split("/").pop()!;
    const stored = await db().selectFrom("userTokens").selectAll().where("userId", "=", user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: "reset", usedAt: null, tokenHash: createHash("sha256").update(token).digest("hex") });
    expect(stored[0]!.expiresAt - before).toBeGreaterThanOrEqual(30 * 60_000 - 5_000);
    expect(stored[0]!.expiresAt - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect((await accessEntries(db(), "user.reset"))[0]).toMatchObject({ targetId: user.uid, teamId: team.id });

    await send("post", "/v2/user/reset", { uid: user.uid });
    const tokens = await db().selectFrom("userTokens").select("usedAt").where("userId", "=", user.id).orderBy("id").execute();
    expect(tokens.map((t) => t.usedAt === null)).toEqual([false, true]); // the newer link withdraws the older

    const handle = await buildUser(db(), { team, username: "just_a_handle" });
    expectError(await send("post", "/v2/user/reset", { uid: handle.uid }), 400, "notValidEmailAccount");
    const outside = await buildUser(db(), { team: other, username: "outside@example.test" });
    expectError(await send("post", "/v2/user/reset", { uid: outside.uid }, adminA), 404, "userReset404");
    expectError(await send("post", "/v2/user/reset", { uid: "00000000-0000-4000-8000-000000000000" }), 404, "userReset404");
    expect(await db().selectFrom("userTokens").select("id").where("userId", "in", [handle.id, outside.id]).execute()).toEqual([]);

    const quietRoot = await bearerFor(noMail.config, await buildAdmin(noMail.database.db, { role: "root" }));
    const quiet = await buildUser(noMail.database.db, { username: "quiet@example.test" });
    expectError(
      await noMail.request().post("/v2/user/reset").set("Authorization", quietRoot).send({ uid: quiet.uid }),
      501,
      "emailDisabled",
    );
  });

  it("redeems a user token once, within its lifetime, for its purpose only (for the service API)", async () => {
    const user = await buildUser(db());
    const older = await issueToken(db(), "user", user.id, "reset", 60);
    const token = await issueToken(db(), "user", user.id, "reset", 60);
    expect(await redeemToken(db(), "user", older, ["reset"])).toBe("invalid"); // withdrawn by the newer one
    expect(await redeemToken(db(), "user", token, ["register"])).toBe("invalid");
    expect(await redeemToken(db(), "user", token, ["reset"])).toEqual({ ownerId: user.id, purpose: "reset" });
    expect(await redeemToken(db(), "user", token, ["reset"])).toBe("invalid");
    const stale = await issueToken(db(), "user", user.id, "reset", 1, Date.now() - 120_000);
    expect(await redeemToken(db(), "user", stale, ["reset"])).toBe("expired");
  });

  it("requests a device wipe (pending, idempotent) and deletes devices; 404 for another user's or team's device", async () => {
    const teamA = await buildTeam(db());
    const teamB = await buildTeam(db());
    const adminA = await bearerFor(server.config, await buildAdmin(db(), { teams: [teamA] }));
    const user = await buildUser(db(), { team: teamA });
    const device = await buildDevice(db(), user, { location: { city: "Faro" } });
    const stranger = await buildUser(db(), { team: teamA });
    const foreign = await buildDevice(db(), await buildUser(db(), { team: teamB }));
    const deviceRow = () => db().selectFrom("devices").selectAll().where("id", "=", device.id).executeTakeFirstOrThrow();

    expect((await send("put", "/v2/device/wipe", { uid: user.uid, deviceId: device.uid }, adminA)).body).toEqual({ ok: true });
    const first = await deviceRow();
    expect(first.wipeRequestedAt).not.toBeNull();
    expect(first.wipedAt).toBeNull();
    expect((await send("put", "/v2/device/wipe", { uid: user.uid, deviceId: device.uid })).status).toBe(200);
    expect(await deviceRow()).toMatchObject({ wipeRequestedAt: first.wipeRequestedAt, wipeRequestedBy: first.wipeRequestedBy }); // still the first request
    expect((await send("put", "/v2/device/wipe", { uid: user.uid, deviceId: device.uid })).status).toBe(200);
    expect((await accessEntries(db(), "device.wipe")).filter((e) => e.targetId === device.uid)).toHaveLength(3);
    const detail = await server.request().get(`/v2/user/${user.uid}`).set("Authorization", adminA);
    expect(detail.body.devices[0].wipe.status).toBe("pending");

    await db().updateTable("devices").set({ wipedAt: Date.now() }).where("id", "=", device.id).execute(); // the service acknowledged
    expect((await send("put", "/v2/device/wipe", { uid: user.uid, deviceId: device.uid })).status).toBe(200);
    expect(await deviceRow()).toMatchObject({ wipedAt: null, wipeRequestedBy: rootAdmin.id }); // a new request

    for (const [method, url, code] of [
      ["put", "/v2/device/wipe", "deviceWipe404"],
      ["delete", "/v2/device", "deviceDelete404"],
    ] as const) {
      expectError(await send(method, url, { uid: stranger.uid, deviceId: device.uid }), 404, code);
      expectError(await send(method, url, { uid: user.uid, deviceId: foreign.uid }), 404, code);
      expectError(await send(method, url, { uid: user.uid, deviceId: "00000000-0000-4000-8000-000000000000" }), 404, code);
      const foreignOwner = await db().selectFrom("users").select("uid").where("id", "=", foreign.userId).executeTakeFirstOrThrow();
      expectError(await send(method, url, { uid: foreignOwner.uid, deviceId: foreign.uid }, adminA), 404, code);
      expectError(await send(method, url, { uid: user.uid }), 400, "badParameters");
    }
    expect(
      (await db().selectFrom("devices").select("wipeRequestedAt").where("id", "=", foreign.id).executeTakeFirstOrThrow()).wipeRequestedAt,
    ).toBeNull();

    const deviceCount = async () =>
      (await db().selectFrom("users").select("deviceCount").where("id", "=", user.id).executeTakeFirstOrThrow()).deviceCount;
    const before = await deviceCount();
    expect(before).toBeGreaterThan(0);
    expect((await send("delete", "/v2/device", { uid: user.uid, deviceId: device.uid }, adminA)).body).toEqual({ ok: true });
    expect(await db().selectFrom("devices").select("id").where("id", "=", device.id).execute()).toEqual([]);
    expect(await deviceCount()).toBe(before - 1); // the list's device count (migration 0007's triggers)
    expect(await db().selectFrom("locations").select("id").where("deviceId", "=", device.id).execute()).toEqual([]);
    expect((await accessEntries(db(), "device.delete"))[0]).toMatchObject({ targetId: device.uid, teamId: teamA.id });
    expectError(await send("delete", "/v2/device", { uid: user.uid, deviceId: device.uid }), 404, "deviceDelete404");
  });
});
