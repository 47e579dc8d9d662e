/** Whether an admin has a second factor: asked by sign-in, the policy and the factor calls alike. */
import type { ServiceContext } from "../../lib/context";

/** Whether the admin has a confirmed second factor, so sign-in must ask for it. */
export async function hasSecondFactor(ctx: Pick<ServiceContext, "db">, adminId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom("adminTotp")
    .select("id")
    .where("adminId", "=", adminId)
    .where("confirmedAt", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}
