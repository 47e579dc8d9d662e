import { signedIn, type MatrixRow } from "../types";

/**
 * The access-token endpoints (docs/API.md "Access tokens"): sessions only (every token gets 403).
 * An admin manages their own tokens; root any admin's; team B's admin cannot see or revoke team
 * A's admin's (403 naming another admin, 404 for a token id), nor limit a token to team A (404).
 * Team A's admin has the fixture's five tokens.
 */
export const tokensRows: MatrixRow[] = [
  {
    method: "POST",
    route: "/tokens",
    request: (f) => ({ url: "/v2/tokens", body: { name: `matrix ${f.tag}`, permissions: ["read"], teams: [f.teamA.slug] } }),
    expect: signedIn(201, 201, 404),
    permission: "never",
  },
  {
    method: "GET",
    route: "/tokens",
    request: (f) => ({ url: `/v2/tokens?admin=${f.adminA.uid}` }),
    expect: signedIn(200, 200, 403),
    count: { root: 5, teamAdmin: 5 },
    permission: "never",
  },
  {
    method: "DELETE",
    route: "/tokens/:id",
    request: (f) => ({ url: `/v2/tokens/${f.adminATokens[0]}` }),
    expect: signedIn(200, 200, 404),
    permission: "never",
  },
  {
    method: "DELETE",
    route: "/tokens",
    request: (f) => ({ url: `/v2/tokens?admin=${f.adminA.uid}&all=true` }),
    expect: signedIn(200, 200, 403),
    permission: "never",
  },
];
