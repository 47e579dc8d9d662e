import { describe, expect, it } from "vitest";
import {
  ADMIN_STATUSES,
  APP_PLATFORMS,
  CERT_REVOCATION_STRATEGIES,
  DEFAULT_EDITION,
  INVITE_TYPES,
  PLATFORM_CODE_LIST,
  PLATFORM_CODES,
  USER_STATUSES,
  adminCanSignIn,
  extendedExpiration,
  isEdition,
  isPlatformCode,
  isRole,
  isRoot,
  licenseAcquisition,
  licenseState,
  licenseUsage,
  packAcceptsInvites,
  platformKey,
  platformName,
  roleLabel,
  teamLicenseState,
} from "../../shared/domain";

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 15, 12);

describe("roles and editions", () => {
  it("labels root as superAdmin and admin as admin", () => {
    expect(roleLabel("root")).toBe("superAdmin");
    expect(roleLabel("admin")).toBe("admin");
    expect(isRoot("root")).toBe(true);
    expect(isRoot("admin")).toBe(false);
    expect(isRole("admin")).toBe(true);
    expect(isRole("superAdmin")).toBe(false);
  });

  it("purchases in the public edition and activates in the private one", () => {
    expect(DEFAULT_EDITION).toBe("public");
    expect(licenseAcquisition("public")).toBe("purchase");
    expect(licenseAcquisition("private")).toBe("activate");
    expect(isEdition("private")).toBe(true);
    expect(isEdition("enterprise")).toBe(false);
  });
});

describe("platforms (SPEC §3 codes)", () => {
  it("maps every code to its key and name", () => {
    expect(PLATFORM_CODE_LIST).toEqual([1, 2, 7, 8, 9, 10, 11, 12, 13]);
    expect(PLATFORM_CODES[12]).toBe("windowsDesktop");
    const names = PLATFORM_CODE_LIST.map(platformName);
    expect(names).toEqual(["Android", "iOS", "Unknown", "Linux Client", "ECS", "PBX", "SIP", "Windows Desktop", "OSX"]);
  });

  it("reads unknown codes as Unknown", () => {
    expect(isPlatformCode(3)).toBe(false);
    expect(isPlatformCode(1.5)).toBe(false);
    expect(platformKey(3)).toBe("unknown");
    expect(platformName(99)).toBe("Unknown");
  });

  it("lists the app-settings platforms", () => {
    expect(APP_PLATFORMS).toEqual(["android", "ios", "windows", "ecs"]);
  });
});

describe("statuses", () => {
  it("spells the vocabularies", () => {
    expect(ADMIN_STATUSES).toEqual(["registered", "invited", "active", "blocked"]);
    expect(USER_STATUSES).toEqual(["active", "pending", "blocked"]);
    expect(INVITE_TYPES).toEqual(["email", "handle"]);
    expect(CERT_REVOCATION_STRATEGIES).toEqual(["ocsp", "ocsp_crl", "disabled"]);
  });

  it("lets only active admins sign in", () => {
    expect(ADMIN_STATUSES.filter(adminCanSignIn)).toEqual(["active"]);
  });
});

describe("license state", () => {
  const pack = (days: number, status: "active" | "expired" = "active") => ({ status, expiration: NOW + days * DAY });

  it("classifies valid, near expiration, expired and unlicensed", () => {
    expect(licenseState(null, NOW)).toBe("unlicensed");
    expect(licenseState(pack(31), NOW)).toBe("valid");
    expect(licenseState(pack(30), NOW)).toBe("nearExpiration");
    expect(licenseState(pack(1), NOW)).toBe("nearExpiration");
    expect(licenseState(pack(0), NOW)).toBe("expired");
    expect(licenseState(pack(-5), NOW)).toBe("expired");
    expect(licenseState(pack(100, "expired"), NOW)).toBe("expired");
  });

  it("accepts Date and ISO string instants and rejects garbage", () => {
    expect(licenseState({ status: "active", expiration: "2025-12-31T00:00:00Z" }, new Date(NOW))).toBe("valid");
    expect(() => licenseState({ status: "active", expiration: "not a date" }, NOW)).toThrow(RangeError);
  });

  it("takes the healthiest pack of a team", () => {
    expect(teamLicenseState([], NOW)).toBe("unlicensed");
    expect(teamLicenseState([pack(-1), pack(10)], NOW)).toBe("nearExpiration");
    expect(teamLicenseState([pack(-1), pack(10), pack(90)], NOW)).toBe("valid");
    expect(teamLicenseState([pack(-1)], NOW)).toBe("expired");
  });

  it("refuses invites on expired packs", () => {
    expect(packAcceptsInvites(pack(5), NOW)).toBe(true);
    expect(packAcceptsInvites(pack(-1), NOW)).toBe(false);
  });

  it("computes the gauge and extensions from today", () => {
    expect(licenseUsage(10, 4, 3)).toEqual({ total: 10, users: 4, invites: 3, available: 3 });
    expect(licenseUsage(5, 4, 3).available).toBe(0);
    expect(extendedExpiration(NOW, 30).getTime()).toBe(NOW + 30 * DAY);
  });
});
