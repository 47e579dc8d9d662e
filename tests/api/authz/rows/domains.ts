import { randomUUID } from "node:crypto";
import { signedIn, type MatrixRow } from "../types";

/** A well-formed password hash that is nobody's password. */
const wrongPassword = "c".repeat(128);

/** Creates an association of teamA and teamB directly, so edit and delete have an object to act on. */
async function association(f: Parameters<MatrixRow["request"]>[0]): Promise<string> {
  const uid = randomUUID();
  const now = Date.now();
  const row = await f.db
    .insertInto("associations")
    .values({ uid, name: `Matrix ${f.tag}`, status: "open", createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await f.db
    .insertInto("associationTeams")
    .values([
      { associationId: row.id, teamId: f.teamA.id },
      { associationId: row.id, teamId: f.teamB.id },
    ])
    .execute();
  return uid;
}

/**
 * Domain white-lists and company associations: root only. Admins, even of the team,
 * get 403 before anything is looked up or any password checked; root with a wrong password gets
 * the domains' 400 (the right one is shown in tests/api/domains.test.ts).
 */
export const domainsRows: MatrixRow[] = [
  {
    method: "GET",
    route: "/domains",
    request: (f) => ({ url: `/v2/domains?search=${f.tag}` }),
    expect: signedIn(200, 403, 403),
    count: { root: 2 },
  },
  {
    method: "PUT",
    route: "/team/domains",
    request: (f) => ({ url: "/v2/team/domains", body: { slug: f.teamA.slug, domains: [`m-${f.tag}.example`], password: wrongPassword } }),
    expect: signedIn(400, 403, 403),
  },
  {
    method: "DELETE",
    route: "/team/domains",
    request: (f) => ({ url: "/v2/team/domains", body: { slug: f.teamA.slug, domains: [`m-${f.tag}.example`], password: wrongPassword } }),
    expect: signedIn(400, 403, 403),
  },
  { method: "GET", route: "/associations", request: (f) => ({ url: `/v2/associations?search=${f.tag}` }), expect: signedIn(200, 403, 403) },
  {
    method: "GET",
    route: "/association/:id",
    request: async (f) => ({ url: `/v2/association/${await association(f)}` }),
    expect: signedIn(200, 403, 403),
  },
  {
    method: "POST",
    route: "/association",
    request: (f) => ({
      url: "/v2/association",
      body: { name: `New ${f.tag}`, teams: [f.teamA.slug, f.teamB.slug], status: "open", closedCommunications: false },
    }),
    expect: signedIn(200, 403, 403),
  },
  {
    method: "PUT",
    route: "/association",
    request: async (f) => ({ url: "/v2/association", body: { id: await association(f), status: "closed" } }),
    expect: signedIn(200, 403, 403),
  },
  {
    method: "DELETE",
    route: "/association",
    request: async (f) => ({ url: "/v2/association", body: { id: await association(f) } }),
    expect: signedIn(200, 403, 403),
  },
];
