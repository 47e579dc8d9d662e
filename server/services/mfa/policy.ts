/**
 * The MFA policy of Settings → Security (issue #29 item 4): optional, required for super
 * administrators, or required for every admin, with a grace period. An admin the policy applies
 * to who has no factor may keep working for the grace period, counted from the first call the
 * policy stopped; after it, only the calls that set a factor up (and reading oneself, signing
 * out) are answered, every other one is 403 `mfaEnrolRequired`. While the policy applies, the
 * last factor cannot be removed.
 */
import type { Kysely } from "kysely";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settingsDefaults";
import { SecuritySettingsSchema } from "../../../shared/schemas/settings";
import type { Database } from "../../db/types";
import type { ServiceContext } from "../../lib/context";
import { AppError } from "../../errors";
import { hasSecondFactor } from "./state";

/** What the policy needs of the security settings. */
interface MfaPolicy {
  superAdmins: boolean;
  allAdmins: boolean;
  graceDays: number;
}

/**
 * The policy as stored: one primary-key read of the security group (every admin call makes it,
 * so it skips readSettings' read of every group).
 */
async function policyOf(db: Kysely<Database>): Promise<MfaPolicy> {
  const row = await db.selectFrom("systemSettings").select("value").where("groupName", "=", "security").executeTakeFirst();
  const stored: unknown = row ? JSON.parse(row.value) : {};
  const parsed = SecuritySettingsSchema.safeParse(
    typeof stored === "object" && stored !== null ? { ...DEFAULT_SETTINGS.security, ...stored } : DEFAULT_SETTINGS.security,
  );
  const security = parsed.success ? parsed.data : DEFAULT_SETTINGS.security;
  return {
    superAdmins: security.mfaRequiredForSuperAdmins,
    allAdmins: security.mfaRequiredForAllAdmins,
    graceDays: security.mfaGraceDays,
  };
}

/** Whether the policy asks this role for a second factor. */
function requires(policy: MfaPolicy, role: "root" | "admin"): boolean {
  return policy.allAdmins || (policy.superAdmins && role === "root");
}

/** Whether the policy requires a second factor of the admin (so their last one cannot be removed). */
export async function factorRequired(ctx: Pick<ServiceContext, "db">, role: "root" | "admin"): Promise<boolean> {
  return requires(await policyOf(ctx.db), role);
}

/**
 * Whether the admin must set up a factor before anything else: the policy applies to them, they
 * have none, and their grace period (started the first time this asked) is over.
 */
export async function mustEnrol(
  ctx: Pick<ServiceContext, "db">,
  admin: { id: number; role: "root" | "admin" },
  now = Date.now(),
): Promise<boolean> {
  const policy = await policyOf(ctx.db);
  if (!requires(policy, admin.role) || (await hasSecondFactor(ctx, admin.id))) return false;
  await ctx.db
    .insertInto("mfaGrace")
    .values({ adminId: admin.id, startedAt: now })
    .onConflict((oc) => oc.column("adminId").doNothing())
    .execute();
  const grace = await ctx.db.selectFrom("mfaGrace").select("startedAt").where("adminId", "=", admin.id).executeTakeFirstOrThrow();
  return now >= grace.startedAt + policy.graceDays * 86_400_000;
}

/**
 * Refuses a security settings change that turns on a requiring policy while the root making it
 * has no second factor of their own (409 `settingsSecurity409`): the grace would run out and leave
 * them able to do nothing but enrol.
 */
export async function assertMayRequireFactors(
  ctx: Pick<ServiceContext, "db">,
  adminId: number,
  patch: { mfaRequiredForSuperAdmins?: boolean; mfaRequiredForAllAdmins?: boolean },
): Promise<void> {
  if (patch.mfaRequiredForSuperAdmins !== true && patch.mfaRequiredForAllAdmins !== true) return;
  if (!(await hasSecondFactor(ctx, adminId))) throw new AppError("settingsSecurity409", 409);
}
