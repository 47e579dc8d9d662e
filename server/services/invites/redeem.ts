/**
 * Redemption: the communications service, when a user registers in the app with an
 * invitation code, calls `POST /v2/service/invites/redeem`. The code is looked up by its hash and
 * the hashes compared in constant time; unknown → 404, already used → 409, expired → 410,
 * `matchUser` with another username → 422. The pending user becomes active under the username
 * (its seat passes from the invitation to the user: the row was counted as an invitation and is
 * now counted as a user), the invitation accepted — one conditional update, so two redemptions
 * of one code cannot both succeed.
 */
import { accessLevelFromStored } from "../../../shared/domain/accessLevels";
import type { InviteRedeemReq, InviteRedeemResponse } from "../../../shared/schemas/invite";
import { isUniqueViolation } from "../../db/errors";
import { runTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { reportDeviceIn } from "../users";
import type { ServiceCaller } from "../identity";
import { takenNames } from "../users";
import { inviteCodeHash, sameCodeHash } from "./codes";

/** Redeems a code for `username`; records the device when one is given, in the same transaction. */
export async function redeemInvitation(
  ctx: ServiceContext,
  input: InviteRedeemReq,
  caller: ServiceCaller,
  origin: RequestOrigin,
  now = Date.now(),
): Promise<InviteRedeemResponse> {
  const hash = inviteCodeHash(input.code);
  const username = input.username.trim().toLowerCase();
  let result: InviteRedeemResponse;
  try {
    result = await runTransaction(ctx.db, async (trx) => {
      const row = await trx
        .selectFrom("invites")
        .innerJoin("teams", "teams.id", "invites.teamId")
        .select([
          "invites.id",
          "invites.uid",
          "invites.codeHash",
          "invites.status",
          "invites.expiresAt",
          "invites.userId",
          "invites.address",
          "invites.matchUser",
          "invites.directSignin",
          "invites.teamId",
          "teams.slug",
        ])
        .where("invites.codeHash", "=", hash)
        .executeTakeFirst();
      if (!row || !sameCodeHash(row.codeHash, hash)) throw new AppError("inviteRedeem404", 404);
      if (row.status === "accepted") throw new AppError("inviteRedeem409", 409);
      if (row.status === "expired" || Number(row.expiresAt) <= now || row.userId === null) throw new AppError("inviteRedeem410", 410);
      if (row.matchUser === 1 && username !== row.address) throw new AppError("inviteRedeem422", 422);
      if (username !== row.address && (await takenNames(trx, [username], row.userId)).size > 0) throw new AppError("userCreate409", 409);
      const claimed = await trx
        .updateTable("invites")
        .set({ status: "accepted", acceptedAt: now })
        .where("id", "=", row.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AppError("inviteRedeem409", 409);
      const user = await trx
        .updateTable("users")
        .set({ status: "active", username, updatedAt: now })
        .where("id", "=", row.userId)
        .returning(["uid", "username", "accessLevel"])
        .executeTakeFirstOrThrow();
      await recordAccess(
        trx,
        { actor: null, ...origin },
        {
          action: "invite.accept",
          target: { type: "user", id: user.uid },
          teamId: row.teamId,
          details: { team: row.slug, invite: row.uid, serviceToken: caller.name },
        },
      );
      // The device is recorded in the same transaction: both or neither, so a failure after the
      // redemption's commit can never answer an error for a redemption that happened.
      if (input.device) await reportDeviceIn(trx, { user: user.uid, device: input.device }, now);
      return {
        user: user.uid,
        username: user.username,
        team: row.slug,
        directSignIn: row.directSignin === 1,
        accessLevel: accessLevelFromStored(user.accessLevel),
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, "username")) throw new AppError("userCreate409", 409);
    throw error;
  }
  return result;
}
