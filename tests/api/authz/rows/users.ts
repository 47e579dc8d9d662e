import type { Row } from "../../../../server/db/types";
import { buildDevice, buildPack, buildUser } from "../../../support/factories";
import type { MatrixFixtures } from "../fixtures";
import { signedIn, type MatrixRow } from "../types";

/** A user of teamA (the object's team), named with the fixture tag, with an e-mail username. */
const userA = (f: MatrixFixtures): Promise<Row<"users">> =>
  buildUser(f.db, { team: f.teamA, firstName: `Una ${f.tag}`, username: `una-${f.tag}@matrix.test` });

/** The same body for every bulk call on teamA's user; another team's admin gets it back as failed (200). */
const bulk = async (f: MatrixFixtures) => ({ uids: [(await userA(f)).uid] });

/** A device of a teamA user, as the device calls address it. */
const device = async (f: MatrixFixtures) => {
  const user = await userA(f);
  return { uid: user.uid, deviceId: (await buildDevice(f.db, user)).uid };
};

/**
 * The users and devices endpoints (docs/API.md). teamA's admin acts on teamA's users; the other
 * admin gets the 404 of an unknown user, 502 creating in teamA, 403 moving into teamA, and
 * bulk calls answer 200 with the out-of-scope ids as failed items. The list searches the fixture
 * tag: one user in each team, so root counts 2 and each admin 1.
 */
export const usersRows: MatrixRow[] = [
  {
    method: "GET",
    route: "/users",
    request: async (f) => {
      await userA(f);
      await buildUser(f.db, { team: f.teamB, firstName: `Ugo ${f.tag}` });
      return { url: `/v2/users?search=${f.tag}` };
    },
    expect: signedIn(200, 200, 200),
    count: { root: 2, teamAdmin: 1, otherAdmin: 1 },
  },
  {
    method: "GET",
    route: "/user/:uid",
    request: async (f) => ({ url: `/v2/user/${(await userA(f)).uid}` }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "POST",
    route: "/user",
    request: async (f) => {
      await buildPack(f.db, { team: f.teamA, licenseCount: 1 });
      return { url: "/v2/user", body: { username: `new-${f.tag}@matrix.test`, firstName: "New", lastName: f.tag, team: f.teamA.slug } };
    },
    // A team outside the caller's scope is answered as an unknown one (no probing).
    expect: signedIn(200, 200, 501),
  },
  {
    method: "PUT",
    route: "/user",
    request: async (f) => ({ url: "/v2/user", body: { uid: (await userA(f)).uid, lastName: "Edited" } }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "POST",
    route: "/user/reset",
    request: async (f) => ({ url: "/v2/user/reset", body: { uid: (await userA(f)).uid } }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "PUT",
    route: "/users/block",
    request: async (f) => ({ url: "/v2/users/block", body: await bulk(f) }),
    expect: signedIn(200, 200, 200),
  },
  {
    method: "PUT",
    route: "/users/activate",
    request: async (f) => ({ url: "/v2/users/activate", body: await bulk(f) }),
    expect: signedIn(200, 200, 200),
  },
  {
    method: "PUT",
    route: "/users/move",
    request: async (f) => ({ url: "/v2/users/move", body: { ...(await bulk(f)), team: f.teamA.slug } }),
    expect: signedIn(200, 200, 404),
  },
  {
    method: "POST",
    route: "/users/bulk/review",
    request: async (f) => ({ url: "/v2/users/bulk/review", body: { action: "block", ...(await bulk(f)) } }),
    // Like the action it reviews: the other admin gets the out-of-scope user back as refused (200).
    expect: signedIn(200, 200, 200),
  },
  { method: "DELETE", route: "/users", request: async (f) => ({ url: "/v2/users", body: await bulk(f) }), expect: signedIn(200, 200, 200) },
  {
    method: "PUT",
    route: "/device/wipe",
    request: async (f) => ({ url: "/v2/device/wipe", body: await device(f) }),
    expect: signedIn(200, 200, 404),
    // Sudo mode (issue #29): a wipe is made by a token only with `full` (tokens cannot re-authenticate).
    tokens: { tokenUsers: 403 },
  },
  {
    method: "DELETE",
    route: "/device",
    request: async (f) => ({ url: "/v2/device", body: await device(f) }),
    expect: signedIn(200, 200, 404),
  },
];
