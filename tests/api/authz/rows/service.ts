import { randomBytes, randomUUID } from "node:crypto";
import { serviceTokenHash } from "../../../../server/services/identity/serviceTokens";
import { everyone, signedIn, type MatrixRow } from "../types";

/**
 * The service API and its tokens (docs/API.md "Service API"). Service routes accept a service
 * token only, so every admin actor (and nobody) gets 401; tokens are managed by root alone.
 * tests/api/service.test.ts shows a valid service token getting 200 on the same routes.
 */
export const serviceRows: MatrixRow[] = [
  {
    method: "GET",
    route: "/service-tokens",
    request: () => ({ url: "/v2/service-tokens" }),
    expect: signedIn(200, 403, 403),
    permission: "never",
  },
  {
    method: "POST",
    route: "/service-tokens",
    request: (f) => ({ url: "/v2/service-tokens", body: { name: `matrix ${f.tag}` } }),
    expect: signedIn(200, 403, 403),
    permission: "never",
  },
  {
    method: "DELETE",
    route: "/service-tokens",
    request: async (f) => {
      const hash = serviceTokenHash(`bws_${randomBytes(32).toString("base64url")}`);
      const row = await f.db
        .insertInto("serviceTokens")
        .values({ name: `matrix ${f.tag}`, tokenHash: hash, createdBy: f.root.id, createdAt: Date.now() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { url: "/v2/service-tokens", body: { id: row.id } };
    },
    expect: signedIn(200, 403, 403),
    permission: "never",
  },
  {
    method: "POST",
    route: "/service/devices",
    request: (f) => ({ url: "/v2/service/devices", body: { user: f.adminA.username, device: { token: `t-${f.tag}`, platform: 1 } } }),
    expect: everyone(401),
  },
  { method: "GET", route: "/service/wipes", request: () => ({ url: "/v2/service/wipes" }), expect: everyone(401) },
  { method: "GET", route: "/service/settings", request: () => ({ url: "/v2/service/settings" }), expect: everyone(401) },
  {
    method: "GET",
    route: "/service/apps/check",
    request: () => ({ url: "/v2/service/apps/check?platform=1&version=5.1.0" }),
    expect: everyone(401),
  },
  {
    method: "GET",
    route: "/service/policy",
    request: (f) => ({ url: `/v2/service/policy?from=${f.teamA.slug}&to=${f.teamB.slug}` }),
    expect: everyone(401),
  },
  {
    method: "POST",
    route: "/service/invites/redeem",
    request: () => ({ url: "/v2/service/invites/redeem", body: { code: "ABCDEFGH", username: "someone@example.com" } }),
    expect: everyone(401),
  },
  {
    method: "POST",
    route: "/service/users/password",
    request: () => ({ url: "/v2/service/users/password", body: { token: "A".repeat(43), password: "a".repeat(128) } }),
    expect: everyone(401),
  },
  {
    method: "POST",
    route: "/service/wipes/ack",
    request: () => ({ url: "/v2/service/wipes/ack", body: { device: randomUUID() } }),
    expect: everyone(401),
  },
];
