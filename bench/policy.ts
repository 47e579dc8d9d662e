/**
 * The data behind `npm run bench`'s policy figure (`GET /v2/service/policy`
 * "stays fast with 1,000 teams and 5,000 associations"): teams up to the wanted number, then
 * associations of 2–5 random teams (80 % open, 10 % with closed communications), made with a
 * fixed-seed generator so every run measures the same data; and a service token to call with.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../server/db/types";
import { SERVICE_TOKEN_PREFIX, serviceTokenHash } from "../server/services/identity";

/** What the policy measurement needs: two teams that share an open association, two that share none, and the token. */
export interface PolicyBench {
  allowed: { from: string; to: string };
  denied: { from: string; to: string };
  headers: { authorization: string };
  teams: number;
  associations: number;
}

/** A small deterministic generator (mulberry32): the same associations in every run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Adds teams up to `teamCount` and `associationCount` associations; creates a service token of `rootId`. */
export async function seedPolicyData(
  db: Kysely<Database>,
  rootId: number,
  teamCount = 1_000,
  associationCount = 5_000,
): Promise<PolicyBench> {
  const now = Date.now();
  const existing = (
    await db
      .selectFrom("teams")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;
  const missing = Math.max(0, teamCount - Number(existing));
  for (let start = 0; start < missing; start += 500) {
    const part = Array.from({ length: Math.min(500, missing - start) }, (_, i) => ({
      slug: `policy-${start + i}`,
      teamName: `Policy ${start + i}`,
      createdAt: now,
      updatedAt: now,
    }));
    await db.insertInto("teams").values(part).execute();
  }
  const teams = (await db.selectFrom("teams").select(["id", "slug"]).orderBy("id").execute()).slice(0, teamCount);
  const random = rng(18);
  const pick = () => teams[Math.floor(random() * teams.length)]!;
  const members: { associationId: number; teamId: number }[] = [];
  const sharing = new Set<string>();
  for (let start = 0; start < associationCount; start += 500) {
    const count = Math.min(500, associationCount - start);
    const rows = Array.from({ length: count }, (_, i) => {
      const roll = random();
      const closedCommunications: 0 | 1 = random() < 0.1 ? 1 : 0;
      return {
        uid: randomUUID(),
        name: `Policy association ${start + i}`,
        status: roll < 0.8 ? ("open" as const) : ("closed" as const),
        closedCommunications,
        createdAt: now,
        updatedAt: now,
      };
    });
    const inserted = await db.insertInto("associations").values(rows).returning(["id", "status"]).execute();
    for (const row of inserted) {
      const chosen = new Map<number, string>();
      const size = 2 + Math.floor(random() * 4);
      while (chosen.size < size) {
        const team = pick();
        chosen.set(team.id, team.slug);
      }
      for (const teamId of chosen.keys()) members.push({ associationId: row.id, teamId });
      if (row.status === "open") for (const a of chosen.values()) for (const b of chosen.values()) if (a !== b) sharing.add(`${a} ${b}`);
    }
  }
  for (let start = 0; start < members.length; start += 1_000)
    await db
      .insertInto("associationTeams")
      .values(members.slice(start, start + 1_000))
      .execute();
  const [allowedFrom, allowedTo] = [...sharing][0]!.split(" ") as [string, string];
  let denied: { from: string; to: string } | null = null;
  for (let i = 0; i < 10_000 && !denied; i++) {
    const [a, b] = [pick().slug, pick().slug];
    if (a !== b && !sharing.has(`${a} ${b}`)) denied = { from: a, to: b };
  }
  const token = SERVICE_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  await db
    .insertInto("serviceTokens")
    .values({ name: "bench policy", tokenHash: serviceTokenHash(token), createdBy: rootId, createdAt: now })
    .execute();
  return {
    allowed: { from: allowedFrom, to: allowedTo },
    denied: denied ?? { from: teams[0]!.slug, to: teams[1]!.slug },
    headers: { authorization: `Bearer ${token}` },
    teams: teams.length,
    associations: associationCount,
  };
}
