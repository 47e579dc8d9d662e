/**
 * `POST /v2/service/users/password`: the communications service's user portal sets an end user's
 * password from a reset or registration link the console e-mailed. Tokens, hashing and the
 * history are identity's; what a `register` link means for a user is here.
 */
import { accessLevelFromStored } from "../../../shared/domain/accessLevels";
import type { UserPasswordSetReq } from "../../../shared/schemas/service";
import { runTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { recordAccess } from "../accessLog";
import { hashPassword, isRecentPassword, redeemToken, type ServiceCaller, setPassword } from "../identity";
import { readSettings } from "../settings";

/** What the service learns about the user whose password was set. */
export interface UserPasswordSetResult {
  user: string;
  username: string;
  status: string;
  /** The user's access level (0..9 or null, #31). */
  accessLevel: number | null;
}

/**
 * Redeems a `reset` or `register` token and sets the user's password: 404 `userPassword404` for
 * an unknown, used or withdrawn token (a blocked user's included), 410 `userPassword410` for an expired one, 422
 * `userPassword422` for one of the user's last N passwords (nothing is written and the token stays
 * usable, so the user can choose another). A `register` token activates a pending user. The
 * access-log entry names the service token, never the link or the password.
 */
export async function setUserPasswordByToken(
  ctx: ServiceContext,
  input: UserPasswordSetReq,
  caller: ServiceCaller,
  origin: RequestOrigin,
): Promise<UserPasswordSetResult> {
  const { db, config } = ctx;
  const pepper = config.secrets.passwordPepper;
  const { security } = await readSettings(db);
  const passwordHash = await hashPassword(pepper, input.password);
  return runTransaction(db, async (trx) => {
    const now = Date.now();
    const redeemed = await redeemToken(trx, "user", input.token, ["reset", "register"], now);
    if (redeemed === "invalid") throw new AppError("userPassword404", 404);
    if (redeemed === "expired") throw new AppError("userPassword410", 410);
    const userId = redeemed.ownerId;
    // A blocked user's link is withdrawn when they are blocked; one that slipped through still
    // answers as withdrawn (the redemption rolls back with the error).
    const owner = await trx.selectFrom("users").select("status").where("id", "=", userId).executeTakeFirst();
    if (!owner || owner.status === "blocked") throw new AppError("userPassword404", 404);
    if (await isRecentPassword(trx, "user", pepper, userId, input.password, security.userPasswordHistory)) {
      throw new AppError("userPassword422", 422);
    }
    await setPassword(trx, "user", userId, passwordHash, { keep: security.userPasswordHistory, now });
    if (redeemed.purpose === "register") {
      await trx.updateTable("users").set({ status: "active" }).where("id", "=", userId).where("status", "=", "pending").execute();
    }
    const user = await trx
      .selectFrom("users")
      .select(["uid", "username", "status", "teamId", "accessLevel"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    await recordAccess(
      trx,
      { actor: null, ...origin },
      {
        action: redeemed.purpose === "register" ? "user.register" : "user.password.reset",
        target: { type: "user", id: user.uid },
        teamId: user.teamId,
        details: { serviceToken: caller.name, status: user.status },
      },
    );
    return { user: user.uid, username: user.username, status: user.status, accessLevel: accessLevelFromStored(user.accessLevel) };
  });
}
