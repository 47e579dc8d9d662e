/**
 * New license packs (`POST /v2/license`): a purchase in the public edition (through a payment
 * provider, prices from the configured list) and the activation of a vendor-signed token in the
 * private edition (root only; each token id once across every process: the UNIQUE token_id
 * column refuses the second insert). Every change writes its access-log entry in its transaction.
 */
import { randomUUID } from "node:crypto";
import { quotePrice, termExpiration, type TokenInvalidReason } from "../../../shared/domain/licenses";
import type { CatalogueCode } from "../../../shared/errors";
import type { LicenseActivateReq, LicensePurchaseReq } from "../../../shared/schemas/license";
import { isUniqueViolation } from "../../db/errors";
import { runTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import { recordAccess } from "../accessLog";
import type { RequestOrigin, ServiceContext } from "../../lib/context";
import { actorOf, requireRoot, teamInScope, type Scope } from "../access";
import { packQuery, withState, type Pack } from "./packs";
import { invoiceProvider, type PaymentProvider } from "./providers";
import { readToken, type TokenPayload } from "./tokens";
import { checkOrder, checkTrialOnce } from "./rules";
import { readSettings } from "../settings";

/** A team by slug: root gets `missing` (404) for an unknown one; an admin gets `forbidden` (403) for any team outside their scope, unknown ones included, so existence never leaks. */
async function teamFor(ctx: ServiceContext, scope: Scope, slug: string, forbidden: CatalogueCode, missing: CatalogueCode) {
  const team = await ctx.db
    .selectFrom("teams")
    .select(["id", "slug", "teamName", "contactEmailFinance", "language"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!teamInScope(scope, team?.id ?? null) || (scope.role !== "root" && !team)) throw new AppError(forbidden, 403);
  if (!team) throw new AppError(missing, 404);
  return team;
}

/** A purchased pack and the order the payment provider recorded for it. */
export interface PackPurchase {
  pack: Pack;
  order: { provider: string; invoiceNumber: string; currency: string; totalMinor: number };
}

/**
 * Buys `licenseCount` seats of `licenseType` for `termMonths` for a team of the caller's scope:
 * the pack is usable at once and expires `termMonths` calendar months from now; the provider
 * records the order. 403 `licenseCreate403` outside the scope, 404 `licenseCreate404` for an
 * unknown team (root), 422 `licenseCreate422` when the price list has no such type and term,
 * and the refusals of the purchase rules (rules.ts: trial policy and size, order size, a company
 * admin's order limit).
 */
export async function purchasePack(
  ctx: ServiceContext,
  scope: Scope,
  input: LicensePurchaseReq,
  origin: RequestOrigin,
  provider: PaymentProvider = invoiceProvider,
): Promise<PackPurchase> {
  const team = await teamFor(ctx, scope, input.team, "licenseCreate403", "licenseCreate404");
  const { priceList } = ctx.config.licenses;
  const total = quotePrice(priceList.prices, input.licenseType, input.termMonths, input.licenseCount);
  if (total === null) throw new AppError("licenseCreate422", 422);
  const rules = (await readSettings(ctx.db)).licenses;
  checkOrder(rules, scope, input);
  const buyer = await ctx.db.selectFrom("admins").select("username").where("id", "=", scope.adminId).executeTakeFirst();
  const uid = randomUUID();
  const now = Date.now();
  // Each write reads its answer inside its transaction (see runTransaction).
  const { receipt, row } = await runTransaction(ctx.db, async (trx) => {
    await checkTrialOnce(trx, rules, team.id, input);
    const pack = await trx
      .insertInto("licensePacks")
      .values({
        uid,
        teamId: team.id,
        licenseType: input.licenseType,
        licenseCount: input.licenseCount,
        status: "active",
        expiresAt: termExpiration(now, input.termMonths).getTime(),
        source: "purchase",
        createdBy: scope.adminId,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const result = await provider.placeOrder(
      trx,
      {
        team: { id: team.id, slug: team.slug, teamName: team.teamName, financeEmail: team.contactEmailFinance, language: team.language },
        packId: pack.id,
        licenseType: input.licenseType,
        licenseCount: input.licenseCount,
        termMonths: input.termMonths,
        currency: priceList.currency,
        unitPriceMinor: total / input.licenseCount,
        totalMinor: total,
        buyer: { id: scope.adminId, email: buyer && buyer.username.includes("@") ? buyer.username : null },
        link: `${ctx.config.publicUrl}/licenses`,
      },
      now,
    );
    await recordAccess(
      trx,
      { actor: actorOf(scope), ...origin },
      {
        action: "license.purchase",
        target: { type: "licensePack", id: uid },
        teamId: team.id,
        details: {
          team: team.slug,
          licenseType: input.licenseType,
          licenseCount: input.licenseCount,
          termMonths: input.termMonths,
          provider: result.provider,
          invoiceNumber: result.invoiceNumber,
          totalMinor: total,
          currency: priceList.currency,
        },
      },
    );
    return { receipt: result, row: await packQuery(trx).where("licensePacks.uid", "=", uid).executeTakeFirstOrThrow() };
  });
  return {
    pack: withState(row, now),
    order: { provider: receipt.provider, invoiceNumber: receipt.invoiceNumber, currency: priceList.currency, totalMinor: total },
  };
}

/** Whether a token id was already activated (a pack carries it). */
async function tokenUsed(ctx: ServiceContext, tokenId: string): Promise<boolean> {
  return (await ctx.db.selectFrom("licensePacks").select("id").where("tokenId", "=", tokenId).executeTakeFirst()) !== undefined;
}

/** What checking a token found: valid or why not, and the signed payload when the vendor signed it. */
export interface TokenCheck {
  valid: boolean;
  reason?: TokenInvalidReason;
  payload?: TokenPayload;
}

/** `POST /v2/license/validate` (root): valid or invalid with why, and what a signed token grants; no side effect. */
export async function validateToken(ctx: ServiceContext, scope: Scope, token: string, now = Date.now()): Promise<TokenCheck> {
  requireRoot(scope, "licenseValidate403");
  const { publicKey, installationId } = ctx.config.licenses;
  const reading = readToken(token, publicKey, installationId, now);
  if (!reading.ok) return { valid: false, reason: reading.reason, ...(reading.payload ? { payload: reading.payload } : {}) };
  if (await tokenUsed(ctx, reading.payload.id)) return { valid: false, reason: "alreadyUsed", payload: reading.payload };
  return { valid: true, payload: reading.payload };
}

/** The activation refusal for each reason a token is invalid. */
const REFUSAL: Readonly<Record<TokenInvalidReason, CatalogueCode>> = {
  malformed: "licenseActivate404",
  badSignature: "licenseActivate404",
  notConfigured: "licenseActivate404",
  alreadyUsed: "licenseActivate409",
  expiredOffer: "licenseActivate410",
  wrongInstallation: "licenseActivate422",
};

/**
 * Activates a token (root only, 403 `licenseActivate403`): a pack for the token's team (or, when
 * the token lets the activator choose, `team`: 400 `licenseActivate400` without it, 422 when the
 * token names another team), expiring at the token's expiration or its term from now. Refusals
 * carry `details.reason`: 404 malformed / bad signature / no key configured, 409 already used,
 * 410 expired offer, 422 another installation.
 */
export async function activatePack(ctx: ServiceContext, scope: Scope, input: LicenseActivateReq, origin: RequestOrigin): Promise<Pack> {
  requireRoot(scope, "licenseActivate403");
  const now = Date.now();
  const { publicKey, installationId } = ctx.config.licenses;
  const reading = readToken(input.token, publicKey, installationId, now);
  if (!reading.ok) throw new AppError(REFUSAL[reading.reason], undefined, { reason: reading.reason });
  const payload = reading.payload;
  if (payload.team !== null && input.team !== undefined && input.team !== payload.team) {
    throw new AppError("licenseActivate422", 422, { reason: "wrongTeam" });
  }
  const slug = payload.team ?? input.team;
  if (slug === undefined) throw new AppError("licenseActivate400", 400);
  if (await tokenUsed(ctx, payload.id)) throw new AppError("licenseActivate409", 409, { reason: "alreadyUsed" });
  const team = await teamFor(ctx, scope, slug, "licenseActivate403", "licenseCreate404");
  const expiresAt = payload.exp !== undefined ? Date.parse(payload.exp) : termExpiration(now, payload.term ?? 1).getTime();
  const uid = randomUUID();
  try {
    return await runTransaction(ctx.db, async (trx) => {
      await trx
        .insertInto("licensePacks")
        .values({
          uid,
          teamId: team.id,
          licenseType: payload.type,
          licenseCount: payload.count,
          status: "active",
          expiresAt,
          source: "activation",
          tokenId: payload.id,
          createdBy: scope.adminId,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await recordAccess(
        trx,
        { actor: actorOf(scope), ...origin },
        {
          action: "license.activate",
          target: { type: "licensePack", id: uid },
          teamId: team.id,
          details: {
            team: team.slug,
            tokenId: payload.id,
            licenseType: payload.type,
            licenseCount: payload.count,
            expiration: new Date(expiresAt).toISOString(),
          },
        },
      );
      return withState(await packQuery(trx).where("licensePacks.uid", "=", uid).executeTakeFirstOrThrow(), now);
    });
  } catch (error) {
    // Another process activated the same token between the check and the insert.
    if (isUniqueViolation(error)) throw new AppError("licenseActivate409", 409, { reason: "alreadyUsed" });
    throw error;
  }
}
