/**
 * API: `GET /v2/settings` and `PUT /v2/settings/<group>`. Every group's fields at and
 * beyond their bounds, unknown fields, root only, the TURN password write-only, the CA bundle
 * parsed as X.509, and each change in the access log before and after with secrets masked.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsRange } from "../../shared/limits";
import { SETTINGS_GROUPS } from "../../shared/schemas/settings";
import { DEFAULT_SETTINGS } from "../../shared/schemas/settingsDefaults";
import { describeCertificates } from "../../server/services/settings";
import { testDialects } from "../support/db";
import { expectError } from "../support/expect";
import { bearerFor, buildAdmin, buildTeam } from "../support/factories";
import { getTestServer, type TestServer } from "../support/server";
import { accessEntries } from "./users.support";

/** A self-signed certificate made by the real openssl, valid for `days`. */
function selfSigned(days: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), "bulwark-cert-"));
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      cert,
      "-days",
      String(days),
      "-subj",
      "/CN=Bulwark Test CA",
    ],
    { stdio: "ignore" },
  );
  return readFileSync(cert, "utf8");
}

/** Field → [accepted values, refused values] for one group's bounded fields. */
const BOUNDS: Record<string, Record<string, [unknown[], unknown[]]>> = {
  general: {
    userInviteExpiryDays: [
      [settingsRange.userInviteExpiryDays.min, settingsRange.userInviteExpiryDays.max],
      [settingsRange.userInviteExpiryDays.min - 1, settingsRange.userInviteExpiryDays.max + 1, 1.5, "7"],
    ],
    inviteTokenLength: [
      [settingsRange.inviteTokenLength.min, settingsRange.inviteTokenLength.max],
      [settingsRange.inviteTokenLength.min - 1, settingsRange.inviteTokenLength.max + 1],
    ],
    registrationEnabled: [
      [true, false],
      ["yes", 1, null],
    ],
    warningBanner: [
      [{ en: "A", pt: "B", es: "C" }],
      [
        { en: "", pt: "B", es: "C" },
        { en: "A", pt: "B" },
        { en: "A", pt: "B", es: "C", fr: "D" },
      ],
    ],
    urlPrefixes: [
      [{ api: "a", aux: "b", sip: "c", vault: "d", emp: "e", my: "f" }],
      [{ api: "not a prefix!", aux: "b", sip: "c", vault: "d", emp: "e", my: "f" }],
    ],
  },
  messaging: {
    messageTtlSeconds: [
      [settingsRange.messageTtlSeconds.min, settingsRange.messageTtlSeconds.max],
      [settingsRange.messageTtlSeconds.min - 1, settingsRange.messageTtlSeconds.max + 1],
    ],
    messageRateLimit: [
      [settingsRange.rateLimit.min, settingsRange.rateLimit.max],
      [settingsRange.rateLimit.min - 1, settingsRange.rateLimit.max + 1],
    ],
  },
  attachments: {
    attachmentTtlMinutes: [
      [settingsRange.attachmentTtlMinutes.min, settingsRange.attachmentTtlMinutes.max],
      [settingsRange.attachmentTtlMinutes.min - 1, settingsRange.attachmentTtlMinutes.max + 1],
    ],
    attachmentRateLimit: [[settingsRange.rateLimit.min, settingsRange.rateLimit.max], [settingsRange.rateLimit.max + 1]],
  },
  calling: {
    callingRateLimit: [[settingsRange.rateLimit.min], [settingsRange.rateLimit.max + 1]],
    sipReregisterInterval: [
      [settingsRange.sipReregisterIntervalSeconds.min, settingsRange.sipReregisterIntervalSeconds.max],
      [settingsRange.sipReregisterIntervalSeconds.max + 1],
    ],
    callTimeoutDefault: [[DEFAULT_SETTINGS.calling.callTimeoutMin], [DEFAULT_SETTINGS.calling.callTimeoutMax + 1]],
  },
  security: {
    sessionExpiryHours: [
      [settingsRange.sessionExpiryHours.min, settingsRange.sessionExpiryHours.max],
      [settingsRange.sessionExpiryHours.min - 1, settingsRange.sessionExpiryHours.max + 1],
    ],
    adminRegistrationTokenExpiryMinutes: [
      [settingsRange.tokenExpiryMinutes.min, settingsRange.tokenExpiryMinutes.max],
      [settingsRange.tokenExpiryMinutes.max + 1],
    ],
    otpTtl: [[settingsRange.otpTtlSeconds.min, settingsRange.otpTtlSeconds.max], [settingsRange.otpTtlSeconds.max + 1]],
    niapMode: [[true], ["true"]],
    importRetentionDays: [
      [settingsRange.importRetentionDays.min, settingsRange.importRetentionDays.max],
      [settingsRange.importRetentionDays.min - 1, settingsRange.importRetentionDays.max + 1, 1.5],
    ],
  },
  tls: {
    port: [
      [1, 65_535],
      [0, 65_536],
    ],
    ciphers: [
      ["ECDHE-RSA-AES128-GCM-SHA256", "HIGH:!aNULL:!MD5:!RC4:!3DES:@STRENGTH", "TLS_AES_256_GCM_SHA384:ECDHE+AESGCM"],
      ["", "NOT A CIPHER LIST;", "FOO-BAR", "HIGH:!aNULL:FOO-BAR", "ECDHE+NOPE"],
    ],
  },
  apps: {
    android: [
      [{ minVersion: "2.0.0", lastVersion: "2.10.3", downloadUrl: "https://dl.example.com/a" }],
      [
        { minVersion: "3.0.0", lastVersion: "2.0.0", downloadUrl: "https://dl.example.com/a" },
        { minVersion: "01.0.0", lastVersion: "2.0.0", downloadUrl: "https://dl.example.com/a" },
        { minVersion: "1.0.0", lastVersion: "2.0.0", downloadUrl: "javascript:alert(1)" },
      ],
    ],
  },
  certs: {
    mutualAuthentication: [[true, false], [0]],
    clientCaCertificates: [[null], ["", "not a certificate"]],
  },
};

const code400 = (group: string) => `settings${group[0]!.toUpperCase()}${group.slice(1)}400`;

describe.each(testDialects())("settings API on %s", (dialect) => {
  let server: TestServer;
  let root: string;
  let admin: string;
  const db = () => server.database.db;
  const put = (group: string, body: unknown, auth = root) =>
    server
      .request()
      .put(`/v2/settings/${group}`)
      .set("Authorization", auth)
      .send(body as object);
  const get = (auth = root) => server.request().get("/v2/settings").set("Authorization", auth);

  beforeAll(async () => {
    server = await getTestServer({ dialect });
    root = await bearerFor(server.config, await buildAdmin(db(), { role: "root", teams: [] }));
    admin = await bearerFor(server.config, await buildAdmin(db(), { teams: [await buildTeam(db())] }));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers every group to root (the defaults on a fresh installation) and 403 to any other admin", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual([...SETTINGS_GROUPS]);
    expect(res.body.general).toEqual(DEFAULT_SETTINGS.general);
    expectError(await get(admin), 403, "forbidden");
    for (const group of SETTINGS_GROUPS) expectError(await put(group, {}, admin), 403, "forbidden");
  });

  it.each(Object.entries(BOUNDS))(
    "PUT %s accepts each field within its bounds and refuses it beyond, naming the field",
    async (group, fields) => {
      for (const [field, [good, bad]] of Object.entries(fields)) {
        for (const value of good) {
          const res = await put(group, { [field]: value });
          expect(res.status, `${field}=${JSON.stringify(value)} ${JSON.stringify(res.body)}`).toBe(200);
          expect(res.body.values[field]).toEqual(value);
        }
        const stored = (await get()).body[group][field];
        for (const value of bad) {
          const res = await put(group, { [field]: value });
          expectError(res, 400, code400(group));
          expect((res.body.error.details as { path: unknown[] }[])[0]!.path[0], `${field}=${JSON.stringify(value)}`).toBe(field);
        }
        expect((await get()).body[group][field]).toEqual(stored);
      }
    },
  );

  it("refuses unknown fields and other groups' fields with the group's 400", async () => {
    for (const group of SETTINGS_GROUPS) {
      const res = await put(group, { noSuchSetting: 1 });
      expectError(res, 400, code400(group));
    }
    expectError(await put("general", { sessionExpiryHours: 4 }), 400, "settingsGeneral400");
    expect((await server.request().put("/v2/settings/nope").set("Authorization", root).send({})).status).toBe(404);
  });

  it("checks cross-field rules against the stored values: the call timeouts stay min ≤ default ≤ max", async () => {
    expect((await put("calling", { callTimeoutMin: 10, callTimeoutDefault: 30, callTimeoutMax: 60 })).status).toBe(200);
    const res = await put("calling", { callTimeoutMin: 31 });
    expectError(res, 400, "settingsCalling400");
    expect(res.body.error.details[0].path).toEqual(["callTimeoutMin"]);
  });

  it("keeps the TURN password write-only: never answered, kept when omitted, masked in the log", async () => {
    const missing = await put("calling", { turn: { url: "turn:turn.example.com:3478", username: "relay" } });
    expectError(missing, 400, "settingsCalling400");
    expect(missing.body.error.details[0].path).toEqual(["turn", "password"]);
    const set = await put("calling", { turn: { url: "turn:turn.example.com:3478", username: "relay", password: "S3cret-relay" } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.values.turn).toEqual({ url: "turn:turn.example.com:3478", username: "relay", passwordSet: true });
    const renamed = await put("calling", { turn: { url: "turn:turn.example.com:3478", username: "relay2" } });
    expect(renamed.body.values.turn).toEqual({ url: "turn:turn.example.com:3478", username: "relay2", passwordSet: true });
    const row = await db().selectFrom("systemSettings").select("value").where("groupName", "=", "calling").executeTakeFirstOrThrow();
    expect(JSON.parse(row.value).turn.password).toBe("S3cret-relay");
    expect(JSON.stringify((await get()).body)).not.toContain("S3cret-relay");
    const log = await accessEntries(db(), "settings.update");
    expect(log.map((e) => e.details).join()).not.toContain("S3cret-relay");
    expect(JSON.parse(log[0]!.details!).changes.turn).toEqual({
      before: { url: "turn:turn.example.com:3478", username: "relay", password: "********" },
      after: { url: "turn:turn.example.com:3478", username: "relay2", password: "********" },
    });
    expect((await put("calling", { turn: null })).body.values.turn).toBeNull();
  });

  it("logs each change with the fields changed, before and after, and nothing when nothing changed", async () => {
    const before = (await get()).body.general.registrationEnabled as boolean;
    const res = await put("general", { registrationEnabled: !before, userInviteExpiryDays: 3 });
    expect(res.body.changed.sort()).toEqual(["registrationEnabled", "userInviteExpiryDays"].sort());
    const [entry] = await accessEntries(db(), "settings.update");
    expect(entry).toMatchObject({ targetType: "settings", targetId: "general", outcome: "success" });
    expect(JSON.parse(entry!.details!).changes.registrationEnabled).toEqual({ before, after: !before });
    const count = (await accessEntries(db(), "settings.update")).length;
    expect((await put("general", { userInviteExpiryDays: 3 })).body.changed).toEqual([]);
    expect((await accessEntries(db(), "settings.update")).length).toBe(count);
  });

  it("parses a client CA bundle as X.509: a real certificate is kept, a PEM-shaped forgery is 'certificate 400 invalid'", async () => {
    const pem = selfSigned(90);
    const ok = await put("certs", { mutualAuthentication: true, clientCaCertificates: pem });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.values.clientCaCertificates).toBe(pem.trim());
    const forged = "-----BEGIN CERTIFICATE-----\nQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\n-----END CERTIFICATE-----\n";
    const res = await put("certs", { clientCaCertificates: forged });
    expectError(res, 400, "settingsCerts400");
    expect(res.body.error.details[0].path).toEqual(["clientCaCertificates"]);
    expect((await get()).body.certs.clientCaCertificates).toBe(pem.trim());
  });

  it("describes each certificate (subject, fingerprint, days left) and marks an expired one", () => {
    const pem = selfSigned(10);
    const [info] = describeCertificates(pem)!;
    expect(info).toMatchObject({ subject: "CN=Bulwark Test CA", issuer: "CN=Bulwark Test CA" });
    expect(info!.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(info!.daysLeft).toBeGreaterThanOrEqual(9);
    expect(info!.expired).toBe(false);
    expect(describeCertificates(pem, Date.now() + 11 * 86_400_000)![0]!.expired).toBe(true);
  });
});
