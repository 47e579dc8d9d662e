import { buildPack } from "../../../support/factories";
import type { MatrixFixtures } from "../fixtures";
import { signedIn, type MatrixRow } from "../types";

/** A pack of teamA (the object's team). */
const packA = (f: MatrixFixtures) => buildPack(f.db, { team: f.teamA });

/**
 * The license endpoints. Reading is scoped: teamA's admin sees teamA's packs and seats,
 * the other admin gets 404 (existence hidden) or an empty filtered list. Purchase: admins may buy
 * for their own teams (403 for another team). Extend / expire / distribute and token validation
 * are root-only (403 for any admin). The list filters by the fixture's team: root and teamA's
 * admin count 1, the other admin 0.
 */
export const licensesRows: MatrixRow[] = [
  {
    method: "GET",
    route: "/licenses",
    request: async (f) => {
      await packA(f);
      await buildPack(f.db, { team: f.teamB });
      return { url: `/v2/licenses?team=${f.teamA.slug}` };
    },
    expect: signedIn(200, 200, 200),
    count: { root: 1, teamAdmin: 1, otherAdmin: 0 },
  },
  { method: "GET", route: "/license/prices", request: () => ({ url: "/v2/license/prices" }), expect: signedIn(200, 200, 200) },
  {
    method: "GET",
    route: "/license/:id",
    request: async (f) => ({ url: `/v2/license/${(await packA(f)).uid}` }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "POST",
    route: "/license",
    request: (f) => ({ url: "/v2/license", body: { team: f.teamA.slug, licenseType: "subscription", licenseCount: 5, termMonths: 12 } }),
    expect: signedIn(200, 200, 403),
  },
  {
    method: "POST",
    route: "/license/validate",
    request: () => ({ url: "/v2/license/validate", body: { token: "eyJ2IjoxfQ.bm90LWEtc2lnbmF0dXJl" } }),
    expect: signedIn(200, 403, 403),
  },
  {
    method: "PUT",
    route: "/license",
    request: async (f) => ({ url: "/v2/license", body: { id: (await packA(f)).uid, action: "extend", days: 30 } }),
    expect: signedIn(200, 403, 403),
  },
  {
    method: "GET",
    route: "/teams/:slug/seats",
    request: (f) => ({ url: `/v2/teams/${f.teamA.slug}/seats` }),
    expect: signedIn(200, 200, 404),
  },
];
