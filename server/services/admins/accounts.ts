/**
 * Administrator accounts managed by other admins (SPEC §2, §4, §8; DESIGN §5): create with a
 * password or by e-mail invitation, edit, block, activate and delete, each within the caller's
 * scope and each written to the access log.
 */
import { randomUUID } from "node:crypto";
import type { AdminCreateReq, AdminUidReq, AdminUpdateReq } from "../../../shared/schemas/admin";
import { accessLevelFromStored, accessLevelToStored } from "../../../shared/domain/accessLevels";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import { enqueueMail } from "../../mail/outbox";
import { recordAccess } from "../accessLog";
import { detailOf, type AdminRecord } from "./directory";
import { assertReachesAllTeams } from "./reach";
import { loadTarget, recordPerTeam, teamIdsOf } from "./target";
import { assertTeamsKeepAdmin } from "./teams";
import type { SessionAdmin } from "../access";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { issueToken } from "../identity";
import { hashPassword, setPassword } from "../identity";
import { actorOf, teamInScope, type Scope } from "../access";
import { emailingEnabled, readSettings } from "../settings";
import { runTransaction } from "../../db/transaction";

/**
 * The teams named by slug. For root they must exist (`adminCreate404`). For a company admin any
 * team outside their scope is SPEC's `adminCreate403`, whether it exists or not, so the answer
 * cannot be used to probe which teams exist (DESIGN §5).
 */
async function creationTeams(ctx: ServiceContext, scope: Scope, slugs: string[]): Promise<number[]> {
  if (slugs.length === 0) return [];
  const rows = await ctx.db.selectFrom("teams").select(["id", "slug"]).where("slug", "in", slugs).execute();
  const usable = rows.filter((r) => teamInScope(scope, r.id));
  if (usable.length !== slugs.length) throw new AppError(scope.role === "root" ? "adminCreate404" : "adminCreate403");
  return usable.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Creates an admin. Only root creates a root (403 forbidden); a company admin names only their
 * own teams (adminCreate403 otherwise), root only existing ones (adminCreate404); the username is unique case-insensitively (409). With a password the admin is active at
 * once; with `invite` the admin is 'invited' and the invitation is delivered before answering:
 * e-mail disabled → 501 with nothing created, delivery failure → 509 with the admin removed.
 * Only root gives an access level (#31): a company admin naming one is refused (403 forbidden).
 */
export async function createAdmin(
  ctx: ServiceContext,
  scope: Scope,
  creator: SessionAdmin,
  input: AdminCreateReq,
  origin: RequestOrigin,
): Promise<AdminRecord> {
  const { db, config, mail } = ctx;
  // Not adminCreate403, whose words are about a company: making a super administrator is root's alone.
  if (input.root && scope.role !== "root") throw new AppError("forbidden", 403);
  const accessLevel = input.accessLevel ?? null;
  if (accessLevel !== null && scope.role !== "root") throw new AppError("forbidden", 403);
  if (input.invite && !(await emailingEnabled(db, mail))) throw new AppError("adminCreate501");
  const teamIds = await creationTeams(ctx, scope, input.teams);
  const username = input.username.trim().toLowerCase();
  if (await db.selectFrom("admins").select("id").where("username", "=", username).executeTakeFirst()) throw new AppError("adminCreate409");
  const passwordHash = input.password ? await hashPassword(config.secrets.passwordPepper, input.password) : null;
  const { security } = await readSettings(db);
  const lang = input.lang ?? creator.lang;
  const access = { actor: actorOf(scope), ...origin };
  let created: { id: number; uid: string; mailId: number | null; record: AdminRecord };
  try {
    // The answer is read inside the transaction (see runTransaction); the invitation's delivery
    // after it changes nothing the answer shows.
    created = await runTransaction(db, async (trx) => {
      const now = Date.now();
      const admin = await trx
        .insertInto("admins")
        .values({
          uid: randomUUID(),
          username,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          role: input.root ? "root" : "admin",
          status: passwordHash ? "active" : "invited",
          lang,
          timezone: input.timezone ?? creator.timezone,
          accessLevel: accessLevelToStored(accessLevel),
          createdAt: now,
          updatedAt: now,
          verifiedAt: passwordHash ? now : null,
        })
        .returning(["id", "uid"])
        .executeTakeFirstOrThrow();
      if (teamIds.length > 0)
        await trx
          .insertInto("adminTeams")
          .values(teamIds.map((teamId) => ({ adminId: admin.id, teamId })))
          .execute();
      if (passwordHash) await setPassword(trx, "admin", admin.id, passwordHash, { now });
      let mailId: number | null = null;
      if (!passwordHash) {
        const token = await issueToken(trx, "admin", admin.id, "admin_invite", security.adminRegistrationTokenExpiryMinutes, now);
        const queued = await enqueueMail(trx, {
          to: username,
          template: "adminInvitation",
          lang,
          params: {
            firstName: input.firstName.trim(),
            inviterName: `${creator.firstName} ${creator.lastName}`.trim(),
            link: `${config.publicUrl}/reset/${lang}/${token}`,
          },
        });
        mailId = queued.id;
      }
      const details = {
        role: input.root ? "root" : "admin",
        via: passwordHash ? "password" : "invite",
        teams: input.teams,
        ...(accessLevel === null ? {} : { accessLevel }),
      };
      await recordPerTeam(trx, access, teamIds, { action: "admin.create", target: { type: "admin", id: admin.uid }, details });
      return { id: admin.id, uid: admin.uid, mailId, record: await detailOf(trx, scope, admin.id) };
    });
  } catch (error) {
    if (isUniqueViolation(error, "username")) throw new AppError("adminCreate409");
    throw error;
  }
  if (created.mailId !== null) await deliverInvitation(ctx, access, created.id, created.uid, created.mailId);
  return created.record;
}

/** Sends the invitation now; on failure the invited admin and the mail are removed (509). */
async function deliverInvitation(
  ctx: ServiceContext,
  access: Parameters<typeof recordAccess>[1],
  adminId: number,
  uid: string,
  mailId: number,
): Promise<void> {
  try {
    await ctx.mail.deliver(mailId);
  } catch (error) {
    ctx.logger.warn({ err: error, outboxId: mailId }, "admin invitation e-mail failed; admin removed");
    await runTransaction(ctx.db, async (trx) => {
      await trx.deleteFrom("mailOutbox").where("id", "=", mailId).execute();
      await trx.deleteFrom("admins").where("id", "=", adminId).execute();
      await recordAccess(trx, access, {
        action: "admin.create",
        outcome: "failure",
        target: { type: "admin", id: uid },
        details: { reason: "emailFailed", undone: true },
      });
    });
    throw new AppError("adminCreate509");
  }
}

/**
 * Edits another admin's name, language, time zone and access level; unknown, out-of-scope or root
 * (for a non-root) → 404. The access level is root's alone to change (#31): a company admin
 * sending a different one, even their own, is refused (403 forbidden, nothing written); the same
 * value is accepted, so a client may send the whole form back. A changed level is logged with its
 * old and new values.
 */
export async function updateAdmin(ctx: ServiceContext, scope: Scope, input: AdminUpdateReq, origin: RequestOrigin): Promise<AdminRecord> {
  const { db } = ctx;
  return runTransaction(db, async (trx) => {
    const target = await loadTarget(trx, scope, input.uid, { notFound: "adminEdit404" });
    const changes = {
      ...(input.firstName === undefined ? {} : { firstName: input.firstName.trim() }),
      ...(input.lastName === undefined ? {} : { lastName: input.lastName.trim() }),
      ...(input.lang === undefined ? {} : { lang: input.lang }),
      ...(input.timezone === undefined ? {} : { timezone: input.timezone }),
    };
    const from = accessLevelFromStored(target.accessLevel);
    const level = input.accessLevel === undefined || input.accessLevel === from ? undefined : { from, to: input.accessLevel };
    if (level && scope.role !== "root") throw new AppError("forbidden", 403);
    await trx
      .updateTable("admins")
      .set({ ...changes, ...(level ? { accessLevel: accessLevelToStored(level.to) } : {}), updatedAt: Date.now() })
      .where("id", "=", target.id)
      .execute();
    const fields = [...Object.keys(changes), ...(level ? ["accessLevel"] : [])];
    await recordPerTeam(trx, { actor: actorOf(scope), ...origin }, await teamIdsOf(trx, target.id), {
      action: "admin.update",
      target: { type: "admin", id: target.uid },
      details: { fields, ...(level ? { accessLevel: level } : {}) },
    });
    return detailOf(trx, scope, target.id);
  });
}

/**
 * Blocks an admin: status 'blocked', the token version moves on and unused e-mailed links are
 * withdrawn, so every session, token and link of that admin ends at once. Nobody blocks
 * themselves (403); a root is unknown (404) to a non-root, and a non-root cannot block an admin
 * who also manages a company outside the caller's scope (403, reach.ts).
 */
export async function blockAdmin(ctx: ServiceContext, scope: Scope, input: AdminUidReq, origin: RequestOrigin): Promise<void> {
  await runTransaction(ctx.db, async (trx) => {
    const target = await loadTarget(trx, scope, input.uid, { notFound: "adminBlock404" });
    await assertReachesAllTeams(trx, scope, target, "adminBlock403");
    if (target.id === scope.adminId) throw new AppError("adminBlock403");
    const now = Date.now();
    await trx
      .updateTable("admins")
      .set((eb) => ({ status: "blocked", tokenVersion: eb("tokenVersion", "+", 1), updatedAt: now }))
      .where("id", "=", target.id)
      .execute();
    await trx.updateTable("oneTimeTokens").set({ usedAt: now }).where("adminId", "=", target.id).where("usedAt", "is", null).execute();
    await recordPerTeam(trx, { actor: actorOf(scope), ...origin }, await teamIdsOf(trx, target.id), {
      action: "admin.block",
      target: { type: "admin", id: target.uid },
      details: { previousStatus: target.status },
    });
  });
}

/**
 * Activates an admin: status 'active', failed attempts cleared and any lock lifted. An admin who
 * never set a password (invited or registered) cannot be activated (422); a root is unknown
 * (404) to a non-root, and a non-root cannot activate an admin who also manages a company outside
 * their scope (403, reach.ts).
 */
export async function activateAdmin(ctx: ServiceContext, scope: Scope, input: AdminUidReq, origin: RequestOrigin): Promise<void> {
  await runTransaction(ctx.db, async (trx) => {
    const target = await loadTarget(trx, scope, input.uid, { notFound: "adminActivate404" });
    await assertReachesAllTeams(trx, scope, target, "adminActivate403");
    if (!target.hasPassword) throw new AppError("adminActivate422");
    await trx
      .updateTable("admins")
      .set({ status: "active", failedAttempts: 0, lockedUntil: null, updatedAt: Date.now() })
      .where("id", "=", target.id)
      .execute();
    await recordPerTeam(trx, { actor: actorOf(scope), ...origin }, await teamIdsOf(trx, target.id), {
      action: "admin.activate",
      target: { type: "admin", id: target.uid },
      details: { previousStatus: target.status },
    });
  });
}

/**
 * Deletes another admin: one's own account → 409 (termination is the way); unknown, out of
 * scope, or a root for a non-root → 404; an admin who also manages a company outside the caller's
 * scope → 403 (reach.ts); a team that would be left without an administrator →
 * 'companyNotManaged'. Their sessions fail their next check, their links and tokens go with them.
 */
export async function deleteAdmin(ctx: ServiceContext, scope: Scope, input: AdminUidReq, origin: RequestOrigin): Promise<void> {
  if (input.uid === scope.uid) throw new AppError("adminDelete409");
  await runTransaction(ctx.db, async (trx) => {
    const target = await loadTarget(trx, scope, input.uid, { notFound: "adminDelete404" });
    await assertReachesAllTeams(trx, scope, target, "adminDelete403");
    const teamIds = await teamIdsOf(trx, target.id);
    await assertTeamsKeepAdmin(trx, target.id, teamIds);
    await recordPerTeam(trx, { actor: actorOf(scope), ...origin }, teamIds, {
      action: "admin.delete",
      target: { type: "admin", id: target.uid },
      details: { username: target.username, role: target.role },
    });
    await trx.deleteFrom("admins").where("id", "=", target.id).execute();
  });
}
