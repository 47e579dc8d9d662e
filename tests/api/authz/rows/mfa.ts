import { buildAdmin } from "../../../support/factories";
import { everyone, signedIn, type MatrixRow } from "../types";

/** An admin's own second factors and the sign-in second step (issue #29): sessions and sign-in tokens only. */
export const mfaRows: MatrixRow[] = [
  {
    method: "POST",
    route: "/public/auth/mfa",
    request: () => ({ url: "/v2/public/auth/mfa", body: { challenge: "z".repeat(43), code: "123456" } }),
    expect: everyone(410),
  },
  { method: "GET", route: "/me/mfa", request: () => ({ url: "/v2/me/mfa" }), expect: signedIn(200, 200, 200), permission: "never" },
  {
    method: "POST",
    route: "/me/mfa/totp",
    request: () => ({ url: "/v2/me/mfa/totp", body: {} }),
    expect: signedIn(200, 200, 200),
    permission: "never",
  },
  {
    method: "POST",
    route: "/me/mfa/totp/confirm",
    request: () => ({ url: "/v2/me/mfa/totp/confirm", body: { code: "123456" } }),
    expect: signedIn(404, 404, 404),
    permission: "never",
  },
  {
    method: "DELETE",
    route: "/me/mfa/totp",
    request: () => ({ url: "/v2/me/mfa/totp", body: { code: "123456" } }),
    expect: signedIn(404, 404, 404),
    permission: "never",
  },
  {
    method: "POST",
    route: "/me/mfa/recovery-codes",
    request: () => ({ url: "/v2/me/mfa/recovery-codes", body: { code: "123456" } }),
    expect: signedIn(404, 404, 404),
    permission: "never",
  },
  {
    // Sudo mode's re-authentication: a wrong password for everyone signed in (sessions and sign-in tokens only).
    method: "POST",
    route: "/me/reauth",
    request: () => ({ url: "/v2/me/reauth", body: { password: "0".repeat(128) } }),
    expect: signedIn(403, 403, 403),
    permission: "never",
  },
  {
    method: "POST",
    route: "/admin/mfa/reset",
    request: async (f) => ({
      url: "/v2/admin/mfa/reset",
      body: { uid: (await buildAdmin(f.db, { username: `mfa-${f.tag}@matrix.test`, teams: [f.teamA] })).uid },
    }),
    expect: signedIn(200, 403, 403),
    permission: "never",
  },
];
