/**
 * `PUT /v2/invite` (resend) and `DELETE /v2/invite` (SPEC §8), per invitation, up to
 * 10,000 ids a call. Unknown and out-of-scope ids answer the same 404 (DESIGN §5). Resend gives a
 * new code and expiry and queues a new e-mail; an invitation past its expiry needs its seat back
 * (all such items of the call together, 400 when too few). Delete removes the pending user (its
 * seat is freed) and the invitation. Each call writes one access-log entry per team.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { packAcceptsInvites } from "../../../shared/domain/licenses";
import type { InviteResendResponse } from "../../../shared/schemas/invite";
import type { BulkFailure, BulkResponse } from "../../../shared/schemas/list";
import { runTransaction } from "../../db/transaction";
import type { Database, InviteStatus } from "../../db/types";
import { AppError } from "../../errors";
import { enqueueMails, type EnqueueMailInput } from "../../mail/outbox";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { invitePackOf } from "../licenses";
import { lockSeatCounters, requireFreeSeats } from "../licenses";
import { actorOf, scopedTeamIds, type Scope } from "../access";
import { emailingEnabled, readSettings } from "../settings";
import { takenNames } from "../users";
import { inviteCodeHash, newInviteCode } from "./codes";
import { invitationMail } from "./mail";

const BATCH = 500;

/** An invitation as resend and delete read it, with its pack's timing and its team's mail look. */
interface Target {
  id: number;
  uid: string;
  teamId: number;
  slug: string;
  teamName: string;
  emailTheme: string | null;
  type: "email" | "handle";
  address: string;
  lang: string;
  directSignin: number;
  status: InviteStatus;
  expiresAt: number | string;
  userId: number | null;
  packTeamId: number | null;
  packStatus: "active" | "expired" | null;
  packExpiresAt: number | string | null;
}

/** The invitations named by `ids` that the scope may see, by public id (others are simply absent). */
async function loadTargets(trx: Transaction<Database>, scope: Scope, ids: readonly string[]): Promise<Map<string, Target>> {
  const teamIds = scopedTeamIds(scope);
  const out = new Map<string, Target>();
  if (teamIds !== null && teamIds.length === 0) return out;
  for (let i = 0; i < ids.length; i += BATCH) {
    let query = trx
      .selectFrom("invites")
      .innerJoin("teams", "teams.id", "invites.teamId")
      .leftJoin("licensePacks", "licensePacks.id", "invites.licensePackId")
      .select([
        "invites.id",
        "invites.uid",
        "invites.teamId",
        "teams.slug",
        "teams.teamName",
        "teams.emailTheme",
        "invites.type",
        "invites.address",
        "invites.lang",
        "invites.directSignin",
        "invites.status",
        "invites.expiresAt",
        "invites.userId",
        "licensePacks.teamId as packTeamId",
        "licensePacks.status as packStatus",
        "licensePacks.expiresAt as packExpiresAt",
      ])
      .where("invites.uid", "in", ids.slice(i, i + BATCH));
    if (teamIds !== null) query = query.where("invites.teamId", "in", teamIds);
    for (const row of await query.execute()) out.set(row.uid, row);
  }
  return out;
}

/** 404 when the pack is gone or no longer the team's, 422 when it has expired, else null. */
function packProblem(t: Target, now: number): 404 | 422 | null {
  if (t.packStatus === null || t.packTeamId !== t.teamId) return 404;
  return packAcceptsInvites({ status: t.packStatus, expiration: Number(t.packExpiresAt ?? 0) }, now) ? null : 422;
}

/**
 * An invitation whose pack belongs to another company (its pending user was moved before moves
 * re-pointed invitations, or the pack was reassigned) draws on its own team's invitation pack
 * instead, the one a new invitation there would take: its seat is counted in its team anyway.
 * Updates the targets in place and answers the new pack id by invitation id (written on resend).
 * A pack that is gone stays a 404.
 */
async function repointForeignPacks(trx: Transaction<Database>, targets: Map<string, Target>, now: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const byTeam = new Map<number, Awaited<ReturnType<typeof invitePackOf>>>();
  for (const t of targets.values()) {
    if (t.packStatus === null || t.packTeamId === t.teamId) continue;
    if (!byTeam.has(t.teamId)) byTeam.set(t.teamId, await invitePackOf(trx, t.teamId, now));
    const pack = byTeam.get(t.teamId);
    if (!pack) continue;
    Object.assign(t, { packTeamId: t.teamId, packStatus: pack.status, packExpiresAt: pack.expiresAt });
    out.set(t.uid, pack.id);
  }
  return out;
}

/** One access-log entry per team touched. */
async function logPerTeam(
  trx: Transaction<Database>,
  scope: Scope,
  origin: RequestOrigin,
  action: string,
  done: readonly Target[],
  failed: number,
): Promise<void> {
  const byTeam = new Map<number, Target[]>();
  for (const t of done) byTeam.set(t.teamId, [...(byTeam.get(t.teamId) ?? []), t]);
  const access = { actor: actorOf(scope), ...origin };
  for (const [teamId, items] of byTeam) {
    const ids = items.length <= 20 ? items.map((t) => t.uid) : undefined;
    await recordAccess(trx, access, {
      action,
      teamId,
      target: { type: "team", id: items[0]!.slug },
      details: { team: items[0]!.slug, count: items.length, ids, failed },
    });
  }
  if (byTeam.size === 0) await recordAccess(trx, access, { action, outcome: "failure", details: { count: 0, failed } });
}

/** Resends invitations: a new code and expiry each, and a new e-mail for e-mail invitations. */
export async function resendInvitations(
  ctx: ServiceContext,
  scope: Scope,
  ids: readonly string[],
  origin: RequestOrigin,
  now = Date.now(),
): Promise<InviteResendResponse> {
  const { general } = await readSettings(ctx.db);
  const mailOn = await emailingEnabled(ctx.db, ctx.mail);
  const expiresAt = now + general.userInviteExpiryDays * 86_400_000;
  return runTransaction(ctx.db, async (trx) => {
    const targets = await loadTargets(trx, scope, ids);
    const repointed = await repointForeignPacks(trx, targets, now);
    const failed: BulkFailure[] = [];
    const candidates: Target[] = [];
    for (const id of ids) {
      const t = targets.get(id);
      const pack = t ? packProblem(t, now) : 404;
      if (!t) failed.push({ id, code: "inviteResend404" });
      else if (t.status === "accepted") failed.push({ id, code: "inviteResend410" });
      else if (pack === 404) failed.push({ id, code: "inviteResend404" });
      else if (pack === 422) failed.push({ id, code: "inviteResend422" });
      else if (t.type === "email" && !mailOn) failed.push({ id, code: "emailDisabled" });
      else candidates.push(t);
    }
    // An expired one whose pending user was removed needs its address free again and a new user.
    const revive = candidates.filter((t) => t.userId === null);
    const taken = new Set<string>();
    for (let i = 0; i < revive.length; i += BATCH)
      for (const n of await takenNames(
        trx,
        revive.slice(i, i + BATCH).map((t) => t.address),
      ))
        taken.add(n);
    const ready = candidates.filter((t) => {
      if (t.userId === null && taken.has(t.address)) failed.push({ id: t.uid, code: "inviteResend410" });
      return !(t.userId === null && taken.has(t.address));
    });
    // Past its expiry an invitation holds no seat: taking one again is checked per team, all or none.
    const needSeats = new Map<number, Target[]>();
    for (const t of ready)
      if (Number(t.expiresAt) <= now || t.status === "expired") needSeats.set(t.teamId, [...(needSeats.get(t.teamId) ?? []), t]);
    await lockSeatCounters(trx, [...needSeats.keys()]);
    const refused = new Set<number>();
    for (const [teamId, items] of needSeats) {
      try {
        await requireFreeSeats(trx, teamId, items.length, now, "inviteResend400");
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.add(teamId);
        for (const t of items) failed.push({ id: t.uid, code: "inviteResend400" });
      }
    }
    const done = ready.filter((t) => !(refused.has(t.teamId) && needSeats.get(t.teamId)?.includes(t)));
    const ok: InviteResendResponse["ok"] = [];
    const mails: EnqueueMailInput[] = [];
    for (const t of done) {
      const code = newInviteCode(general.inviteTokenLength);
      let userId = t.userId;
      if (userId === null) {
        const user = await trx
          .insertInto("users")
          .values({ uid: randomUUID(), username: t.address, teamId: t.teamId, status: "pending", createdAt: now, updatedAt: now })
          .returning("id")
          .executeTakeFirstOrThrow();
        userId = user.id;
      }
      await trx
        .updateTable("invites")
        .set({
          codeHash: inviteCodeHash(code),
          expiresAt,
          status: "pending",
          userId,
          lastSentAt: t.type === "email" ? now : null,
          ...(repointed.has(t.uid) ? { licensePackId: repointed.get(t.uid)! } : {}),
        })
        .where("id", "=", t.id)
        .execute();
      if (t.type === "email") {
        const team = { teamName: t.teamName, emailTheme: t.emailTheme };
        mails.push(
          invitationMail({
            address: t.address,
            code,
            lang: t.lang,
            directSignIn: t.directSignin === 1,
            expiresAt,
            team,
            publicUrl: ctx.config.publicUrl,
            myPrefix: general.urlPrefixes.my,
          }),
        );
      }
      ok.push(t.type === "handle" ? { id: t.uid, inviteCode: code, code } : { id: t.uid });
    }
    await enqueueMails(trx, mails, now);
    await logPerTeam(trx, scope, origin, "invite.resend", done, failed.length);
    return { ok, failed };
  });
}

/** Deletes invitations: the pending user goes with each (its seat is freed); accepted ones are refused (403). */
export async function deleteInvitations(
  ctx: ServiceContext,
  scope: Scope,
  ids: readonly string[],
  origin: RequestOrigin,
  now = Date.now(),
): Promise<BulkResponse> {
  return runTransaction(ctx.db, async (trx) => {
    const targets = await loadTargets(trx, scope, ids);
    // Judged by its own team's pack, as resend does (nothing to write: the invitation goes).
    await repointForeignPacks(trx, targets, now);
    const failed: BulkFailure[] = [];
    const done: Target[] = [];
    for (const id of ids) {
      const t = targets.get(id);
      // An expired invitation holds no seat any more: its pack no longer matters.
      const pack = t && t.status === "pending" && Number(t.expiresAt) > now ? packProblem(t, now) : null;
      if (!t) failed.push({ id, code: "inviteDelete404" });
      else if (t.status === "accepted") failed.push({ id, code: "inviteDelete403" });
      else if (pack === 404) failed.push({ id, code: "inviteDelete404" });
      else if (pack === 422) failed.push({ id, code: "inviteDelete422" });
      else done.push(t);
    }
    for (let i = 0; i < done.length; i += BATCH) {
      const chunk = done.slice(i, i + BATCH);
      const userIds = chunk.flatMap((t) => (t.userId === null ? [] : [t.userId]));
      // Only the pending users of these invitations (an accepted one's user is never touched).
      if (userIds.length > 0) await trx.deleteFrom("users").where("id", "in", userIds).where("status", "=", "pending").execute();
      await trx
        .deleteFrom("invites")
        .where(
          "id",
          "in",
          chunk.map((t) => t.id),
        )
        .execute();
    }
    await logPerTeam(trx, scope, origin, "invite.delete", done, failed.length);
    return { ok: done.map((t) => t.uid), failed };
  });
}
