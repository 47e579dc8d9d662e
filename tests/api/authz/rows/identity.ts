import { sha512Hex } from "../../../../shared/crypto";
import { everyone, signedIn, type MatrixRow } from "../types";

const wrongPassword = await sha512Hex("Wr0ng!Password");

/** The identity endpoints (docs/API.md). */
export const identityRows: MatrixRow[] = [
  { method: "GET", route: "/openapi.json", request: () => ({ url: "/v2/openapi.json" }), expect: everyone(200) },
  { method: "GET", route: "/public/settings", request: () => ({ url: "/v2/public/settings" }), expect: everyone(200) },
  { method: "GET", route: "/public/captcha", request: () => ({ url: "/v2/public/captcha" }), expect: everyone(404) },
  {
    method: "POST",
    route: "/public/auth",
    request: (f) => ({ url: "/v2/public/auth", body: { username: f.adminA.username, password: wrongPassword } }),
    expect: everyone(401),
  },
  {
    method: "POST",
    route: "/public/register",
    request: (f) => ({
      url: "/v2/public/register",
      body: {
        username: `new-${f.tag}@matrix.test`,
        name: `New ${f.tag}`,
        first_name: "N",
        last_name: "M",
        lang: "en",
        country: "PT",
        timezone: "UTC",
        captcha: "off",
      },
    }),
    expect: everyone(403),
  },
  {
    method: "POST",
    route: "/public/verify",
    request: () => ({ url: "/v2/public/verify", body: { token: "x".repeat(43) } }),
    expect: everyone(404),
  },
  {
    method: "POST",
    route: "/public/reset",
    request: (f) => ({ url: "/v2/public/reset", body: { username: f.adminA.username } }),
    expect: everyone(200),
  },
  {
    method: "POST",
    route: "/public/confirm",
    request: () => ({ url: "/v2/public/confirm", body: { token: "y".repeat(43), new_password: "a".repeat(128) } }),
    expect: everyone(404),
  },
  { method: "GET", route: "/me", request: () => ({ url: "/v2/me" }), expect: signedIn(200, 200, 200) },
  {
    method: "PUT",
    route: "/me",
    request: () => ({ url: "/v2/me", body: { firstName: "Same", lastName: "Name", lang: "en", timezone: "UTC" } }),
    expect: signedIn(200, 200, 200),
  },
  {
    method: "PUT",
    route: "/me/password",
    request: () => ({ url: "/v2/me/password", body: { password: wrongPassword, new_password: "b".repeat(128) } }),
    expect: signedIn(403, 403, 403),
    permission: "never",
  },
  {
    method: "DELETE",
    route: "/admin/terminate",
    request: () => ({ url: "/v2/admin/terminate", body: { password: wrongPassword } }),
    expect: signedIn(403, 403, 403),
    permission: "never",
  },
];
