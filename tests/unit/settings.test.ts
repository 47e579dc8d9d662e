import { describe, expect, it } from "vitest";
import {
  CustomSettingsSchema,
  DEFAULT_SETTINGS,
  OVERRIDABLE_SETTINGS_GROUPS,
  SETTINGS_GROUPS,
  SettingsGroupSchemas,
  SettingsSchema,
  V,
  effectiveSettings,
} from "../../shared/schemas";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`) ?? [];

describe("DEFAULT_SETTINGS", () => {
  it("has every group and passes every group schema", () => {
    expect(Object.keys(DEFAULT_SETTINGS).sort()).toEqual([...SETTINGS_GROUPS].sort());
    expect(Object.keys(SettingsGroupSchemas).sort()).toEqual([...SETTINGS_GROUPS].sort());
    for (const group of SETTINGS_GROUPS) {
      const result = SettingsGroupSchemas[group].safeParse(DEFAULT_SETTINGS[group]);
      expect(messagesOf(result), group).toEqual([]);
    }
    expect(SettingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
  });

  it("uses the SPEC numbers where SPEC gives them", () => {
    expect(DEFAULT_SETTINGS.security.adminPasswordResetTokenExpiryMinutes).toBe(60);
    expect(DEFAULT_SETTINGS.security.maxFailedAdminSignIns).toBe(5);
    expect(DEFAULT_SETTINGS.general.warningBanner).toEqual({ en: expect.any(String), pt: expect.any(String), es: expect.any(String) });
    expect(DEFAULT_SETTINGS.general.urlPrefixes).toEqual({ api: "api", aux: "aux", sip: "sip", vault: "vault", emp: "emp", my: "my" });
  });
});

describe("settings group rules", () => {
  it("rejects unknown fields and missing fields", () => {
    const general = SettingsGroupSchemas.general;
    expect(messagesOf(general.safeParse({ ...DEFAULT_SETTINGS.general, colour: "red" }))).toEqual([`:${V.unknownKey}`]);
    const { registrationEnabled: _omitted, ...missing } = DEFAULT_SETTINGS.general;
    expect(messagesOf(general.safeParse(missing))).toEqual([`registrationEnabled:${V.required}`]);
  });

  it("validates banners and prefixes per field", () => {
    const bad = {
      ...DEFAULT_SETTINGS.general,
      warningBanner: { en: "", pt: "ok", es: "x".repeat(1001) },
      urlPrefixes: { ...DEFAULT_SETTINGS.general.urlPrefixes, api: "a.b" },
    };
    expect(messagesOf(SettingsGroupSchemas.general.safeParse(bad))).toEqual([
      `warningBanner.en:${V.required}`,
      `warningBanner.es:${V.tooLong}`,
      `urlPrefixes.api:${V.prefix}`,
    ]);
  });

  it("message TTL allows zero, attachment TTL does not", () => {
    expect(SettingsGroupSchemas.messaging.safeParse({ ...DEFAULT_SETTINGS.messaging, messageTtlSeconds: 0 }).success).toBe(true);
    expect(messagesOf(SettingsGroupSchemas.attachments.safeParse({ ...DEFAULT_SETTINGS.attachments, attachmentTtlMinutes: 0 }))).toEqual([
      `attachmentTtlMinutes:${V.tooSmall}`,
    ]);
  });

  it("requires call timeouts min ≤ default ≤ max", () => {
    const calling = SettingsGroupSchemas.calling;
    expect(calling.safeParse({ ...DEFAULT_SETTINGS.calling, callTimeoutMin: 30, callTimeoutDefault: 30, callTimeoutMax: 30 }).success).toBe(
      true,
    );
    expect(messagesOf(calling.safeParse({ ...DEFAULT_SETTINGS.calling, callTimeoutMin: 50, callTimeoutDefault: 45 }))).toEqual([
      `callTimeoutMin:${V.callTimeoutOrder}`,
    ]);
    expect(messagesOf(calling.safeParse({ ...DEFAULT_SETTINGS.calling, callTimeoutDefault: 200 }))).toEqual([
      `callTimeoutDefault:${V.callTimeoutOrder}`,
    ]);
    expect(messagesOf(calling.safeParse({ ...DEFAULT_SETTINGS.calling, callTimeoutMax: 10_001 }))).toEqual([`callTimeoutMax:${V.tooBig}`]);
  });

  it("validates the TURN server when configured", () => {
    const calling = SettingsGroupSchemas.calling;
    const turn = { url: "turns:turn.example.com:5349", username: "relay", password: "s3cret" };
    expect(calling.safeParse({ ...DEFAULT_SETTINGS.calling, turn }).success).toBe(true);
    expect(
      messagesOf(calling.safeParse({ ...DEFAULT_SETTINGS.calling, turn: { ...turn, url: "https://x.example.com", username: "a b" } })),
    ).toEqual([`turn.url:${V.turnUrl}`, `turn.username:${V.noSpaces}`]);
  });

  it("bounds the security numbers", () => {
    const security = SettingsGroupSchemas.security;
    const bad = { ...DEFAULT_SETTINGS.security, otpLength: 0, maxFailedAdminSignIns: 101, userPasswordHistory: 0, sessionExpiryHours: 1.5 };
    expect(messagesOf(security.safeParse(bad))).toEqual([
      `sessionExpiryHours:${V.integer}`,
      `otpLength:${V.tooSmall}`,
      `maxFailedAdminSignIns:${V.tooBig}`,
      `userPasswordHistory:${V.tooSmall}`,
    ]);
  });

  it("checks TLS ciphers and port", () => {
    expect(messagesOf(SettingsGroupSchemas.tls.safeParse({ ciphers: "HIGH;LOW", port: 70_000 }))).toEqual([
      `ciphers:${V.ciphers}`,
      `port:${V.tooBig}`,
    ]);
  });

  it("requires each app's minimum version ≤ last version, with valid versions and URLs", () => {
    const apps = SettingsGroupSchemas.apps;
    const android = { minVersion: "2.0.0", lastVersion: "10.0.0", downloadUrl: "https://example.com/a.apk" };
    expect(apps.safeParse({ ...DEFAULT_SETTINGS.apps, android }).success).toBe(true);
    expect(messagesOf(apps.safeParse({ ...DEFAULT_SETTINGS.apps, android: { ...android, minVersion: "10.0.1" } }))).toEqual([
      `android.minVersion:${V.appVersionOrder}`,
    ]);
    expect(
      messagesOf(apps.safeParse({ ...DEFAULT_SETTINGS.apps, ios: { ...android, lastVersion: "01.0.0", downloadUrl: "https://x.com." } })),
    ).toEqual([`ios.lastVersion:${V.appVersion}`, `ios.downloadUrl:${V.urlTrailingDot}`]);
  });

  it("accepts PEM bundles for client CA certificates", () => {
    const pem = "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n";
    expect(SettingsGroupSchemas.certs.safeParse({ ...DEFAULT_SETTINGS.certs, clientCaCertificates: pem + pem }).success).toBe(true);
    expect(messagesOf(SettingsGroupSchemas.certs.safeParse({ ...DEFAULT_SETTINGS.certs, clientCaCertificates: "not a cert" }))).toEqual([
      `clientCaCertificates:${V.certificate}`,
    ]);
  });
});

describe("team custom settings", () => {
  it("accepts partial overrides of known settings", () => {
    const overrides = { messaging: { messageTtlSeconds: 3600 }, security: { otpLength: 8 }, calling: { callTimeoutMax: 300 } };
    expect(CustomSettingsSchema.safeParse(overrides).success).toBe(true);
    expect(CustomSettingsSchema.safeParse({}).success).toBe(true);
  });

  it("rejects unknown groups, unknown keys and system-wide groups", () => {
    expect(messagesOf(CustomSettingsSchema.safeParse({ colours: {} }))).toEqual([`:${V.unknownKey}`]);
    expect(messagesOf(CustomSettingsSchema.safeParse({ messaging: { ttl: 5 } }))).toEqual([`messaging:${V.unknownKey}`]);
    expect(messagesOf(CustomSettingsSchema.safeParse({ tls: { port: 443 } }))).toEqual([`:${V.unknownKey}`]);
    expect(OVERRIDABLE_SETTINGS_GROUPS).not.toContain("tls");
  });

  it("validates override values with the group's rules", () => {
    expect(messagesOf(CustomSettingsSchema.safeParse({ security: { otpLength: 0 }, messaging: { messageTtlSeconds: -1 } }))).toEqual([
      `messaging.messageTtlSeconds:${V.tooSmall}`,
      `security.otpLength:${V.tooSmall}`,
    ]);
    expect(messagesOf(CustomSettingsSchema.safeParse({ calling: { callTimeoutMin: 100, callTimeoutMax: 50 } }))).toEqual([
      `calling.callTimeoutMin:${V.callTimeoutOrder}`,
    ]);
  });

  it("caps the serialized size at 2000 characters", () => {
    const banner = "x".repeat(990);
    const ok = { general: { warningBanner: { en: banner, pt: "p", es: "e" } } };
    expect(CustomSettingsSchema.safeParse(ok).success).toBe(true);
    const tooBig = { general: { warningBanner: { en: banner, pt: banner, es: "e" } } };
    const result = CustomSettingsSchema.safeParse(tooBig);
    expect(messagesOf(result)).toEqual([`:${V.customSettingsTooLong}`]);
    expect(result.error?.issues[0]).toMatchObject({ params: { max: 2000 } });
  });

  it("lays overrides over the system settings", () => {
    const effective = effectiveSettings(DEFAULT_SETTINGS, { messaging: { messageTtlSeconds: 60, messageRateLimit: undefined } });
    expect(effective.messaging).toEqual({ messageTtlSeconds: 60, messageRateLimit: DEFAULT_SETTINGS.messaging.messageRateLimit });
    expect(effective.tls).toBe(DEFAULT_SETTINGS.tls);
    expect(effectiveSettings(DEFAULT_SETTINGS, null)).toBe(DEFAULT_SETTINGS);
  });
});
