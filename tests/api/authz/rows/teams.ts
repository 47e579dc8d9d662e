import { signedIn, type MatrixRow } from "../types";

/**
 * The teams endpoints (docs/API.md). teamA is the object's team: its admin may read and edit it,
 * the other admin gets the same 404 as for an unknown team; create and delete are root only.
 * The list searches the fixture tag, so root counts teamA and teamB, each admin their own.
 */
export const teamsRows: MatrixRow[] = [
  {
    method: "GET",
    route: "/teams",
    request: (f) => ({ url: `/v2/teams?search=${f.tag}` }),
    expect: signedIn(200, 200, 200),
    count: { root: 2, teamAdmin: 1, otherAdmin: 1 },
  },
  { method: "GET", route: "/team/:slug", request: (f) => ({ url: `/v2/team/${f.teamA.slug}` }), expect: signedIn(200, 200, 404) },
  {
    method: "POST",
    route: "/team",
    request: (f) => ({ url: "/v2/team", body: { teamName: `New ${f.tag}` } }),
    expect: signedIn(200, 403, 403),
  },
  {
    method: "PUT",
    route: "/team",
    request: (f) => ({ url: "/v2/team", body: { slug: f.teamA.slug, notes: `Edited ${f.tag}` } }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "DELETE",
    route: "/team",
    request: (f) => ({ url: "/v2/team", body: { slug: f.teamA.slug } }),
    expect: signedIn(200, 403, 403),
  },
  {
    method: "PUT",
    route: "/team/settings",
    request: (f) => ({ url: "/v2/team/settings", body: { slug: f.teamA.slug, customSettings: { security: { otpLength: 8 } } } }),
    expect: signedIn(200, 200, 404),
  },
];
