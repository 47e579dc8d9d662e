/** License packs and seats: purchase, activation, distribution, seat reservations, payment providers, expiry reminders. */
export { listPacks, readPack, findPack, packQuery } from "./packs";
export type { Pack, PackRow } from "./packs";
export { purchasePack, activatePack, validateToken, type PackPurchase, type TokenCheck } from "./create";
export { updatePack, type PackUpdate } from "./actions";
export { reserveSeats, readSeats, seatsOf, lockSeatCounters } from "./seats";
export { invoiceProvider, PAYMENT_PROVIDERS, formatMoney } from "./providers";
export type { PaymentProvider, PaymentOrder, PaymentReceipt } from "./providers";
export { encodeToken, readToken, TokenPayloadSchema } from "./tokens";
export type { TokenPayload, TokenReading } from "./tokens";
export { invitePackOf } from "./packs";
export { sendExpiryReminders } from "./reminders";
export { requireFreeSeats, seatsByTeam } from "./seats";
export { expiryCounts } from "./expiry";
