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
 * How long a process reuses the policy before reading the security group again (like
 * rate-limit's PRINCIPAL_LIMIT_CACHE_MS). A settings write through this process forgets it at once
 * (forgetMfaPolicy); another instance sees a change at most this much later.
 */
export const MFA_POLICY_CACHE_MS = 10_000;
const cached = new WeakMap<object, { at: number; policy: Promise<MfaPolicy> }>();

/** Drops the cached policy of a database: the security settings were just written. */
export function forgetMfaPolicy(db: object): void {
  cached.delete(db);
}

/** The policy, read at most once per MFA_POLICY_CACHE_MS per process (every admin call asks for it). */
function policyOf(db: Kysely<Database>, now = Date.now()): Promise<MfaPolicy> {
  const hit = cached.get(db);
  if (hit && now - hit.at < MFA_POLICY_CACHE_MS && now >= hit.at) return hit.policy;
  const policy = readPolicy(db);
  cached.set(db, { at: now, policy });
  // A failed read is not remembered.
  policy.catch(() => cached.get(db)?.policy === policy && cached.delete(db));
  return policy;
}

/**
 * The policy as stored: one primary-key read of the security group (it skips readSettings' read
 * of every group).
 */
async function readPolicy(db: Kysely<Database>): Promise<MfaPolicy> {
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

/** Where an admin stands with the policy: nothing to do, setting up within the grace period (until when), or past it. */
export type EnrolmentState = { kind: "none" } | { kind: "grace"; until: number } | { kind: "required" };

/**
 * The admin's standing: the policy applies to them and they have no factor → in grace until its
 * end (started the first time this asked, or when the policy was turned on), else required.
 */
export async function enrolmentState(
  ctx: Pick<ServiceContext, "db">,
  admin: { id: number; role: "root" | "admin" },
  now = Date.now(),
): Promise<EnrolmentState> {
  const policy = await policyOf(ctx.db, now);
  if (!requires(policy, admin.role) || (await hasSecondFactor(ctx, admin.id))) return { kind: "none" };
  await ctx.db
    .insertInto("mfaGrace")
    .values({ adminId: admin.id, startedAt: now })
    .onConflict((oc) => oc.column("adminId").doNothing())
    .execute();
  const grace = await ctx.db.selectFrom("mfaGrace").select("startedAt").where("adminId", "=", admin.id).executeTakeFirstOrThrow();
  const until = grace.startedAt + policy.graceDays * 86_400_000;
  return now >= until ? { kind: "required" } : { kind: "grace", until };
}

/**
 * Whether the admin must set up a factor before anything else: the policy applies to them, they
 * have none, and their grace period is over.
 */
export async function mustEnrol(
  ctx: Pick<ServiceContext, "db">,
  admin: { id: number; role: "root" | "admin" },
  now = Date.now(),
): Promise<boolean> {
  return (await enrolmentState(ctx, admin, now)).kind === "required";
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
