/**
 * The world the fuzzer acts on: two admin actors (root, and the admin of team A) with bearer
 * tokens, a service token for /v2/service/*, and objects the generated bodies refer to (teams,
 * other admins, users with aliases, devices). A mutating call may break it (root blocks or
 * deletes the team admin, renames team A, revokes the service token…): `intact()` notices and
 * the suite builds a new one, so destructive routes are fuzzed on the actors themselves too.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "../../../server/config";
import type { Database, Row } from "../../../server/db/types";
import { serviceTokenHash } from "../../../server/services/serviceTokens";
import { bearerFor, buildAdmin, buildDevice, buildTeam, buildUser } from "../../support/factories";
import type { KnownKind, KnownRef } from "./json";
import type { FuzzActor } from "./requests";

/** One fuzzing world and the known values generated bodies may reference. */
export interface World {
  tag: string;
  headers: Record<FuzzActor, string>;
  known: Record<KnownKind, (string | number)[]>;
  root: Row<"admins">;
  teamAdmin: Row<"admins">;
  teamA: Row<"teams">;
  serviceTokenId: number;
}

/** Builds a fresh world in one transaction (one commit, not thirty); names carry a new tag so worlds never collide. */
export function buildWorld(db: Kysely<Database>, config: Config): Promise<World> {
  return db.transaction().execute((trx) => populate(trx, config));
}

async function populate(db: Kysely<Database>, config: Config): Promise<World> {
  const tag = randomBytes(4).toString("hex");
  const teamA = await buildTeam(db, { teamName: `Fuzz A ${tag}`, slug: `fuzz-a-${tag}` });
  const teamB = await buildTeam(db, { teamName: `Fuzz B ${tag}`, slug: `fuzz-b-${tag}` });
  const teamC = await buildTeam(db, { teamName: `Fuzz C ${tag}`, slug: `fuzz-c-${tag}` });
  // No passwords: a fuzzed password change or termination can never succeed, and no call spends argon2 time on them.
  const root = await buildAdmin(db, { role: "root", username: `fz-root-${tag}@fuzz.test` });
  const teamAdmin = await buildAdmin(db, { username: `fz-admin-a-${tag}@fuzz.test`, teams: [teamA] });
  const others = [
    await buildAdmin(db, { username: `fz-other-a-${tag}@fuzz.test`, teams: [teamA, teamB], passwordHash: "stored-hash" }),
    await buildAdmin(db, { username: `fz-admin-b-${tag}@fuzz.test`, teams: [teamB] }),
    await buildAdmin(db, { username: `fz-blocked-${tag}@fuzz.test`, teams: [teamA], status: "blocked" }),
    await buildAdmin(db, { username: `fz-invited-${tag}`, teams: [teamA], status: "invited" }),
  ];
  const users = [
    await buildUser(db, { team: teamA, username: `fz-u1-${tag}@fuzz.test`, aliases: [`alias-${tag}`] }),
    await buildUser(db, { team: teamA, username: `fz-u2-${tag}`, status: "blocked" }),
    await buildUser(db, { team: teamB, username: `fz-u3-${tag}@fuzz.test`, status: "pending" }),
    await buildUser(db, { team: teamC, username: `fz-u4-${tag}@fuzz.test` }),
  ];
  const devices = [
    await buildDevice(db, users[0] as Row<"users">, { location: { city: "Lisboa", country: "PT", ip: "192.0.2.1" } }),
    await buildDevice(db, users[0] as Row<"users">, { platform: 2, deviceToken: `fz-token-${tag}` }),
    await buildDevice(db, users[2] as Row<"users">, { platform: 12, wipeRequestedAt: Date.now() }),
  ];
  const serviceToken = `bws_${randomBytes(32).toString("base64url")}`;
  const now = Date.now();
  const insertToken = (name: string, token: string) =>
    db.insertInto("serviceTokens").values({ name, tokenHash: serviceTokenHash(token), createdBy: root.id, createdAt: now }).returning("id").executeTakeFirstOrThrow();
  const actorToken = await insertToken(`fuzz ${tag}`, serviceToken);
  const spareToken = await insertToken(`fuzz spare ${tag}`, `bws_${randomBytes(32).toString("base64url")}`);
  const admins = [root, teamAdmin, ...others];
  return {
    tag,
    headers: { root: await bearerFor(config, root), teamAdmin: await bearerFor(config, teamAdmin), service: `Bearer ${serviceToken}` },
    known: {
      adminUid: admins.map((a) => a.uid),
      userUid: users.map((u) => u.uid),
      anyUid: [...admins.map((a) => a.uid), ...users.map((u) => u.uid)],
      deviceUid: devices.map((d) => d.uid),
      slug: [teamA.slug, teamB.slug, teamC.slug],
      username: [...admins.map((a) => a.username), ...users.map((u) => u.username)],
      serviceTokenId: [spareToken.id, actorToken.id],
    },
    root,
    teamAdmin,
    teamA,
    serviceTokenId: actorToken.id,
  };
}

/** The value a reference names in this world. */
export function resolveIn(world: World, ref: KnownRef): string | number | undefined {
  const pool = world.known[ref.kind];
  return pool.length ? pool[ref.index % pool.length] : undefined;
}

/**
 * Whether the world still works as built: both actors active with the same token version, the
 * team admin still on team A, the service token not revoked, and every known object still there.
 */
export async function intact(db: Kysely<Database>, world: World): Promise<boolean> {
  const admins = await db.selectFrom("admins").select(["id", "status", "tokenVersion"]).where("uid", "in", world.known.adminUid as string[]).execute();
  if (admins.length !== world.known.adminUid.length) return false;
  for (const actor of [world.root, world.teamAdmin]) {
    const row = admins.find((a) => a.id === actor.id);
    if (!row || row.status !== "active" || row.tokenVersion !== actor.tokenVersion) return false;
  }
  const link = await db.selectFrom("adminTeams").select("adminId").where("adminId", "=", world.teamAdmin.id).where("teamId", "=", world.teamA.id).executeTakeFirst();
  const token = await db.selectFrom("serviceTokens").select("revokedAt").where("id", "=", world.serviceTokenId).executeTakeFirst();
  const count = async (table: "users" | "devices", column: "uid", values: (string | number)[]) =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).where(column, "in", values as string[]).executeTakeFirstOrThrow()).n);
  const teams = await db.selectFrom("teams").select("id").where("slug", "in", world.known.slug as string[]).execute();
  return (
    link !== undefined &&
    token !== undefined &&
    token.revokedAt === null &&
    teams.length === world.known.slug.length &&
    (await count("users", "uid", world.known.userUid)) === world.known.userUid.length &&
    (await count("devices", "uid", world.known.deviceUid)) === world.known.deviceUid.length
  );
}
