import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { fields } from "../../shared/schemas";
import { sha512Hex } from "../../shared/crypto";
import type { Config } from "../config";
import { ConfigError } from "../config";
import type { Database } from "../db/types";
import { recordAccess } from "./accessLog";
import { issueToken } from "./oneTimeTokens";
import { hashPassword, setAdminPassword } from "./passwords";

/** Username of the root created by the setup link when no e-mail was configured. */
export const SETUP_ROOT_USERNAME = "root";
/** The setup link is valid for 24 hours (DESIGN §2). */
export const SETUP_LINK_HOURS = 24;

/** What the first start did about the root admin. */
export type RootBootstrap = { kind: "exists" } | { kind: "created"; username: string } | { kind: "setupLink"; link: string };

/**
 * First start with no active root (DESIGN §2): BULWARK_ROOT_EMAIL/PASSWORD create it active;
 * otherwise a root named 'root' waits for a one-time setup link (valid 24 h, renewed at every
 * start until used). There is never a default password.
 */
export async function ensureRootAdmin(db: Kysely<Database>, config: Config): Promise<RootBootstrap> {
  const active = await db.selectFrom("admins").select("id").where("role", "=", "root").where("status", "=", "active").executeTakeFirst();
  if (active) return { kind: "exists" };
  const now = Date.now();
  if (config.rootAdmin) {
    const { email, password } = config.rootAdmin;
    if (!fields.password.safeParse(password).success) {
      throw new ConfigError(
        "Invalid configuration:\n  BULWARK_ROOT_PASSWORD: must be 9 to 19 characters with upper and lower case letters, a number and a special character",
      );
    }
    const passwordHash = await hashPassword(config.secrets.passwordPepper, await sha512Hex(password));
    await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("admins").select("id").where("username", "=", email).executeTakeFirst();
      const id =
        existing?.id ??
        (
          await trx
            .insertInto("admins")
            .values({ uid: randomUUID(), username: email, firstName: "Root", lastName: "Administrator", role: "root", status: "active", createdAt: now, updatedAt: now, verifiedAt: now })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      await trx.updateTable("admins").set({ role: "root", status: "active", verifiedAt: now }).where("id", "=", id).execute();
      await setAdminPassword(trx, id, passwordHash, now);
      // A setup link logged by an earlier start must not create a second root now that one exists.
      await trx.updateTable("oneTimeTokens").set({ usedAt: now }).where("purpose", "=", "setup").where("usedAt", "is", null).execute();
      await recordAccess(trx, { actor: null, ip: null, userAgent: "bootstrap" }, { action: "admin.root.bootstrap", target: { type: "admin", id: email } });
    });
    return { kind: "created", username: email };
  }
  const link = await db.transaction().execute(async (trx) => {
    const pending = await trx.selectFrom("admins").select("id").where("username", "=", SETUP_ROOT_USERNAME).executeTakeFirst();
    const id =
      pending?.id ??
      (
        await trx
          .insertInto("admins")
          .values({ uid: randomUUID(), username: SETUP_ROOT_USERNAME, firstName: "Root", lastName: "Administrator", role: "root", status: "invited", createdAt: now, updatedAt: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const token = await issueToken(trx, id, "setup", SETUP_LINK_HOURS * 60, now);
    return `${config.publicUrl}/verify/en/${token}`;
  });
  return { kind: "setupLink", link };
}
