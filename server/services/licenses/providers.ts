/**
 * Payment providers (DESIGN §11): a purchase goes through a small interface so another
 * provider (a card processor) can be added without touching the purchase rule. The built-in one,
 * `invoice`, records the order with a fresh invoice number and e-mails the invoice to the
 * team's finance contact (else the buying administrator) through the outbox, in the purchase's
 * transaction: the order, the pack and the e-mail exist together or not at all.
 */
import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../../db/types";
import { enqueueMail } from "../../mail/outbox";

/** What a provider is asked to bill. */
export interface PaymentOrder {
  team: { id: number; slug: string; teamName: string; financeEmail: string | null; language: string };
  packId: number;
  licenseType: string;
  licenseCount: number;
  termMonths: number;
  currency: string;
  unitPriceMinor: number;
  totalMinor: number;
  buyer: { id: number; email: string | null };
  /** The /licenses page, for the e-mail's button. */
  link: string;
}

/** What a provider answers: the invoice (or payment) reference shown to the buyer. */
export interface PaymentReceipt {
  provider: string;
  invoiceNumber: string;
}

/** A payment provider: bills an order inside the purchase's transaction, or throws to refuse it. */
export interface PaymentProvider {
  readonly name: string;
  placeOrder(trx: Transaction<Database>, order: PaymentOrder, now: number): Promise<PaymentReceipt>;
}

/** `INV-20261124-3F9A1C7B`: the day and 32 random bits (UNIQUE in license_orders; a clash fails the purchase, never repeats a number). */
function invoiceNumber(now: number): string {
  return `INV-${new Date(now).toISOString().slice(0, 10).replace(/-/g, "")}-${randomBytes(4).toString("hex").toUpperCase()}`;
}

/** A total in minor units as the recipient's language writes money (2 decimals). */
export function formatMoney(totalMinor: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang, { style: "currency", currency }).format(totalMinor / 100);
}

/** The built-in provider: invoice now, pay later. */
export const invoiceProvider: PaymentProvider = {
  name: "invoice",
  async placeOrder(trx, order, now) {
    const number = invoiceNumber(now);
    const billedTo = order.team.financeEmail ?? order.buyer.email;
    await trx
      .insertInto("licenseOrders")
      .values({
        invoiceNumber: number,
        provider: "invoice",
        teamId: order.team.id,
        licensePackId: order.packId,
        licenseType: order.licenseType,
        licenseCount: order.licenseCount,
        termMonths: order.termMonths,
        currency: order.currency,
        unitPriceMinor: order.unitPriceMinor,
        totalMinor: order.totalMinor,
        billedTo,
        createdBy: order.buyer.id,
        createdAt: now,
      })
      .execute();
    if (billedTo) {
      await enqueueMail(
        trx,
        {
          to: billedTo,
          template: "licenseInvoice",
          lang: order.team.language,
          params: {
            firstName: order.team.teamName,
            link: order.link,
            invoiceNumber: number,
            licenseCount: String(order.licenseCount),
            licenseType: order.licenseType,
            termMonths: String(order.termMonths),
            total: formatMoney(order.totalMinor, order.currency, order.team.language),
          },
        },
        now,
      );
    }
    return { provider: "invoice", invoiceNumber: number };
  },
};

/** The providers by name; config could pick one later (only `invoice` exists). */
export const PAYMENT_PROVIDERS: Readonly<Record<string, PaymentProvider>> = { invoice: invoiceProvider };
