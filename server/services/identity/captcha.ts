import { createHash, createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { createChallenge, verifySolution, extractParams } from "altcha-lib/v1";
import type { Challenge } from "altcha-lib/v1/types";
import type { Database } from "../../db/types";

/** Proof-of-work size: about a second of hashing in a browser, nothing for the server to check. */
const MAX_NUMBER = 100_000;
/** A challenge must be solved and sent within this time. */
const CHALLENGE_TTL_MS = 10 * 60_000;
/**
 * How long a redemption is kept after it: the challenge's whole lifetime (it expires at most
 * CHALLENGE_TTL_MS after it was issued, so before this), plus a margin for clocks that differ
 * between processes. After that verifySolution refuses the challenge as expired by itself.
 */
const REDEMPTION_TTL_MS = CHALLENGE_TTL_MS + 5 * 60_000;

/**
 * The self-hosted ALTCHA captcha of sign-up (DESIGN §2): signed proof-of-work challenges, each
 * accepted once. The HMAC key is derived from the JWT secret so no extra secret is needed.
 * Redemptions are recorded in the database (captcha_redemptions), so a solution redeemed on one
 * process is refused on every other.
 */
export class CaptchaService {
  private readonly hmacKey: string;

  constructor(
    secret: string,
    private readonly db: Kysely<Database>,
  ) {
    this.hmacKey = createHmac("sha256", secret).update("bulwark-altcha").digest("hex");
  }

  /** A new challenge for the sign-up island. */
  challenge(): Promise<Challenge> {
    return createChallenge({ hmacKey: this.hmacKey, maxNumber: MAX_NUMBER, expires: new Date(Date.now() + CHALLENGE_TTL_MS) });
  }

  /** Whether the base64 payload solves one of our unexpired challenges that was not used before. */
  async verify(payload: string): Promise<boolean> {
    let signature: string;
    try {
      const decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature?: unknown };
      if (typeof decoded.signature !== "string") return false;
      signature = decoded.signature;
      if (!(await verifySolution(payload, this.hmacKey, true))) return false;
      extractParams(payload);
    } catch {
      return false;
    }
    // Only valid solutions get here, so only our own challenges are recorded. The primary key
    // decides between concurrent redemptions on any number of processes: one row is inserted.
    const result = await this.db
      .insertInto("captchaRedemptions")
      .values({ signatureHash: createHash("sha256").update(signature).digest("hex"), expiresAt: Date.now() + REDEMPTION_TTL_MS })
      .onConflict((oc) => oc.column("signatureHash").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }
}

/** Deletes the redemptions whose challenges have expired (they can no longer be redeemed); housekeeping calls it. */
export async function pruneCaptchaRedemptions(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom("captchaRedemptions").where("expiresAt", "<=", now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
