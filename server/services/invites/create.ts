/**
 * `POST /v2/invite`: up to 10,000 addresses in one call. Each address is checked on
 * its own (format, the company's white-listed domains, already onboarded); the valid ones then
 * take their seats all at once through `reserveSeats` — too few seats and nothing is created
 * (400 `inviteCreate400`). Each invitation is a pending user row plus an `invites` row holding
 * its hashed code; e-mail invitations are queued in the outbox in the same transaction, so a
 * mail exists exactly when its invitation does, and the outbox worker delivers them.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { usernameAllowed } from "../../../shared/domain/domains";
import { packAcceptsInvites } from "../../../shared/domain/licenses";
import {
  inviteAddressProblem,
  type InviteCreateReq,
  type InviteCreateResponse,
  type InviteReviewResponse,
} from "../../../shared/schemas/invite";
import { isUniqueViolation } from "../../db/errors";
import { toFlag } from "../../db/flags";
import { runTransaction } from "../../db/transaction";
import type { Database } from "../../db/types";
import { AppError } from "../../errors";
import { enqueueMails } from "../../mail/outbox";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { domainsOfTeams } from "../domains";
import { findPack, invitePackOf } from "../licenses";
import { reserveSeats, seatsOf } from "../licenses";
import { actorOf, type Scope } from "../access";
import { emailingEnabled, readSettings } from "../settings";
import { findTeamInScope } from "../teams";
import { takenNames } from "../users";
import { newInviteCode, inviteCodeHash } from "./codes";
import { invitationMail, type InviteMailTeam } from "./mail";
import { bulkActionSize } from "../../lib/metrics";

/** Rows per multi-row INSERT: well under both engines' parameter limits. */
const BATCH = 500;

/** One invitation about to be written. */
interface Planned {
  address: string;
  uid: string;
  code: string;
}

/**
 * The pack the seats come from: the one named (in the team, unexpired), else the team's pack that
 * expires last. A team whose packs have all expired is SPEC's `inviteCreate422` (its words say
 * what to do), not the 400 'not enough licences' of a team that has none or has used them up.
 */
async function choosePack(
  ctx: ServiceContext,
  scope: Scope,
  teamId: number,
  packUid: string | undefined,
  now: number,
): Promise<number | null> {
  if (packUid !== undefined) {
    const pack = await findPack(ctx.db, scope, packUid, "inviteCreate404");
    if (pack.teamId !== teamId) throw new AppError("inviteCreate404", 404);
    if (!packAcceptsInvites({ status: pack.status, expiration: Number(pack.expiresAt ?? 0) }, now))
      throw new AppError("inviteCreate422", 422);
    return pack.id;
  }
  const best = await invitePackOf(ctx.db, teamId, now);
  if (best) return best.id;
  const packs = await ctx.db.selectFrom("licensePacks").select(["status", "expiresAt"]).where("teamId", "=", teamId).execute();
  const expired = (p: (typeof packs)[number]) => p.status === "expired" || (p.expiresAt !== null && Number(p.expiresAt) <= now);
  if (packs.length > 0 && packs.every(expired)) throw new AppError("inviteCreate422", 422);
  return null;
}

/** Splits the addresses into those to invite and per-address failures, before any write. */
async function sortAddresses(
  ctx: ServiceContext,
  teamId: number,
  input: InviteCreateReq,
): Promise<{ valid: string[]; failed: { address: string; code: string }[] }> {
  const failed: { address: string; code: string }[] = [];
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const raw of input.addresses) {
    const address = raw.trim().toLowerCase();
    const problem = inviteAddressProblem(input.type, address);
    if (problem) failed.push({ address: raw, code: problem });
    // The same address twice (in another case): the first one is invited, the second is already onboard.
    else if (seen.has(address)) failed.push({ address: raw, code: "inviteCreate409" });
    else {
      seen.add(address);
      candidates.push(address);
    }
  }
  const domains = (await domainsOfTeams(ctx.db, [teamId])).get(teamId) ?? [];
  const taken = new Set<string>();
  for (let i = 0; i < candidates.length; i += BATCH) {
    for (const name of await takenNames(ctx.db, candidates.slice(i, i + BATCH))) taken.add(name);
  }
  const valid: string[] = [];
  for (const address of candidates) {
    if (!usernameAllowed(address, domains)) failed.push({ address, code: "inviteCreate502" });
    else if (taken.has(address)) failed.push({ address, code: "inviteCreate409" });
    else valid.push(address);
  }
  return { valid, failed };
}

/** Writes the users, invitations and mails of `planned` (the seats are already reserved). */
async function writeInvitations(
  trx: Transaction<Database>,
  planned: readonly Planned[],
  input: InviteCreateReq,
  rows: { teamId: number; packId: number | null; createdBy: number; now: number; expiresAt: number },
  mail: { team: InviteMailTeam; publicUrl: string; myPrefix: string } | null,
): Promise<void> {
  const { teamId, packId, createdBy, now, expiresAt } = rows;
  for (let i = 0; i < planned.length; i += BATCH) {
    const chunk = planned.slice(i, i + BATCH);
    const users = await trx
      .insertInto("users")
      .values(
        chunk.map((p) => ({ uid: randomUUID(), username: p.address, teamId, status: "pending" as const, createdAt: now, updatedAt: now })),
      )
      .returning(["id", "username"])
      .execute();
    const userIds = new Map(users.map((u) => [u.username, u.id]));
    await trx
      .insertInto("invites")
      .values(
        chunk.map((p) => ({
          uid: p.uid,
          teamId,
          licensePackId: packId,
          type: input.type,
          address: p.address,
          lang: input.lang,
          matchUser: toFlag(input.matchUser),
          directSignin: toFlag(input.directSignIn),
          codeHash: inviteCodeHash(p.code),
          status: "pending" as const,
          expiresAt,
          issuedAt: now,
          lastSentAt: mail ? now : null,
          userId: userIds.get(p.address) ?? null,
          createdBy,
        })),
      )
      .execute();
    if (mail) {
      const base = { lang: input.lang, directSignIn: input.directSignIn, expiresAt, ...mail };
      await enqueueMails(
        trx,
        chunk.map((p) => invitationMail({ ...base, address: p.address, code: p.code })),
        now,
      );
    }
  }
}

/**
 * Creates the invitations of one call. E-mail invitations need e-mail on (501); the team must be
 * in scope (else 404 like an unknown one); `pack` must be the team's (404) and unexpired (422).
 * When every address is already onboarded the call answers 409 `inviteCreate409`.
 */
export async function createInvitations(
  ctx: ServiceContext,
  scope: Scope,
  input: InviteCreateReq,
  origin: RequestOrigin,
  now = Date.now(),
): Promise<InviteCreateResponse> {
  const { db, config } = ctx;
  if (input.type === "email" && !(await emailingEnabled(db, ctx.mail))) throw new AppError("inviteCreate501", 501);
  const team = await findTeamInScope(db, scope, input.team, "teamRead404");
  const packId = await choosePack(ctx, scope, team.id, input.pack, now);
  const { valid, failed } = await sortAddresses(ctx, team.id, input);
  if (valid.length === 0 && failed.length > 0 && failed.every((f) => f.code === "inviteCreate409"))
    throw new AppError("inviteCreate409", 409);
  const { general } = await readSettings(db);
  const planned: Planned[] = valid.map((address) => ({ address, uid: randomUUID(), code: newInviteCode(general.inviteTokenLength) }));
  const expiresAt = now + general.userInviteExpiryDays * 86_400_000;
  const access = { actor: actorOf(scope), ...origin };
  const mail =
    input.type === "email"
      ? { team: { teamName: team.teamName, emailTheme: team.emailTheme }, publicUrl: config.publicUrl, myPrefix: general.urlPrefixes.my }
      : null;
  try {
    await runTransaction(db, async (trx) => {
      if (planned.length > 0) {
        await reserveSeats(trx, team.id, planned.length, now, "inviteCreate400");
        await writeInvitations(trx, planned, input, { teamId: team.id, packId, createdBy: scope.adminId, now, expiresAt }, mail);
      }
      const details = { team: team.slug, type: input.type, invited: planned.length, failed: failed.length };
      await recordAccess(trx, access, { action: "invite.create", teamId: team.id, target: { type: "team", id: team.slug }, details });
    });
  } catch (error) {
    // Another call onboarded one of these addresses between the check and the insert.
    if (isUniqueViolation(error, "username")) throw new AppError("inviteCreate409", 409);
    throw error;
  }
  bulkActionSize.observe({ action: "invite" }, planned.length + failed.length);
  return {
    ok: planned.map((p) =>
      input.type === "handle" ? { address: p.address, id: p.uid, inviteCode: p.code, code: p.code } : { address: p.address, id: p.uid },
    ),
    failed,
  };
}

/**
 * `POST /v2/invite/review`: what creating would do, writing nothing — the wizard's review step
 * and the CLI's dry run. The same checks as {@link createInvitations} (scope, pack, e-mail on,
 * each address), then the team's seats now and the seats left after the valid addresses.
 */
export async function reviewInvitations(
  ctx: ServiceContext,
  scope: Scope,
  input: InviteCreateReq,
  now = Date.now(),
): Promise<InviteReviewResponse> {
  if (input.type === "email" && !(await emailingEnabled(ctx.db, ctx.mail))) throw new AppError("inviteCreate501", 501);
  const team = await findTeamInScope(ctx.db, scope, input.team, "teamRead404");
  await choosePack(ctx, scope, team.id, input.pack, now);
  const { valid, failed } = await sortAddresses(ctx, team.id, input);
  const seats = await seatsOf(ctx.db, team.id, now);
  return { valid, failed, seats, availableAfter: seats.available - valid.length };
}
