/** Shared steps of the MFA API tests: a factor enrolled straight in the database, and codes of chosen time steps. */
import type { Kysely } from "kysely";
import type { Config } from "../../server/config";
import type { Database, Row } from "../../server/db/types";
import { replaceRecoveryCodes } from "../../server/services/mfa/recoveryCodes";
import { sealSecret } from "../../server/services/mfa/secretBox";
import { newTotpSecret, totpOf } from "../../server/services/mfa/totp";

/** A TOTP code of the step `offset` steps from now (0 = current, 1 = next; both inside the server's window). */
export function codeAt(secret: string, offset: number): string {
  return totpOf(secret).generate({ timestamp: Date.now() + offset * 30_000 });
}

/** Gives the admin a confirmed authenticator app and ten recovery codes, as enrolment leaves them. */
export async function enrolDirectly(
  db: Kysely<Database>,
  config: Config,
  admin: Row<"admins">,
): Promise<{ secret: string; codes: string[] }> {
  const secret = newTotpSecret();
  const now = Date.now();
  await db
    .insertInto("adminTotp")
    .values({
      adminId: admin.id,
      secret: sealSecret(config.secrets.passwordPepper, secret),
      lastStep: null,
      confirmedAt: now,
      createdAt: now,
    })
    .execute();
  const codes = await replaceRecoveryCodes(db, config.secrets.passwordPepper, admin.id);
  return { secret, codes };
}
