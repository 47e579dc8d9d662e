import { describe, expect, it } from "vitest";
import {
  AdminCreateSchema,
  AdminIdsSchema,
  AdminListQuerySchema,
  AdminUidSchema,
  AdminUpdateSchema,
  AssociationCreateSchema,
  DeviceSchema,
  InviteCreateSchema,
  inviteAddressProblem,
  LicenseActivateSchema,
  LicensePurchaseSchema,
  LicenseUpdateSchema,
  ListQuerySchema,
  LocationSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  RegisterSchema,
  SignInSchema,
  TeamCreateSchema,
  TeamDomainsUpdateSchema,
  TeamUpdateSchema,
  TerminateSchema,
  UserCreateSchema,
  UserListQuerySchema,
  UsersBulkSchema,
  UsersMoveSchema,
  V,
  VerifySchema,
  suggestSlug,
} from "../../shared/schemas";

const HASH = "ab".repeat(64);
const HASH2 = "cd".repeat(64);
const UID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`) ?? [];

describe("auth", () => {
  it("signs in with a hashed password only", () => {
    expect(SignInSchema.safeParse({ username: "admin@example.com", password: HASH, browser: "Firefox 140" }).success).toBe(true);
    expect(messagesOf(SignInSchema.safeParse({ username: "admin@example.com", password: "Secret123!" }))).toEqual([
      `password:${V.passwordHash}`,
    ]);
    expect(messagesOf(SignInSchema.safeParse({ username: "admin@example.com", password: HASH, browser: "x".repeat(51) }))).toEqual([
      `browser:${V.tooLong}`,
    ]);
  });

  it("keeps the snake_case registration payload", () => {
    const body = {
      username: "ana@example.com",
      name: "Acme",
      first_name: "Ana",
      last_name: "Silva",
      lang: "pt",
      country: "PT",
      timezone: "Europe/Lisbon",
      captcha: "payload",
    };
    expect(RegisterSchema.safeParse(body).success).toBe(true);
    expect(messagesOf(RegisterSchema.safeParse({ ...body, username: "ana", lang: "fr", firstName: "Ana" }))).toEqual([
      `username:${V.email}`,
      `lang:${V.language}`,
      `:${V.unknownKey}`,
    ]);
  });

  it("verifies a token with an optional new hashed password", () => {
    expect(VerifySchema.safeParse({ token: "abcdefghijklmnopqrstuv" }).success).toBe(true);
    expect(VerifySchema.safeParse({ token: "abcdefghijklmnopqrstuv", new_password: HASH }).success).toBe(true);
    expect(messagesOf(VerifySchema.safeParse({ token: "short", new_password: "plain" }))).toEqual([
      `token:${V.tooShort}`,
      `new_password:${V.passwordHash}`,
    ]);
  });
});

describe("admins", () => {
  const base = { username: "bob@example.com", firstName: "Bob", lastName: "Smith", teams: ["acme"] };

  it("takes exactly one of password or invite", () => {
    expect(AdminCreateSchema.safeParse({ ...base, password: HASH }).success).toBe(true);
    expect(AdminCreateSchema.safeParse({ ...base, invite: true }).success).toBe(true);
    expect(messagesOf(AdminCreateSchema.safeParse(base))).toEqual([`password:${V.passwordOrInvite}`]);
    expect(messagesOf(AdminCreateSchema.safeParse({ ...base, password: HASH, invite: true }))).toEqual([`password:${V.passwordOrInvite}`]);
  });

  it("needs an e-mail to invite and a team unless root", () => {
    expect(messagesOf(AdminCreateSchema.safeParse({ ...base, username: "bob", invite: true }))).toEqual([`username:${V.inviteNeedsEmail}`]);
    expect(messagesOf(AdminCreateSchema.safeParse({ ...base, teams: [], password: HASH }))).toEqual([`teams:${V.adminTeamsRequired}`]);
    expect(AdminCreateSchema.safeParse({ ...base, teams: [], root: true, password: HASH }).success).toBe(true);
    expect(messagesOf(AdminCreateSchema.safeParse({ ...base, teams: ["acme", "acme"], password: HASH }))).toEqual([
      `teams.1:${V.duplicate}`,
    ]);
  });

  it("gives a root no teams, edits only names, language and time zone, and reads list queries", () => {
    expect(messagesOf(AdminCreateSchema.safeParse({ ...base, root: true, password: HASH }))).toEqual([`teams:${V.rootNoTeams}`]);
    expect(AdminUpdateSchema.safeParse({ uid: UID, lang: "pt", timezone: "Europe/Lisbon" }).success).toBe(true);
    expect(messagesOf(AdminUpdateSchema.safeParse({ uid: UID, username: "x" }))).toEqual([`:${V.unknownKey}`]);
    expect(messagesOf(AdminUidSchema.safeParse({ uid: "nope" }))).toEqual([`uid:${V.uid}`]);
    expect(AdminListQuerySchema.parse({})).toMatchObject({ limit: 50, sort: "name", order: "asc" });
    expect(AdminListQuerySchema.parse({ role: "", status: "", team: "", sort: "", order: "", limit: "5" })).toMatchObject({
      limit: 5,
      sort: "name",
      order: "asc",
      role: undefined,
    });
    expect(messagesOf(AdminListQuerySchema.safeParse({ sort: "password" }))).toEqual([`sort:${V.invalidOption}`]);
  });

  it("validates ids, profile, password change and termination", () => {
    expect(AdminIdsSchema.safeParse({ uids: [UID] }).success).toBe(true);
    expect(messagesOf(AdminIdsSchema.safeParse({ uids: [] }))).toEqual([`uids:${V.tooFew}`]);
    expect(ProfileUpdateSchema.safeParse({ firstName: "A", lastName: "B", lang: "es", timezone: "UTC" }).success).toBe(true);
    expect(messagesOf(PasswordChangeSchema.safeParse({ password: HASH, new_password: HASH }))).toEqual([
      `new_password:${V.passwordUnchanged}`,
    ]);
    expect(PasswordChangeSchema.safeParse({ password: HASH, new_password: HASH2 }).success).toBe(true);
    expect(messagesOf(TerminateSchema.safeParse({}))).toEqual([`password:${V.required}`]);
  });
});

describe("users", () => {
  const user = { username: "carol", firstName: "Carol", lastName: "Jones", team: "acme" };

  it("creates with defaults for the flags", () => {
    expect(UserCreateSchema.parse(user)).toEqual({ ...user, ecs: false, sip: false, cellcrypt: false });
    expect(UserCreateSchema.safeParse({ ...user, password: HASH, aliases: ["carol.j", "cj@example.com"], sip: true }).success).toBe(true);
  });

  it("requires an e-mail username when created via e-mail", () => {
    expect(messagesOf(UserCreateSchema.safeParse({ ...user, viaEmail: true }))).toEqual([`username:${V.email}`]);
    expect(UserCreateSchema.safeParse({ ...user, username: "carol@example.com", viaEmail: true }).success).toBe(true);
  });

  it("bounds bulk actions to 1..10000 distinct uids", () => {
    expect(UsersBulkSchema.safeParse({ uids: [UID] }).success).toBe(true);
    expect(messagesOf(UsersBulkSchema.safeParse({ uids: [UID, UID] }))).toEqual([`uids.1:${V.duplicate}`]);
    expect(messagesOf(UsersBulkSchema.safeParse({ uids: ["x"] }))).toEqual([`uids.0:${V.uid}`]);
    const many = Array.from({ length: 10_001 }, () => crypto.randomUUID());
    expect(messagesOf(UsersBulkSchema.safeParse({ uids: many }))).toEqual([`uids:${V.tooMany}`]);
    expect(messagesOf(UsersMoveSchema.safeParse({ uids: [UID], team: "Bad Team" }))).toEqual([`team:${V.slug}`]);
  });

  it("parses list queries from query strings", () => {
    const query = UserListQuerySchema.parse({ limit: "20", platform: "12", ecs: "false", sort: "lastSeen", order: "desc", utm: "x" });
    expect(query).toEqual({ limit: 20, platform: 12, ecs: false, sort: "lastSeen", order: "desc" });
    expect(UserListQuerySchema.parse({})).toEqual({ limit: 50, sort: "name", order: "asc" });
    expect(messagesOf(UserListQuerySchema.safeParse({ limit: "201", platform: "3", sort: "age", status: "gone" }))).toEqual([
      `limit:${V.tooBig}`,
      `status:${V.invalidOption}`,
      `platform:${V.platform}`,
      `sort:${V.invalidOption}`,
    ]);
    expect(messagesOf(ListQuerySchema.safeParse({ limit: "0", cursor: "a b" }))).toEqual([`limit:${V.tooSmall}`, `cursor:${V.cursor}`]);
  });
});

describe("devices", () => {
  it("caps device and location fields at their SPEC §9 lengths", () => {
    const device = { id: UID, platform: 1, appVersion: "5.0.1 (42)", deviceName: "Pixel", deviceToken: "t", osVersion: "14" };
    expect(DeviceSchema.safeParse(device).success).toBe(true);
    expect(
      messagesOf(DeviceSchema.safeParse({ ...device, platform: 4, deviceName: "x".repeat(31), deviceToken: "x".repeat(301) })),
    ).toEqual([`platform:${V.platform}`, `deviceName:${V.tooLong}`, `deviceToken:${V.tooLong}`]);
    expect(LocationSchema.safeParse({ city: "Lisboa", country: "PRT", geocountry: "Portugal", ip: "10.0.0.1" }).success).toBe(true);
    expect(messagesOf(LocationSchema.safeParse({ city: "x".repeat(129), geocountry: "x".repeat(21) }))).toEqual([
      `city:${V.tooLong}`,
      `geocountry:${V.tooLong}`,
    ]);
  });
});

describe("invites", () => {
  const invite = { type: "email", addresses: ["a@example.com", "b@example.com"], team: "acme", lang: "en" };

  it("takes exactly {team, type, addresses, lang, matchUser, directSignIn, pack?}", () => {
    expect(InviteCreateSchema.parse(invite)).toMatchObject({ matchUser: false, directSignIn: false });
    expect(InviteCreateSchema.safeParse({ ...invite, pack: UID, matchUser: true, directSignIn: true }).success).toBe(true);
    expect(messagesOf(InviteCreateSchema.safeParse({ ...invite, addresses: [] }))).toEqual([`addresses:${V.tooFew}`]);
    expect(messagesOf(InviteCreateSchema.safeParse({ ...invite, addresses: ["a@example.com", "a@example.com"] }))).toEqual([
      `addresses.1:${V.duplicate}`,
    ]);
    expect(messagesOf(InviteCreateSchema.safeParse({ ...invite, type: "sms" }))).toEqual([`type:${V.invalidOption}`]);
    expect(messagesOf(InviteCreateSchema.safeParse({ ...invite, recipients: ["a@example.com"] }))).toEqual([`:${V.unknownKey}`]);
    expect(
      InviteCreateSchema.safeParse({ ...invite, addresses: Array.from({ length: 10_000 }, (_, i) => `u${i}@example.com`) }).success,
    ).toBe(true);
    expect(
      messagesOf(InviteCreateSchema.safeParse({ ...invite, addresses: Array.from({ length: 10_001 }, (_, i) => `u${i}@example.com`) })),
    ).toEqual([`addresses:${V.tooMany}`]);
  });

  it("checks each address against the invite type one by one (a per-address failure, not a refusal)", () => {
    expect(InviteCreateSchema.safeParse({ ...invite, addresses: ["a@example.com", "handle"] }).success).toBe(true);
    expect(inviteAddressProblem("email", "a@example.com")).toBeNull();
    expect(inviteAddressProblem("email", "handle")).toBe("notValidEmailAccount");
    expect(inviteAddressProblem("handle", "agent_007")).toBeNull();
    expect(inviteAddressProblem("handle", "bad handle")).toBe("inviteCreate406");
  });
});

describe("licenses", () => {
  it("purchases with exactly {team, licenseType, licenseCount, termMonths}", () => {
    const body = { team: "acme", licenseType: "subscription", licenseCount: 25, termMonths: 12 };
    expect(LicensePurchaseSchema.safeParse(body).success).toBe(true);
    expect(messagesOf(LicensePurchaseSchema.safeParse({ ...body, termMonths: 6 }))).toEqual([`termMonths:${V.invalidOption}`]);
    expect(messagesOf(LicensePurchaseSchema.safeParse({ ...body, licenseType: "forever" }))).toEqual([`licenseType:${V.invalidOption}`]);
    expect(messagesOf(LicensePurchaseSchema.safeParse({ ...body, licenseCount: 0 }))).toEqual([`licenseCount:${V.tooSmall}`]);
    expect(messagesOf(LicensePurchaseSchema.safeParse({ ...body, licenseCount: 10_000_000_000 }))).toEqual([`licenseCount:${V.tooBig}`]);
    expect(messagesOf(LicensePurchaseSchema.safeParse({ ...body, days: 3 }))).toEqual([`:${V.unknownKey}`]);
  });

  it("activates with {token, team?}; the token is trimmed", () => {
    expect(LicenseActivateSchema.parse({ token: "  eyJ2IjoxfQ.c2lnbmF0dXJlc2ln \n" })).toEqual({ token: "eyJ2IjoxfQ.c2lnbmF0dXJlc2ln" });
    expect(LicenseActivateSchema.safeParse({ token: "eyJ2IjoxfQ.c2lnbmF0dXJlc2ln", team: "acme" }).success).toBe(true);
    expect(messagesOf(LicenseActivateSchema.safeParse({ token: "eyJ2 IjoxfQ.c2lnbmF0dXJl" }))).toEqual([`token:${V.token}`]);
  });

  it("extends, expires or distributes", () => {
    expect(LicenseUpdateSchema.safeParse({ action: "extend", id: UID, days: 30 }).success).toBe(true);
    expect(LicenseUpdateSchema.safeParse({ action: "expire", id: UID }).success).toBe(true);
    expect(LicenseUpdateSchema.safeParse({ action: "distribute", id: UID, team: "beta", licenseCount: 5 }).success).toBe(true);
    expect(messagesOf(LicenseUpdateSchema.safeParse({ action: "extend", id: UID, days: 0 }))).toEqual([`days:${V.tooSmall}`]);
    expect(messagesOf(LicenseUpdateSchema.safeParse({ action: "extend", id: UID, days: 3651 }))).toEqual([`days:${V.tooBig}`]);
    expect(messagesOf(LicenseUpdateSchema.safeParse({ action: "steal", id: UID }))).toEqual([`action:${V.invalidOption}`]);
  });
});

describe("associations", () => {
  it("needs a name and at least two distinct teams", () => {
    const body = { name: "Partners", status: "open", closedCommunications: false, teams: ["acme", "beta"] };
    expect(AssociationCreateSchema.safeParse(body).success).toBe(true);
    expect(messagesOf(AssociationCreateSchema.safeParse({ ...body, name: " ", status: "ajar", teams: ["acme"] }))).toEqual([
      `name:${V.required}`,
      `status:${V.invalidOption}`,
      `teams:${V.tooFew}`,
    ]);
  });
});

describe("teams", () => {
  const team = {
    teamName: "Acme Corp",
    domains: ["acme.com", "Acme.PT"],
    institution: "Acme Holdings",
    notes: "Key account",
    contactEmail: { finance: "fin@acme.com", support: "help@acme.com" },
    city: "Lisboa",
    country: "PT",
    language: "pt",
    timezone: "Europe/Lisbon",
    customSettings: { security: { otpLength: 8 } },
    emailTheme: { name: "default", primaryColor: "#0a66c2", logoUrl: "https://acme.com/logo.png" },
    authentication: {
      oauthClientId: "client",
      tenantId: "72f988bf-86f1-41af-91ab-2d7cd011db47",
      discovery: "https://login.example.com/.well-known/openid-configuration",
      version: "v2.0",
      azureAdSync: true,
      certRevocation: "ocsp_crl",
    },
  };

  it("accepts every team field and normalizes domains", () => {
    const parsed = TeamCreateSchema.parse(team);
    expect(parsed.domains).toEqual(["acme.com", "acme.pt"]);
  });

  it("enforces the SPEC §9 lengths and field rules", () => {
    const bad = {
      teamName: "x".repeat(321),
      institution: "x".repeat(129),
      notes: "x".repeat(1001),
      city: "x".repeat(129),
      contactEmail: { operations: "nope" },
      country: "Portugal",
      customSettings: { security: { otpLength: 0 } },
    };
    expect(messagesOf(TeamCreateSchema.safeParse(bad))).toEqual([
      `teamName:${V.tooLong}`,
      `institution:${V.tooLong}`,
      `notes:${V.tooLong}`,
      `contactEmail.operations:${V.email}`,
      `city:${V.tooLong}`,
      `country:${V.tooLong}`,
      `customSettings.security.otpLength:${V.tooSmall}`,
    ]);
  });

  it("rejects bad authentication and theme settings", () => {
    const bad = { ...team, emailTheme: { name: "x", primaryColor: "blue" }, authentication: { azureAdSync: true, certRevocation: "crl" } };
    expect(messagesOf(TeamCreateSchema.safeParse(bad))).toEqual([
      `emailTheme.primaryColor:${V.color}`,
      `authentication.certRevocation:${V.invalidOption}`,
    ]);
    const noTenant = { ...team, authentication: { azureAdSync: true, certRevocation: "ocsp" } };
    expect(messagesOf(TeamCreateSchema.safeParse(noTenant))).toEqual([`authentication.azureAdSync:${V.azureAdSyncNeedsTenant}`]);
  });

  it("identifies the team by slug on update", () => {
    expect(TeamUpdateSchema.safeParse({ slug: "acme", notes: "" }).success).toBe(true);
    expect(messagesOf(TeamUpdateSchema.safeParse({ notes: "x" }))).toEqual([`slug:${V.required}`]);
  });

  it("changes domains only with a password hash", () => {
    expect(TeamDomainsUpdateSchema.safeParse({ slug: "acme", domains: ["acme.com"], password: HASH }).success).toBe(true);
    expect(messagesOf(TeamDomainsUpdateSchema.safeParse({ slug: "acme", domains: ["acme.com", "ACME.com"] }))).toEqual([
      `domains.1:${V.duplicate}`,
      `password:${V.required}`,
    ]);
  });

  it("suggests valid slugs from names", () => {
    expect(suggestSlug("Açme Côrp & Sons!")).toBe("acme-corp-sons");
    expect(suggestSlug("x")).toBe("");
    expect(suggestSlug("!!!")).toBe("");
    expect(suggestSlug("word ".repeat(40)).length).toBeLessThanOrEqual(64);
  });
});
