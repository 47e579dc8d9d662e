import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { RegisterReq, VerifyReq } from "../../../shared/schemas/auth";
import { suggestSlug } from "../../../shared/schemas/team";
import type { Database } from "../../db/types";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { mailOneTimeLink } from "./linkMail";
import { redeemToken } from "./oneTimeTokens";
import { setPassword } from "./passwordHistory";
import { hashPassword } from "./passwords";
import { readSettings } from "../settings";
import { runTransaction } from "../../db/transaction";

/**
 * A slug for a new team: derived from the name ("team" when the name has no usable characters),
 * made unique with a short suffix when taken.
 */
export async function uniqueTeamSlug(db: Kysely<Database> | Transaction<Database>, name: string): Promise<string> {
  const base = suggestSlug(name) || "team";
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base.slice(0, 57)}-${randomUUID().slice(0, 6)}`;
    const taken = await db.selectFrom("teams").select("id").where("slug", "=", candidate).executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new AppError("internal", 500);
}

/**
 * Self sign-up (SPEC §4): creates the company as the admin's team and the admin as
 * 'registered', then e-mails the verification link. The reply must say whether the e-mail left,
 * so delivery is tried at once; when it fails the registration is undone and 509 answers.
 */
export async function register(ctx: ServiceContext, input: RegisterReq, origin: RequestOrigin): Promise<void> {
  const { db, config, mail } = ctx;
  const settings = await readSettings(db);
  if (!settings.general.registrationEnabled) throw new AppError("register403");
  if (!settings.general.emailNotifications || !mail.enabled) throw new AppError("register501");
  const username = input.username.trim().toLowerCase();
  const now = Date.now();
  let created: { adminId: number; teamId: number; mailId: number };
  try {
    created = await runTransaction(db, async (trx) => {
      const existing = await trx.selectFrom("admins").select("id").where("username", "=", username).executeTakeFirst();
      if (existing) throw new AppError("register409");
      const team = await trx
        .insertInto("teams")
        .values({
          slug: await uniqueTeamSlug(trx, input.name),
          teamName: input.name.trim(),
          country: input.country,
          language: input.lang,
          timezone: input.timezone,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const admin = await trx
        .insertInto("admins")
        .values({
          uid: randomUUID(),
          username,
          firstName: input.first_name.trim(),
          lastName: input.last_name.trim(),
          role: "admin",
          status: "registered",
          lang: input.lang,
          timezone: input.timezone,
          createdAt: now,
          updatedAt: now,
        })
        .returning(["id", "uid"])
        .executeTakeFirstOrThrow();
      await trx.insertInto("adminTeams").values({ adminId: admin.id, teamId: team.id }).execute();
      const queued = await mailOneTimeLink(
        trx,
        "admin",
        { id: admin.id, username, firstName: input.first_name.trim(), lang: input.lang },
        {
          purpose: "verify",
          ttlMinutes: settings.security.adminRegistrationTokenExpiryMinutes,
          template: "verification",
          link: (token) => `${config.publicUrl}/verify/${input.lang}/${token}`,
          now,
        },
      );
      await recordAccess(
        trx,
        { actor: null, ...origin },
        { action: "admin.register", target: { type: "admin", id: admin.uid }, teamId: team.id },
      );
      return { adminId: admin.id, teamId: team.id, mailId: queued.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, "username")) throw new AppError("register409");
    throw error;
  }
  try {
    await mail.deliver(created.mailId);
  } catch (error) {
    ctx.logger.warn({ err: error, outboxId: created.mailId }, "registration e-mail failed; registration undone");
    await runTransaction(db, async (trx) => {
      await trx.deleteFrom("mailOutbox").where("id", "=", created.mailId).execute();
      await trx.deleteFrom("admins").where("id", "=", created.adminId).execute();
      await trx.deleteFrom("teams").where("id", "=", created.teamId).execute();
      await recordAccess(
        trx,
        { actor: null, ...origin },
        {
          action: "admin.register",
          outcome: "failure",
          target: { type: "admin", id: username },
          details: { reason: "emailFailed", undone: true },
        },
      );
    });
    throw new AppError("register509");
  }
}

/**
 * Completes a registration or the first root's setup from the e-mailed (or logged) link: the
 * account becomes active; a password is required unless one was already set.
 */
export async function verifyAccount(ctx: ServiceContext, input: VerifyReq, origin: RequestOrigin): Promise<void> {
  const { db, config } = ctx;
  const passwordHash = input.new_password ? await hashPassword(config.secrets.passwordPepper, input.new_password) : null;
  await runTransaction(db, async (trx) => {
    const redeemed = await redeemToken(trx, "admin", input.token, ["verify", "setup"]);
    if (redeemed === "invalid") throw new AppError("verify404");
    if (redeemed === "expired") throw new AppError("verify410");
    const admin = await trx
      .selectFrom("admins")
      .select(["id", "uid", "username", "passwordHash"])
      .where("id", "=", redeemed.ownerId)
      .executeTakeFirstOrThrow();
    if (!passwordHash && !admin.passwordHash) throw new AppError("verify422");
    const now = Date.now();
    if (passwordHash) await setPassword(trx, "admin", admin.id, passwordHash, { now });
    await trx.updateTable("admins").set({ status: "active", verifiedAt: now, updatedAt: now }).where("id", "=", admin.id).execute();
    await recordAccess(
      trx,
      { actor: { id: admin.id, username: admin.username }, ...origin },
      { action: "admin.verify", target: { type: "admin", id: admin.uid }, details: { purpose: redeemed.purpose } },
    );
  });
}
