import { createHmac } from "node:crypto";
import { createChallenge, verifySolution, extractParams } from "altcha-lib/v1";
import type { Challenge } from "altcha-lib/v1/types";

/** Proof-of-work size: about a second of hashing in a browser, nothing for the server to check. */
const MAX_NUMBER = 100_000;
/** A challenge must be solved and sent within this time. */
const CHALLENGE_TTL_MS = 10 * 60_000;
/** How many redeemed challenges are remembered to refuse replays (each lives ≤ CHALLENGE_TTL_MS). */
const REMEMBERED = 10_000;

/**
 * The self-hosted ALTCHA captcha of sign-up (DESIGN §2): signed proof-of-work challenges, each
 * accepted once. The HMAC key is derived from the JWT secret so no extra secret is needed.
 */
export class CaptchaService {
  private readonly hmacKey: string;
  private readonly used = new Map<string, number>();

  constructor(secret: string) {
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
    const now = Date.now();
    for (const [key, at] of this.used) if (at < now - CHALLENGE_TTL_MS || this.used.size > REMEMBERED) this.used.delete(key);
    if (this.used.has(signature)) return false;
    this.used.set(signature, now);
    return true;
  }
}
