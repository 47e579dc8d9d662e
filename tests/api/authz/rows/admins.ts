import { sha512Hex } from "../../../../shared/crypto";
import { buildAdmin } from "../../../support/factories";
import type { MatrixFixtures } from "../fixtures";
import { signedIn, type MatrixRow } from "../types";

const password = await sha512Hex("Matr1x!Pass");

/** The object of the admin rows: one more admin of team A (with a password, so it can be activated). */
const objectAdmin = (f: MatrixFixtures) =>
  buildAdmin(f.db, { username: `object-${f.tag}@matrix.test`, firstName: `Obi ${f.tag}`, teams: [f.teamA], passwordHash: "stored-hash" });

/**
 * The administrator endpoints (docs/API.md "Administrators"). root changes every admin; the
 * admin of team A changes admins of team A; the admin of team B cannot see them (404, or 403
 * when creating on team A). The list counts the tagged fixture admins each actor may see.
 */
export const adminsRows: MatrixRow[] = [
  {
    method: "GET",
    route: "/admins",
    request: (f) => ({ url: `/v2/admins?search=${f.tag}` }),
    expect: signedIn(200, 200, 200),
    // root: root, adminA, adminB and team A's revoked, blocked and password-changed admins (the
    // deleted one is gone); team A's admin: itself and those three; team B's: itself.
    count: { root: 6, teamAdmin: 4, otherAdmin: 1 },
    // A root token limited to team A lists team A's admins and its own admin (root), as any caller sees itself.
    tokenCounts: { rootTokenLimited: 5 },
  },
  {
    method: "GET",
    route: "/admin/:uid",
    request: async (f) => ({ url: `/v2/admin/${(await objectAdmin(f)).uid}` }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "POST",
    route: "/admin",
    request: (f) => ({
      url: "/v2/admin",
      body: { username: `new-${f.tag}@matrix.test`, firstName: "New", lastName: "Admin", teams: [f.teamA.slug], password },
    }),
    // A team outside the caller's scope is SPEC's adminCreate403, known or not (no probing: an unknown one answers the same).
    expect: signedIn(200, 200, 403),
  },
  {
    method: "PUT",
    route: "/admin",
    request: async (f) => ({ url: "/v2/admin", body: { uid: (await objectAdmin(f)).uid, lastName: "Renamed" } }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "PUT",
    route: "/admin/teams",
    request: async (f) => ({ url: "/v2/admin/teams", body: { uid: (await objectAdmin(f)).uid, teams: [f.teamA.slug] } }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "PUT",
    route: "/admin/block",
    request: async (f) => ({ url: "/v2/admin/block", body: { uid: (await objectAdmin(f)).uid } }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "PUT",
    route: "/admin/activate",
    request: async (f) => ({ url: "/v2/admin/activate", body: { uid: (await objectAdmin(f)).uid } }),
    expect: signedIn(200, 200, 404),
  },
  // Root only: a lock is lifted by a super administrator (403 for any other admin, before any lookup).
  {
    method: "PUT",
    route: "/admin/unlock",
    request: async (f) => ({ url: "/v2/admin/unlock", body: { uid: (await objectAdmin(f)).uid } }),
    expect: signedIn(200, 403, 403),
  },
  {
    method: "DELETE",
    route: "/admin",
    request: async (f) => ({ url: "/v2/admin", body: { uid: (await objectAdmin(f)).uid } }),
    expect: signedIn(200, 200, 404),
  },
];
