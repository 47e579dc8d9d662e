import { describe, expect, it } from "vitest";
import { CATALOGUE, CATALOGUE_CODES, isActionPrefix, mapCallOutcome } from "../../shared/errors";
import type { ActionPrefix, MappedOutcome } from "../../shared/errors";

function codeOf(result: MappedOutcome): string {
  return result.code;
}

describe("mapCallOutcome: network", () => {
  it("maps a network failure to net with the network exit code", () => {
    const result = mapCallOutcome({ prefix: "teamList", network: true });
    expect(result).toMatchObject({ kind: "message", code: "net", key: "errors:net", status: 0, severity: "error", exit: 9 });
  });

  it("treats status 0 (no HTTP response) as a network failure", () => {
    expect(codeOf(mapCallOutcome({ prefix: "signin", status: 0 }))).toBe("net");
  });
});

describe("mapCallOutcome: 500 shows the server's message", () => {
  it("carries the server message", () => {
    const result = mapCallOutcome({ prefix: "userCreate", status: 500, serverMessage: "Database is read-only (req 42)" });
    expect(result).toEqual({
      kind: "serverMessage",
      code: "internal",
      key: "errors:internal",
      status: 500,
      severity: "error",
      message: "Database is read-only (req 42)",
      fromServer: true,
      exit: 8,
    });
  });

  it("falls back to the generic 500 text when the server sent none or a blank one", () => {
    for (const serverMessage of [undefined, "", "   "]) {
      const result = mapCallOutcome({ prefix: "userCreate", status: 500, serverMessage });
      expect(result.kind).toBe("serverMessage");
      if (result.kind !== "serverMessage") continue;
      expect(result.message).toBe("Internal server error");
      expect(result.fromServer).toBe(false);
    }
  });

  it("keeps the 500 rule even when the envelope names another code", () => {
    const result = mapCallOutcome({ prefix: "userCreate", status: 500, code: "userCreate409", serverMessage: "boom" });
    expect(result.kind).toBe("serverMessage");
  });
});

describe("mapCallOutcome: 401", () => {
  it("signs out on a protected call, judged from the prefix by default", () => {
    expect(mapCallOutcome({ prefix: "teamList", status: 401 })).toEqual({
      kind: "signOut",
      code: "sessionExpired",
      key: "errors:sessionExpired",
      status: 401,
      exit: 3,
    });
  });

  it("signs out when the caller says the call is protected, even with an envelope code", () => {
    const result = mapCallOutcome({ prefix: "inviteCreate", status: 401, protectedCall: true, code: "unauthorized" });
    expect(result.kind).toBe("signOut");
  });

  it("gives signin401 (invalid credentials) on sign-in instead of signing out", () => {
    const result = mapCallOutcome({ prefix: "signin", status: 401 });
    expect(result).toMatchObject({ kind: "message", code: "signin401", severity: "error", exit: 3 });
  });

  it("gives reset401 on the public reset call", () => {
    expect(codeOf(mapCallOutcome({ prefix: "reset", status: 401 }))).toBe("reset401");
  });

  it("falls back to unauthorized on an unprotected call with no own 401", () => {
    expect(codeOf(mapCallOutcome({ prefix: "verify", status: 401 }))).toBe("unauthorized");
    expect(codeOf(mapCallOutcome({ prefix: "teamList", status: 401, protectedCall: false }))).toBe("unauthorized");
  });
});

describe("mapCallOutcome: 400", () => {
  it("is badParameters when the action has no own 400", () => {
    for (const prefix of ["adminEdit", "userCreate", "teamCreate", "signin"] as const) {
      const result = mapCallOutcome({ prefix, status: 400 });
      expect(result).toMatchObject({ kind: "message", code: "badParameters", exit: 7 });
    }
  });

  it("is the action's own 400 when it has one (per-action 400 wins)", () => {
    const cases: ReadonlyArray<readonly [ActionPrefix, string]> = [
      ["inviteCreate", "inviteCreate400"],
      ["inviteResend", "inviteResend400"],
      ["domainsEdit", "domainsEdit400"],
      ["associationEdit", "associationEdit400"],
      ["settingsGeneral", "settingsGeneral400"],
      ["settingsCerts", "settingsCerts400"],
      ["teamSettings", "teamSettings400"],
    ];
    for (const [prefix, code] of cases) expect(codeOf(mapCallOutcome({ prefix, status: 400 }))).toBe(code);
  });
});

describe("mapCallOutcome: prefix + status, then generic, then unknown", () => {
  it("uses prefix + status when the catalogue has it", () => {
    expect(codeOf(mapCallOutcome({ prefix: "inviteCreate", status: 409 }))).toBe("inviteCreate409");
    expect(codeOf(mapCallOutcome({ prefix: "inviteResend", status: 410 }))).toBe("inviteResend410");
    expect(codeOf(mapCallOutcome({ prefix: "userCreate", status: 502 }))).toBe("userCreate502");
    expect(codeOf(mapCallOutcome({ prefix: "register", status: 509 }))).toBe("register509");
    expect(codeOf(mapCallOutcome({ prefix: "signin", status: 422 }))).toBe("signin422");
    expect(codeOf(mapCallOutcome({ prefix: "adminDelete", status: 409 }))).toBe("adminDelete409");
  });

  it("falls back to the generic code for the status", () => {
    const cases: ReadonlyArray<readonly [ActionPrefix, number, string]> = [
      ["adminList", 403, "forbidden"],
      ["adminList", 404, "notFound"],
      ["teamList", 408, "timeout"],
      ["teamCreate", 404, "notFound"],
      ["userEdit", 410, "gone"],
      ["licenseList", 422, "expired"],
      ["signin", 429, "tooManyRequests"],
      ["teamEdit", 501, "emailDisabled"],
      ["teamEdit", 502, "unavailable"],
      ["teamEdit", 503, "unavailable"],
      ["teamEdit", 504, "internal"],
      ["inviteCreate", 509, "emailFailed"],
      ["teamSettings", 409, "conflict"],
    ];
    for (const [prefix, status, code] of cases) expect(codeOf(mapCallOutcome({ prefix, status }))).toBe(code);
  });

  it("gives the 504 the text SPEC §8 gives 500", () => {
    const result = mapCallOutcome({ prefix: "teamEdit", status: 504, serverMessage: "upstream timed out" });
    expect(result).toMatchObject({ kind: "message", code: "internal", status: 504, exit: 8 });
    expect(CATALOGUE[result.code].en).toBe("Internal server error");
  });

  it("maps a status nobody knows to unknown with exit 1", () => {
    for (const status of [418, 302, 507, 599]) {
      expect(mapCallOutcome({ prefix: "teamEdit", status })).toMatchObject({ kind: "message", code: "unknown", status, exit: 1 });
    }
  });
});

describe("mapCallOutcome: success", () => {
  it("uses the action's success message, also for other 2xx", () => {
    expect(mapCallOutcome({ prefix: "teamCreate", status: 200 })).toMatchObject({ code: "teamCreate200", severity: "success", exit: 0 });
    expect(codeOf(mapCallOutcome({ prefix: "teamCreate", status: 201 }))).toBe("teamCreate200");
    expect(codeOf(mapCallOutcome({ prefix: "deviceWipe", status: 204 }))).toBe("deviceWipe200");
  });

  it("falls back to ok for actions without a success message", () => {
    expect(mapCallOutcome({ prefix: "adminList", status: 200 })).toMatchObject({ code: "ok", severity: "success", exit: 0 });
  });
});

describe("mapCallOutcome: envelope code", () => {
  it("prefers a known catalogue code from the envelope", () => {
    expect(codeOf(mapCallOutcome({ prefix: "inviteCreate", status: 400, code: "notEnoughLicenses" }))).toBe("notEnoughLicenses");
    expect(codeOf(mapCallOutcome({ prefix: "adminEdit", status: 404, code: "teamRead404" }))).toBe("teamRead404");
    expect(codeOf(mapCallOutcome({ prefix: "userReset", status: 400, code: "notValidEmailAccount" }))).toBe("notValidEmailAccount");
  });

  it("ignores an envelope code the catalogue does not know", () => {
    expect(codeOf(mapCallOutcome({ prefix: "inviteCreate", status: 409, code: "somethingNew409" }))).toBe("inviteCreate409");
    expect(codeOf(mapCallOutcome({ prefix: "adminEdit", status: 400, code: "toString" }))).toBe("badParameters");
  });
});

describe("mapCallOutcome: every per-action entry is reachable", () => {
  it("maps prefix + status back to each per-action code", () => {
    const unreachable: string[] = [];
    for (const code of CATALOGUE_CODES) {
      const match = /^(.+?)(\d{3})$/.exec(code);
      if (!match) continue;
      const prefix = match[1] ?? "";
      if (!isActionPrefix(prefix)) throw new Error(`bad prefix in ${code}`);
      const result = mapCallOutcome({ prefix, status: Number(match[2]) });
      if (result.code !== code) unreachable.push(code);
    }
    expect(unreachable).toEqual([]);
  });
});
