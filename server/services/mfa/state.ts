/** Whether an admin has a second factor: asked by sign-in, the policy and the factor calls alike. */
import type { ServiceContext } from "../../lib/context";

/** Whether the admin has a confirmed second factor (an authenticator app or a passkey), so sign-in must ask for it. */
export async function hasSecondFactor(ctx: Pick<ServiceContext, "db">, adminId: number): Promise<boolean> {
  const totp = await ctx.db
    .selectFrom("adminTotp")
    .select("id")
    .where("adminId", "=", adminId)
    .where("confirmedAt", "is not", null)
    .executeTakeFirst();
  if (totp) return true;
  const passkey = await ctx.db.selectFrom("adminPasskeys").select("id").where("adminId", "=", adminId).executeTakeFirst();
  return passkey !== undefined;
}
