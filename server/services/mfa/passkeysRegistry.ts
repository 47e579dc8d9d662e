/**
 * An admin's own passkeys (issue #29): register one (named), list, rename, remove. A registration
 * is a two-call ceremony: the options call stores its WebAuthn challenge server-side (a
 * `passkeyAdd` challenge, single-use, a few minutes long) and the add call redeems it before
 * verifying. The first factor an admin sets up, passkey or app, brings the ten recovery codes.
 */
import { isUid } from "../../../shared/schemas/primitives";
import { randomUUID } from "node:crypto";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import type { PasskeyAddReq } from "../../../shared/schemas/mfaPasskey";
import { AppError } from "../../errors";
import { isUniqueViolation } from "../../db";
import { runTransaction } from "../../db/transaction";
import type { Row } from "../../db/types";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import type { SessionAdmin } from "../access";
import { findChallenge, issueChallenge, redeemChallenge } from "./challenges";
import { recordMfaChange } from "./notify";
import { passkeysOf, registrationOptionsFor, verifyRegistration } from "./passkeys";
import { factorRequired } from "./policy";
import { replaceRecoveryCodes } from "./recoveryCodes";
import { hasSecondFactor } from "./state";

/** Most passkeys one admin may have. */
export const MAX_PASSKEYS = 10;

/** A passkey as the profile shows it. */
export interface PasskeyRecord {
  uid: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const recordOf = (row: Row<"adminPasskeys">): PasskeyRecord => ({
  uid: row.uid,
  name: row.name,
  createdAt: Number(row.createdAt),
  lastUsedAt: row.lastUsedAt === null ? null : Number(row.lastUsedAt),
});

/** The admin's passkeys, oldest first. */
export async function listPasskeys(ctx: ServiceContext, adminId: number): Promise<PasskeyRecord[]> {
  return (await passkeysOf(ctx.db, adminId)).map(recordOf);
}

/** Starts a registration: the creation options and the token the add call must bring back (409 at the limit). */
export async function startPasskeyRegistration(
  ctx: ServiceContext,
  admin: SessionAdmin,
): Promise<{ challenge: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  if ((await passkeysOf(ctx.db, admin.id)).length >= MAX_PASSKEYS) throw new AppError("mfaPasskeyOptions409");
  const options = await registrationOptionsFor(ctx.db, ctx.config, admin);
  const challenge = await issueChallenge(ctx.db, admin.id, "passkeyAdd", options.challenge);
  return { challenge, options };
}

/**
 * Finishes a registration: the challenge must be the caller's, live and unused (410; it is spent
 * whatever follows), the attestation must verify for this console (400), the credential must be
 * new (409). Logged and mailed; answers the passkey and, for a first factor, the recovery codes.
 */
export async function finishPasskeyRegistration(
  ctx: ServiceContext,
  admin: SessionAdmin,
  input: PasskeyAddReq,
  origin: RequestOrigin,
): Promise<{ passkey: PasskeyRecord; recoveryCodes: string[] }> {
  const challenge = await findChallenge(ctx.db, input.challenge, "passkeyAdd");
  if (!challenge || challenge.adminId !== admin.id || challenge.data === null) throw new AppError("mfaPasskeyAdd410");
  if (!(await redeemChallenge(ctx.db, challenge.id))) throw new AppError("mfaPasskeyAdd410");
  const verified = await verifyRegistration(ctx.config, challenge.data, input.response);
  if (!verified) throw new AppError("mfaPasskeyAdd400");
  try {
    return await runTransaction(ctx.db, async (trx) => {
      const first = !(await hasSecondFactor({ db: trx }, admin.id));
      const now = Date.now();
      const row = await trx
        .insertInto("adminPasskeys")
        .values({
          uid: randomUUID(),
          adminId: admin.id,
          name: input.name,
          credentialId: verified.credentialId,
          publicKey: verified.publicKey,
          counter: verified.counter,
          transports: JSON.stringify(verified.transports),
          createdAt: now,
          lastUsedAt: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const recoveryCodes = first ? await replaceRecoveryCodes(trx, ctx.config.secrets.passwordPepper, admin.id) : [];
      await recordMfaChange(trx, ctx.config.publicUrl, "passkeyAdded", admin, origin);
      return { passkey: recordOf(row), recoveryCodes };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("mfaPasskeyAdd409");
    throw error;
  }
}

/** Renames one of the caller's passkeys (404 for anyone else's: it looks unknown). */
export async function renamePasskey(ctx: ServiceContext, admin: SessionAdmin, uid: string, name: string): Promise<void> {
  // A path parameter: anything that is not a uid names no passkey (and never reaches SQL).
  if (!isUid(uid)) throw new AppError("mfaPasskeyRename404");
  const updated = await ctx.db
    .updateTable("adminPasskeys")
    .set({ name })
    .where("uid", "=", uid)
    .where("adminId", "=", admin.id)
    .returning("id")
    .executeTakeFirst();
  if (!updated) throw new AppError("mfaPasskeyRename404");
}

/**
 * Removes one of the caller's passkeys (404 for anyone else's). The last factor stays while the
 * policy requires one (409); with no factor left, the recovery codes go too. Logged and mailed.
 */
export async function removePasskey(ctx: ServiceContext, admin: SessionAdmin, uid: string, origin: RequestOrigin): Promise<void> {
  if (!isUid(uid)) throw new AppError("mfaPasskeyRemove404");
  await runTransaction(ctx.db, async (trx) => {
    const passkey = await trx
      .selectFrom("adminPasskeys")
      .select("id")
      .where("uid", "=", uid)
      .where("adminId", "=", admin.id)
      .executeTakeFirst();
    if (!passkey) throw new AppError("mfaPasskeyRemove404");
    await trx.deleteFrom("adminPasskeys").where("id", "=", passkey.id).execute();
    if (!(await hasSecondFactor({ db: trx }, admin.id))) {
      if (await factorRequired({ db: trx }, admin.role)) throw new AppError("mfaPasskeyRemove409");
      await trx.deleteFrom("adminRecoveryCodes").where("adminId", "=", admin.id).execute();
    }
    await recordMfaChange(trx, ctx.config.publicUrl, "passkeyRemoved", admin, origin);
  });
}
