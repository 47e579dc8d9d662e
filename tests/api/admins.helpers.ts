/**
 * Shared set-up of the administrator API suites: a tagged world of teams and admins per test, a
 * bearer token per admin (signed the way sign-in signs them), and small request helpers.
 */
import { randomBytes } from "node:crypto";
import type { Row } from "../../server/db/types";
import { bearerFor, buildAdmin, buildTeam, type AdminOverrides } from "../support/factories";
import type { TestServer } from "../support/server";

/** A bearer token for an admin, as `POST /v2/public/auth` would issue it (current token version). */
export async function bearerOf(server: TestServer, admin: Row<"admins">): Promise<string> {
  const { tokenVersion } = await server.database.db
    .selectFrom("admins")
    .select("tokenVersion")
    .where("id", "=", admin.id)
    .executeTakeFirstOrThrow();
  return bearerFor(server.config, admin, tokenVersion);
}

/** Two teams, a root, one admin of each team, and their bearer tokens; every name carries `tag`. */
export interface World {
  tag: string;
  teamA: Row<"teams">;
  teamB: Row<"teams">;
  root: Row<"admins">;
  adminA: Row<"admins">;
  adminB: Row<"admins">;
  as: { root: string; adminA: string; adminB: string };
  /** Adds an admin (of teamA unless `teams` says otherwise) whose names carry the tag. */
  admin(overrides?: AdminOverrides): Promise<Row<"admins">>;
}

/** Builds a fresh world on the server's database. */
export async function buildWorld(server: TestServer): Promise<World> {
  const db = server.database.db;
  const tag = randomBytes(4).toString("hex");
  const teamA = await buildTeam(db, { teamName: `Alpha ${tag}`, slug: `alpha-${tag}` });
  const teamB = await buildTeam(db, { teamName: `Bravo ${tag}`, slug: `bravo-${tag}` });
  let n = 0;
  const admin = (overrides: AdminOverrides = {}) =>
    buildAdmin(db, {
      username: `a${++n}-${tag}@admins.test`,
      firstName: `First${n}`,
      lastName: `Last ${tag}`,
      teams: [teamA],
      ...overrides,
    });
  const root = await admin({ role: "root", teams: [], username: `root-${tag}@admins.test` });
  const adminA = await admin({ username: `anna-${tag}@admins.test`, teams: [teamA] });
  const adminB = await admin({ username: `bruno-${tag}@admins.test`, teams: [teamB] });
  return {
    tag,
    teamA,
    teamB,
    root,
    adminA,
    adminB,
    as: { root: await bearerOf(server, root), adminA: await bearerOf(server, adminA), adminB: await bearerOf(server, adminB) },
    admin,
  };
}

/** The shared error assertion, re-exported for the suites that import their helpers from here. */
export { expectError } from "../support/expect";

/** The access-log entries about one admin (target uid), oldest first. */
export async function logOf(
  server: TestServer,
  uid: string,
): Promise<{ action: string; outcome: string; teamId: number | null; actorUsername: string | null }[]> {
  return server.database.db
    .selectFrom("accessLog")
    .select(["action", "outcome", "teamId", "actorUsername"])
    .where("targetType", "=", "admin")
    .where("targetId", "=", uid)
    .orderBy("id")
    .execute();
}

/** An admin's row, or undefined when gone. */
export async function adminRow(server: TestServer, id: number): Promise<Row<"admins"> | undefined> {
  return server.database.db.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst();
}
