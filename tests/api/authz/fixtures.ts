/**
 * Fixtures of the authorization matrix: two teams, a root, an admin of each team, and one bearer
 * token per actor. Every name carries a fresh tag, so list calls can search for exactly this
 * set and count what each actor sees, whatever else the database holds.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "../../../server/config";
import type { Database, Row } from "../../../server/db/types";
import { setPassword } from "../../../server/services/identity/passwordHistory";
import { hashPassword } from "../../../server/services/identity/passwords";
import { sha512Hex } from "../../../shared/crypto";
import { bearerFor, buildAdmin, buildTeam } from "../../support/factories";

/**
 * Who calls: nobody, a revoked token, root, an admin of the object's team, an admin of another
 * team, and three dead credentials of team A's admins (DESIGN §4: they stop working at once):
 * the token of an admin blocked since, of an admin deleted since, and a token issued before the
 * admin's password changed.
 */
export type Actor = "anonymous" | "revoked" | "blocked" | "deleted" | "passwordChanged" | "root" | "teamAdmin" | "otherAdmin";

/** The access-token actors (tests/api/authz/types.ts TOKEN_ACTORS says whose and what each is). */
export type TokenActor = "tokenRead" | "tokenUsers" | "tokenInvites" | "tokenLicenses" | "tokenFull" | "rootToken" | "rootTokenLimited";

/** Every token actor, in the order the suite runs them (after the session actors). */
export const TOKEN_ACTOR_NAMES: readonly TokenActor[] = [
  "tokenRead",
  "tokenUsers",
  "tokenInvites",
  "tokenLicenses",
  "tokenFull",
  "rootToken",
  "rootTokenLimited",
];

/** Every actor, in the order the suite runs them. */
export const ACTORS: readonly Actor[] = [
  "anonymous",
  "revoked",
  "blocked",
  "deleted",
  "passwordChanged",
  "root",
  "teamAdmin",
  "otherAdmin",
];

/** The new password of the passwordChanged actor, hashed once (argon2id is slow on purpose). */
let changedHash: Promise<string> | null = null;

/** One fixture set. teamA is "the object's team": teamAdmin manages it, otherAdmin manages teamB. */
export interface MatrixFixtures {
  db: Kysely<Database>;
  config: Config;
  tag: string;
  teamA: Row<"teams">;
  teamB: Row<"teams">;
  root: Row<"admins">;
  adminA: Row<"admins">;
  adminB: Row<"admins">;
  /** The Authorization header of each actor (none for anonymous). */
  headers: Record<Actor | TokenActor, Record<string, string>>;
  /** The public ids of team A's admin's access tokens (the fixture gives them one per permission set). */
  adminATokens: string[];
}

/** Inserts an access token for `admin` (as POST /v2/tokens stores it) and answers its header and uid. */
async function accessToken(db: Kysely<Database>, admin: Row<"admins">, permissions: string[], teamIds: number[] | null, tag: string) {
  const secret = `bwk_${randomBytes(32).toString("base64url")}`;
  const uid = randomUUID();
  await db
    .insertInto("accessTokens")
    .values({
      uid,
      adminId: admin.id,
      name: `${permissions.join("+")}${teamIds ? "-limited" : ""} ${tag}`,
      tokenHash: createHash("sha256").update(secret).digest("hex"),
      permissions: JSON.stringify(permissions),
      teamIds: teamIds === null ? null : JSON.stringify(teamIds),
      createdAt: Date.now(),
      expiresAt: Date.now() + 86_400_000,
      lastUsedAt: null,
      lastUsedFrom: null,
      expiryNotifiedAt: null,
    })
    .execute();
  return { header: { Authorization: `Bearer ${secret}` }, uid };
}

async function bearer(config: Config, admin: Row<"admins">): Promise<Record<string, string>> {
  return { Authorization: await bearerFor(config, admin) };
}

/** Builds a fresh fixture set (tag in every name and username). */
export async function buildMatrixFixtures(db: Kysely<Database>, config: Config): Promise<MatrixFixtures> {
  const tag = randomBytes(4).toString("hex");
  const teamA = await buildTeam(db, { teamName: `Alpha ${tag}`, slug: `alpha-${tag}` });
  const teamB = await buildTeam(db, { teamName: `Bravo ${tag}`, slug: `bravo-${tag}` });
  const root = await buildAdmin(db, { role: "root", username: `root-${tag}@matrix.test`, firstName: `Root ${tag}` });
  const adminA = await buildAdmin(db, { username: `admin-a-${tag}@matrix.test`, firstName: `Anna ${tag}`, teams: [teamA] });
  const adminB = await buildAdmin(db, { username: `admin-b-${tag}@matrix.test`, firstName: `Bruno ${tag}`, teams: [teamB] });
  const revoked = await buildAdmin(db, { username: `revoked-${tag}@matrix.test`, firstName: `Rev ${tag}`, teams: [teamA] });
  const revokedHeaders = await bearer(config, revoked);
  await db
    .updateTable("admins")
    .set({ tokenVersion: revoked.tokenVersion + 1 })
    .where("id", "=", revoked.id)
    .execute();
  // Blocked: only the status changes (the version stays), so the status check alone must refuse it.
  const blocked = await buildAdmin(db, { username: `blocked-${tag}@matrix.test`, firstName: `Blo ${tag}`, teams: [teamA] });
  const blockedHeaders = await bearer(config, blocked);
  await db.updateTable("admins").set({ status: "blocked" }).where("id", "=", blocked.id).execute();
  // Deleted: the row is gone, as DELETE /v2/admin leaves it (its team links go by cascade).
  const deleted = await buildAdmin(db, { username: `deleted-${tag}@matrix.test`, firstName: `Del ${tag}`, teams: [teamA] });
  const deletedHeaders = await bearer(config, deleted);
  await db.deleteFrom("admins").where("id", "=", deleted.id).execute();
  // Password changed: the token predates setPassword, the one function every password change goes through.
  const changed = await buildAdmin(db, { username: `changed-${tag}@matrix.test`, firstName: `Cha ${tag}`, teams: [teamA] });
  const changedHeaders = await bearer(config, changed);
  changedHash ??= sha512Hex("N3w!Password").then((hex) => hashPassword(config.secrets.passwordPepper, hex));
  await setPassword(db, "admin", changed.id, await changedHash);
  const tokenRead = await accessToken(db, adminA, ["read"], null, tag);
  const tokenUsers = await accessToken(db, adminA, ["users"], null, tag);
  const tokenInvites = await accessToken(db, adminA, ["invites"], null, tag);
  const tokenLicenses = await accessToken(db, adminA, ["licenses"], null, tag);
  const tokenFull = await accessToken(db, adminA, ["full"], null, tag);
  const rootToken = await accessToken(db, root, ["full"], null, tag);
  const rootTokenLimited = await accessToken(db, root, ["full"], [teamA.id], tag);
  return {
    db,
    config,
    tag,
    teamA,
    teamB,
    root,
    adminA,
    adminB,
    headers: {
      anonymous: {},
      revoked: revokedHeaders,
      blocked: blockedHeaders,
      deleted: deletedHeaders,
      passwordChanged: changedHeaders,
      root: await bearer(config, root),
      teamAdmin: await bearer(config, adminA),
      otherAdmin: await bearer(config, adminB),
      tokenRead: tokenRead.header,
      tokenUsers: tokenUsers.header,
      tokenInvites: tokenInvites.header,
      tokenLicenses: tokenLicenses.header,
      tokenFull: tokenFull.header,
      rootToken: rootToken.header,
      rootTokenLimited: rootTokenLimited.header,
    },
    adminATokens: [tokenRead, tokenUsers, tokenInvites, tokenLicenses, tokenFull].map((t) => t.uid),
  };
}
