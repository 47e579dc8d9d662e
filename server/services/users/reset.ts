/**
 * `POST /v2/user/reset`: an admin sends one of their users a password reset link. The link leads
 * to the communications service (the user's app account lives there, not in the console), which
 * redeems the token through the service API; the console only issues it and queues the e-mail.
 */
import { isIP } from "node:net";
import { email } from "../../../shared/schemas/primitives";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, type Scope } from "../access";
import { emailingEnabled, readSettings } from "../settings";
import { findScopedUser } from "./shared";
import { mailPasswordReset } from "../identity";
import { runTransaction } from "../../db/transaction";

/**
 * The host of the communications service's `my` endpoint: the `my` URL prefix (general settings)
 * as the first label of the console's domain. The console's domain is PUBLIC_URL's host without
 * its first label when it has three or more labels (`console.example.com` → `my.example.com`),
 * else the whole host (`example.com` → `my.example.com`, `localhost` → `my.localhost`). An IP
 * address cannot take a prefix and is used as it is.
 */
export function serviceHost(publicUrl: string, myPrefix: string): string {
  const host = new URL(publicUrl).hostname;
  if (isIP(host.replace(/^\[|\]$/g, ""))) return host;
  const labels = host.split(".");
  const domain = labels.length >= 3 ? labels.slice(1).join(".") : host;
  return `${myPrefix.toLowerCase()}.${domain}`;
}

/** The reset link a user receives: `https://<my host>/reset/<token>` (always HTTPS). */
export function userResetLink(publicUrl: string, myPrefix: string, token: string): string {
  return `https://${serviceHost(publicUrl, myPrefix)}/reset/${token}`;
}

/** The registration link a user created without a password receives: `https://<my host>/register/<token>`. */
export function userRegistrationLink(publicUrl: string, myPrefix: string, token: string): string {
  return `https://${serviceHost(publicUrl, myPrefix)}/register/${token}`;
}

/**
 * Issues a reset token for a user of the caller's scope and queues the `userPasswordReset`
 * e-mail in the team's language (the outbox worker sends it). 404 `userReset404` for an unknown
 * or out-of-scope user, 400 `notValidEmailAccount` when the username is not an e-mail, 501
 * `emailDisabled` when e-mail is off. The token lives 'user password reset token expiry' minutes.
 */
export async function sendUserPasswordReset(ctx: ServiceContext, scope: Scope, uid: string, origin: RequestOrigin): Promise<void> {
  const { db, config, mail } = ctx;
  const user = await findScopedUser(db, scope, uid, "userReset404");
  if (!email.safeParse(user.username).success) throw new AppError("notValidEmailAccount", 400);
  if (!(await emailingEnabled(db, mail))) throw new AppError("emailDisabled", 501);
  const { general, security } = await readSettings(db);
  await runTransaction(db, async (trx) => {
    const to = { id: user.id, username: user.username, firstName: user.firstName || user.username, lang: user.teamLanguage };
    await mailPasswordReset(trx, "user", to, security, (token) => userResetLink(config.publicUrl, general.urlPrefixes.my, token));
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      { action: "user.reset", target: { type: "user", id: user.uid }, teamId: user.teamId },
    );
  });
}
