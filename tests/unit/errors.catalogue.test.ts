import { describe, expect, it } from "vitest";
import {
  ACTION_PREFIXES,
  CATALOGUE,
  CATALOGUE_CODES,
  CATALOGUE_GROUPS,
  EXIT_CODES,
  GENERIC_BY_STATUS,
  GENERIC_ENTRIES,
  PROTECTED_PREFIXES,
  PUBLIC_PREFIXES,
  englishMessage,
  entryFor,
  exitCodeFor,
  exitCodeForStatus,
  httpStatusFor,
  i18nKeyFor,
  isCatalogueCode,
  isProtectedPrefix,
  placeholdersOf,
} from "../../shared/errors";
import type { CatalogueCode } from "../../shared/errors";

describe("action prefixes", () => {
  it("are unique and split exactly into public and protected", () => {
    expect(new Set(ACTION_PREFIXES).size).toBe(ACTION_PREFIXES.length);
    expect(ACTION_PREFIXES.length).toBe(PUBLIC_PREFIXES.length + PROTECTED_PREFIXES.length);
    for (const p of PUBLIC_PREFIXES) expect(isProtectedPrefix(p)).toBe(false);
    for (const p of PROTECTED_PREFIXES) expect(isProtectedPrefix(p)).toBe(true);
  });

  it("cover every call of SPEC §7 and the list/read/delete calls the product needs", () => {
    const required = [
      "signin",
      "register",
      "verify",
      "confirm",
      "reset",
      "publicSettings",
      "profileUpdate",
      "passwordChange",
      "terminate",
      "adminCreate",
      "adminEdit",
      "adminDelete",
      "adminActivate",
      "adminBlock",
      "adminTeams",
      "adminList",
      "adminRead",
      "teamCreate",
      "teamEdit",
      "teamDelete",
      "teamSettings",
      "teamList",
      "teamRead",
      "domainsEdit",
      "domainsDelete",
      "associationCreate",
      "associationEdit",
      "associationDelete",
      "associationList",
      "inviteCreate",
      "inviteResend",
      "inviteDelete",
      "inviteList",
      "licenseCreate",
      "licenseEdit",
      "licenseList",
      "licenseActivate",
      "userCreate",
      "userEdit",
      "userRead",
      "userList",
      "userReset",
      "userDelete",
      "usersBlock",
      "usersActivate",
      "usersMove",
      "usersDelete",
      "deviceWipe",
      "deviceDelete",
      "settingsGeneral",
      "settingsMessaging",
      "settingsAttachments",
      "settingsCalling",
      "settingsSecurity",
      "settingsTls",
      "settingsApps",
      "settingsCerts",
      "logsList",
    ];
    const known: readonly string[] = ACTION_PREFIXES;
    expect(required.filter((p) => !known.includes(p))).toEqual([]);
  });

  it("are identifiers without digits, so prefix + status parses back unambiguously", () => {
    for (const p of ACTION_PREFIXES) expect(p).toMatch(/^[a-z][A-Za-z]*$/);
  });
});

describe("catalogue codes", () => {
  it("are unique across the entry tables", () => {
    const total = CATALOGUE_GROUPS.reduce((n, group) => n + Object.keys(group).length, 0);
    expect(CATALOGUE_CODES.length).toBe(total);
    expect(new Set(CATALOGUE_CODES).size).toBe(total);
  });

  it("each resolve to a consistent entry", () => {
    for (const code of CATALOGUE_CODES) {
      const entry = CATALOGUE[code];
      expect(entry.code).toBe(code);
      expect(entry.key).toBe(`errors:${code}`);
      expect(i18nKeyFor(code)).toBe(entry.key);
      expect(entryFor(code)).toBe(entry);
      expect(httpStatusFor(code)).toBe(entry.status);
      expect(["error", "success", "info"]).toContain(entry.kind);
      expect(entry.en.trim()).not.toBe("");
      expect(entry.status === 0 || (entry.status >= 200 && entry.status <= 599)).toBe(true);
    }
  });

  it("are prefix + the entry's own status when they end in digits, named otherwise", () => {
    const known: readonly string[] = ACTION_PREFIXES;
    for (const code of CATALOGUE_CODES) {
      const match = /^(.+?)(\d+)$/.exec(code);
      if (match) {
        expect(known, code).toContain(match[1]);
        expect(match[2], code).toHaveLength(3);
        expect(Number(match[2]), code).toBe(CATALOGUE[code].status);
      } else {
        expect(code).toMatch(/^[a-z][A-Za-z]*$/);
        expect(known, code).not.toContain(code);
      }
    }
  });

  it("keep success and error kinds consistent with the status", () => {
    for (const code of CATALOGUE_CODES) {
      const { kind, status } = CATALOGUE[code];
      if (kind === "success") expect(status, code).toBeGreaterThanOrEqual(200);
      if (kind === "success") expect(status, code).toBeLessThan(300);
      if (status >= 400) expect(kind, code).not.toBe("success");
    }
  });

  it("narrow strings safely", () => {
    expect(isCatalogueCode("inviteCreate409")).toBe(true);
    expect(isCatalogueCode("inviteCreate499")).toBe(false);
    expect(isCatalogueCode("constructor")).toBe(false);
    expect(isCatalogueCode("")).toBe(false);
  });

  it("map every generic fallback status to a generic code", () => {
    for (const code of Object.values(GENERIC_BY_STATUS)) expect(Object.keys(GENERIC_ENTRIES)).toContain(code);
  });

  it("include every per-action code SPEC §8 lists", () => {
    const required: readonly string[] = [
      "register200",
      "register501",
      "register509",
      "signin401",
      "signin403",
      "signin422",
      "reset200",
      "reset401",
      "reset404",
      "reset422",
      "inviteCreate400",
      "inviteCreate404",
      "inviteCreate409",
      "inviteCreate422",
      "inviteResend400",
      "inviteResend404",
      "inviteResend410",
      "inviteResend422",
      "inviteDelete403",
      "inviteDelete404",
      "inviteDelete422",
      "userCreate409",
      "userCreate501",
      "userCreate502",
      "userCreate422",
      "usersActivate403",
      "userDelete404",
      "deviceDelete404",
      "settingsGeneral400",
      "settingsMessaging400",
      "settingsAttachments400",
      "settingsCalling400",
      "settingsSecurity400",
      "settingsTls400",
      "settingsApps400",
      "settingsCerts400",
      "teamEdit404",
      "teamDelete403",
      "teamDelete409",
      "domainsEdit400",
      "adminCreate403",
      "adminCreate404",
      "adminCreate409",
      "adminCreate501",
      "adminCreate509",
      "adminEdit404",
      "adminDelete403",
      "adminDelete409",
      "terminate403",
      "adminActivate403",
      "adminActivate404",
      "adminBlock403",
      "adminBlock404",
      "adminTeams403",
      "adminTeams404",
      "associationCreate403",
      "associationCreate404",
      "associationEdit400",
      "associationEdit403",
      "associationEdit404",
      "associationDelete403",
      "associationDelete404",
      "licenseCreate403",
      "licenseCreate404",
      "licenseEdit403",
      "licenseEdit404",
    ];
    expect(required.filter((code) => !isCatalogueCode(code))).toEqual([]);
  });
});

// SPEC §8's texts, in Sentence case, without " - " joins, saying what happened and what to do (issue #27).
describe("exact SPEC §8 texts", () => {
  const exact: ReadonlyArray<readonly [CatalogueCode, string]> = [
    ["net", "The connection to the server was lost. Check your network connection and try again"],
    ["badParameters", "Bad parameters"],
    ["notFound", "Not found"],
    ["internal", "Internal server error"],
    ["expired", "Expired"],
    ["unavailable", "The service is temporarily unavailable. Try again in a few moments"],
    ["timeout", "The server took too long to answer. Try again"],
    ["emailDisabled", "E-mailing is disabled. Contact your administrator"],
    ["emailFailed", "Could not send e-mail"],
    ["recaptchaError", "The reCAPTCHA check failed. Try again"],
    ["profileUpdateFailed", "Unable to update profile"],
    ["profileUpdate200", "Profile updated"],
    ["notValidEmailAccount", "This account is not registered using a valid e-mail address"],
    ["noUserSelected", "No user selected"],
    ["notEnoughLicenses", "Not enough available licenses. Reduce number of invites"],
    ["chooseCompanyWithLicenses", "You must choose a company with available licenses"],
    ["companyNotManaged", "This company is not currently managed by any administrator"],
    ["invalidToken", "Invalid token"],
    ["licenseActivate200", "License activated successfully"],
    ["licenseCreate200", "License purchased successfully"],
    ["teamCreate200", "Company created"],
    ["adminCreate200", "Administrator created"],
    ["deviceWipe200", "Wipe requested. The device is wiped the next time it connects"],
    ["verify200", "Account verification successful"],
  ];
  it.each(exact)("%s is %j", (code, text) => {
    expect(englishMessage(code)).toBe(text);
  });

  it("gives 500 and 504 the same generic text", () => {
    expect(GENERIC_BY_STATUS[500]).toBe("internal");
    expect(GENERIC_BY_STATUS[504]).toBe("internal");
  });

  it("says the reset link expires in an hour", () => {
    expect(CATALOGUE.reset200.kind).toBe("success");
    expect(englishMessage("reset200")).toMatch(/password reset/i);
    expect(englishMessage("reset200")).toMatch(/expires in an hour/);
  });

  it("reports a failed script-chunk load as its own error", () => {
    expect(CATALOGUE.scriptLoadError.kind).toBe("error");
    expect(englishMessage("scriptLoadError")).toMatch(/could not be loaded/);
  });
});

describe("englishMessage", () => {
  it("fills placeholders and leaves missing ones visible", () => {
    expect(englishMessage("bulkPartial", { failed: 2, total: 5 })).toBe("2 of 5 items failed. See the details and try those again");
    expect(englishMessage("bulkPartial", { failed: 2 })).toBe("2 of {{total}} items failed. See the details and try those again");
    expect(englishMessage("bulkPartial")).toBe(CATALOGUE.bulkPartial.en);
  });

  it("placeholdersOf finds names, ignoring i18next formats and repeats", () => {
    expect(placeholdersOf("{{b}} and {{ a }} and {{b, number}}")).toEqual(["a", "b"]);
    expect(placeholdersOf("none")).toEqual([]);
  });
});

describe("exit codes", () => {
  it("are the documented, distinct numbers", () => {
    expect(EXIT_CODES).toEqual({
      ok: 0,
      unknown: 1,
      usage: 2,
      authentication: 3,
      permission: 4,
      notFound: 5,
      conflict: 6,
      validation: 7,
      server: 8,
      network: 9,
      partial: 10,
      invalidToken: 11,
      unavailable: 12,
      changesPending: 13,
    });
    expect(new Set(Object.values(EXIT_CODES)).size).toBe(Object.keys(EXIT_CODES).length);
  });

  const classes: ReadonlyArray<readonly [string, number]> = [
    ["teamCreate200", 0],
    ["ok", 0],
    ["signout200", 0],
    ["unknown", 1],
    ["not-a-code", 1],
    ["noUserSelected", 2],
    ["licenseActivate404", 11],
    ["licenseActivate409", 11],
    ["licenseActivate410", 11],
    ["licenseActivate422", 11],
    ["licenseActivate403", 4],
    ["unauthorized", 3],
    ["signin401", 3],
    ["signin403", 3],
    ["signin422", 3],
    ["reset401", 3],
    ["terminate403", 3],
    ["domainsEdit400", 3],
    ["sessionExpired", 3],
    ["forbidden", 4],
    ["teamDelete403", 4],
    ["notFound", 5],
    ["adminEdit404", 5],
    ["conflict", 6],
    ["inviteCreate409", 6],
    ["inviteResend410", 6],
    ["gone", 6],
    ["badParameters", 7],
    ["inviteCreate400", 7],
    ["expired", 7],
    ["inviteCreate422", 7],
    ["userCreate502", 7],
    ["internal", 8],
    ["emailDisabled", 8],
    ["userCreate501", 8],
    ["emailFailed", 8],
    ["unavailable", 12],
    ["tooManyRequests", 12],
    ["contention", 12],
    ["insecureConnection", 8],
    ["net", 9],
    ["timeout", 9],
    ["scriptLoadError", 9],
    ["bulkPartial", 10],
  ];
  it.each(classes)("%s exits with %i", (code, exit) => {
    expect(exitCodeFor(code)).toBe(exit);
  });

  it("derive from the status by class", () => {
    expect([200, 201, 204].map(exitCodeForStatus)).toEqual([0, 0, 0]);
    expect([401, 403, 404, 409, 410].map(exitCodeForStatus)).toEqual([3, 4, 5, 6, 6]);
    expect([400, 422, 502, 408, 429].map(exitCodeForStatus)).toEqual([7, 7, 7, 9, 12]);
    expect([500, 501, 503, 504, 509].map(exitCodeForStatus)).toEqual([8, 8, 12, 8, 8]);
    expect([0, 302, 418].map(exitCodeForStatus)).toEqual([1, 1, 1]);
  });

  it("are 0 for every success entry and non-zero for every error entry", () => {
    for (const code of CATALOGUE_CODES) {
      const entry = CATALOGUE[code];
      if (entry.kind === "success") expect(entry.exit, code).toBe(0);
      if (entry.kind === "error") expect(entry.exit, code).not.toBe(0);
    }
  });
});
