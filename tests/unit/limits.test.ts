import { describe, expect, it } from "vitest";
import {
  APP_VERSION,
  defaultLanguage,
  editions,
  languages,
  layout,
  lengthRange,
  licenseCountRange,
  listLimit,
  maxLength,
  passwordResetValidityMinutes,
  passwordRules,
  portRange,
  rateLimitMax,
  scriptChunkLoadTimeoutMs,
  settingsRange,
  sha512HexLength,
  timeoutMax,
  ttlAllowingZeroRange,
  ttlRange,
} from "../../shared/limits";

describe("limits (SPEC §9)", () => {
  it("copies every SPEC §9 maximum length verbatim", () => {
    expect(maxLength).toMatchObject({
      ciphers: 500,
      message: 200,
      passwordPlaintext: 300,
      prefix: 50,
      publicKey: 300,
      repeatedPword: 100,
      sipSeed: 512,
      warningBanner: 1000,
      appVersion: 30,
      deviceName: 30,
      osVersion: 30,
      deviceToken: 300,
      browser: 50,
      city: 128,
      contactEmail: 320,
      country: 3,
      customSettings: 2000,
      domains: 100,
      institution: 128,
      notes: 1000,
      teamName: 320,
      licenseCount: 10,
      licenseType: 10,
      geocountry: 20,
      ip: 15,
      inviteCode: 20,
      adminPasswordHash: 128,
      firstName: 100,
      lastName: 100,
      guid: 64,
      jwtToken: 1000,
      timezone: 100,
      token: 96,
      uid: 36,
      url: 300,
      username: 320,
    });
    expect(lengthRange.seed).toEqual({ min: 20, max: 100 });
    expect(rateLimitMax).toBe(10_000);
    expect(timeoutMax).toBe(10_000);
  });

  it("keeps the other SPEC constants", () => {
    expect(portRange).toEqual({ min: 1, max: 65_535 });
    expect(passwordRules).toEqual({ minLength: 9, maxLength: 19 });
    expect(passwordResetValidityMinutes).toBe(60);
    expect(languages).toEqual(["en", "pt", "es"]);
    expect(defaultLanguage).toBe("en");
    expect(editions).toEqual(["public", "private"]);
    expect(APP_VERSION).toBe("5.0.1");
    expect(layout).toEqual({ sidebarWidthPx: 290, headerHeightPx: 80 });
    expect(scriptChunkLoadTimeoutMs).toBe(120_000);
    expect(listLimit).toEqual({ default: 50, max: 200 });
    expect(sha512HexLength).toBe(128);
  });

  it("derives the license count maximum from its 10-digit limit and keeps it a safe integer", () => {
    expect(licenseCountRange).toEqual({ min: 1, max: 9_999_999_999 });
    expect(String(licenseCountRange.max)).toHaveLength(maxLength.licenseCount);
    expect(Number.isSafeInteger(licenseCountRange.max)).toBe(true);
  });

  it("has coherent ranges (min ≤ max, TTL variant allowing zero)", () => {
    const ranges = [ttlRange, ttlAllowingZeroRange, ...Object.values(settingsRange), ...Object.values(lengthRange)];
    for (const range of ranges) expect(range.min).toBeLessThanOrEqual(range.max);
    expect(ttlRange.min).toBe(1);
    expect(ttlAllowingZeroRange.min).toBe(0);
    expect(settingsRange.inviteTokenLength.max).toBeLessThanOrEqual(maxLength.inviteCode);
    expect(lengthRange.activationToken.max).toBe(maxLength.activationToken);
  });
});
