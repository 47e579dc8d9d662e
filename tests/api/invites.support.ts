/**
 * Invitation fixtures for the API tests and the authorization matrix: an invitation written as
 * the service writes one (a pending user plus an `invites` row with the hashed code).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, Row } from "../../server/db/types";
import { inviteCodeHash, newInviteCode } from "../../server/services/invites/codes";

/** What a built invitation exposes: its public id, its code (in clear) and its pending user. */
export interface BuiltInvite {
  id: number;
  uid: string;
  code: string;
  address: string;
  userId: number | null;
}

/** Options of {@link buildInvite}; defaults: a pending e-mail invitation valid 7 days, pack optional. */
export interface InviteOverrides {
  team: Row<"teams">;
  pack?: Row<"licensePacks"> | null;
  type?: "email" | "handle";
  address?: string;
  status?: "pending" | "accepted" | "expired";
  expiresAt?: number;
  matchUser?: boolean;
}

/** Writes one invitation (and its pending user unless expired; an accepted one's user is active). */
export async function buildInvite(db: Kysely<Database>, o: InviteOverrides): Promise<BuiltInvite> {
  const now = Date.now();
  const type = o.type ?? "email";
  const address =
    o.address ?? (type === "email" ? `inv-${randomBytes(4).toString("hex")}@example.com` : `h_${randomBytes(4).toString("hex")}`);
  const status = o.status ?? "pending";
  const code = newInviteCode(10);
  const user =
    status === "expired"
      ? null
      : await db
          .insertInto("users")
          .values({
            uid: randomUUID(),
            username: address,
            teamId: o.team.id,
            status: status === "accepted" ? "active" : "pending",
            createdAt: now,
            updatedAt: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
  const uid = randomUUID();
  const row = await db
    .insertInto("invites")
    .values({
      uid,
      teamId: o.team.id,
      licensePackId: o.pack ? o.pack.id : null,
      type,
      address,
      lang: "en",
      matchUser: o.matchUser ? 1 : 0,
      directSignin: 0,
      codeHash: inviteCodeHash(code),
      status,
      expiresAt: o.expiresAt ?? now + 7 * 86_400_000,
      issuedAt: now,
      lastSentAt: null,
      acceptedAt: status === "accepted" ? now : null,
      userId: user?.id ?? null,
      createdBy: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, uid, code, address, userId: user?.id ?? null };
}
