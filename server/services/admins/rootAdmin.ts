import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { fields } from "../../../shared/schemas";
import { sha512Hex } from "../../../shared/crypto";
import type { Config } from "../../config";
import { ConfigError } from "../../config";
import { takeInstallationLock } from "../../db/locks";
import { runTransaction } from "../../db/transaction";
import type { Database } from "../../db/types";
import { recordAccess } from "../accessLog";
import { issueToken } from "../identity";
import { hashPassword, setPassword } from "../identity";

/** Username of the root created by the setup link when no e-mail was configured. */
export const SETUP_ROOT_USERNAME = "root";
/** The setup link is valid for 24 hours (DESIGN §2). */
export const SETUP_LINK_HOURS = 24;
/**
 * A setup link issued less than this long ago was printed by a process of the same start (N
 * processes started together): it stays the one valid link and is not replaced by another.
 */
export const SETUP_LINK_REUSE_MS = 60_000;

/**
 * What this start did about the root admin: nothing to do, created it from the environment,
 * issued a setup link (to print), or found a link another process issued moments ago.
 */
export type RootBootstrap =
  | { kind: "exists" }
  | { kind: "created"; username: string }
  | { kind: "setupLink"; link: string }
  | { kind: "setupLinkElsewhere"; issuedAt: number; expiresAt: number };

/**
 * First start with no active root (DESIGN §2): BULWARK_ROOT_EMAIL/PASSWORD create it active;
 * otherwise a root named 'root' waits for a one-time setup link (valid 24 h, renewed at a later
 * start until used). Idempotent across processes: everything happens in one transaction under
 * the installation's bootstrap lock, so N processes started together on an empty database create
 * one root, write one access-log entry and print one setup link. There is never a default password.
 */
export async function ensureRootAdmin(db: Kysely<Database>, config: Config, now = Date.now()): Promise<RootBootstrap> {
  let passwordHash: string | null = null;
  if (config.rootAdmin) {
    if (!fields.password.safeParse(config.rootAdmin.password).success) {
      throw new ConfigError(
        "Invalid configuration:\n  BULWARK_ROOT_PASSWORD: must be 9 to 19 characters with upper and lower case letters, a number and a special character",
      );
    }
    // Hashed before the lock (argon2id is slow); unused when another process got there first.
    const active = await db.selectFrom("admins").select("id").where("role", "=", "root").where("status", "=", "active").executeTakeFirst();
    if (active) return { kind: "exists" };
    passwordHash = await hashPassword(config.secrets.passwordPepper, await sha512Hex(config.rootAdmin.password));
  }
  return runTransaction(db, async (trx) => {
    await takeInstallationLock(trx, "bootstrap");
    const active = await trx.selectFrom("admins").select("id").where("role", "=", "root").where("status", "=", "active").executeTakeFirst();
    if (active) return { kind: "exists" };
    if (config.rootAdmin && passwordHash) return createConfiguredRoot(trx, config.rootAdmin.email, passwordHash, now);
    return issueSetupLink(trx, config, now);
  });
}

/** Creates (or promotes) the configured root, active, and withdraws any earlier setup link. */
async function createConfiguredRoot(trx: Transaction<Database>, email: string, passwordHash: string, now: number): Promise<RootBootstrap> {
  const existing = await trx.selectFrom("admins").select("id").where("username", "=", email).executeTakeFirst();
  const id =
    existing?.id ??
    (
      await trx
        .insertInto("admins")
        .values({
          uid: randomUUID(),
          username: email,
          firstName: "Root",
          lastName: "Administrator",
          role: "root",
          status: "active",
          createdAt: now,
          updatedAt: now,
          verifiedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  await trx.updateTable("admins").set({ role: "root", status: "active", verifiedAt: now }).where("id", "=", id).execute();
  await setPassword(trx, "admin", id, passwordHash, { now });
  // A setup link logged by an earlier start must not create a second root now that one exists.
  await trx.updateTable("oneTimeTokens").set({ usedAt: now }).where("purpose", "=", "setup").where("usedAt", "is", null).execute();
  await recordAccess(
    trx,
    { actor: null, ip: null, userAgent: "bootstrap" },
    { action: "admin.root.bootstrap", target: { type: "admin", id: email } },
  );
  return { kind: "created", username: email };
}

/**
 * The invited 'root' and a new setup link; or, when a link was issued within SETUP_LINK_REUSE_MS
 * (by a process starting together with this one), that link's times, so only one link exists
 * and is printed. A later start issues a new link and withdraws the old one (a lost link).
 */
async function issueSetupLink(trx: Transaction<Database>, config: Config, now: number): Promise<RootBootstrap> {
  const pending = await trx.selectFrom("admins").select("id").where("username", "=", SETUP_ROOT_USERNAME).executeTakeFirst();
  if (pending) {
    const recent = await trx
      .selectFrom("oneTimeTokens")
      .select(["createdAt", "expiresAt"])
      .where("adminId", "=", pending.id)
      .where("purpose", "=", "setup")
      .where("usedAt", "is", null)
      .where("createdAt", ">", now - SETUP_LINK_REUSE_MS)
      .orderBy("createdAt", "desc")
      .executeTakeFirst();
    if (recent) return { kind: "setupLinkElsewhere", issuedAt: recent.createdAt, expiresAt: recent.expiresAt };
  }
  const id =
    pending?.id ??
    (
      await trx
        .insertInto("admins")
        .values({
          uid: randomUUID(),
          username: SETUP_ROOT_USERNAME,
          firstName: "Root",
          lastName: "Administrator",
          role: "root",
          status: "invited",
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const token = await issueToken(trx, "admin", id, "setup", SETUP_LINK_HOURS * 60, now);
  return { kind: "setupLink", link: `${config.publicUrl}/verify/en/${token}` };
}
