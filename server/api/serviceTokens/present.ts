import type { ServiceTokenRecord } from "../../services/identity";

/** A service token as `GET /v2/service-tokens` lists it (times are ISO 8601 UTC). */
export interface ServiceTokenItem {
  id: number;
  name: string;
  createdOn: string;
  lastUsed: string | null;
  revoked: boolean;
}

/** The list call's answer: every token, never its hash. */
export function presentServiceTokens(tokens: readonly ServiceTokenRecord[]): { items: ServiceTokenItem[] } {
  return {
    items: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      createdOn: new Date(t.createdAt).toISOString(),
      lastUsed: t.lastUsedAt === null ? null : new Date(t.lastUsedAt).toISOString(),
      revoked: t.revokedAt !== null,
    })),
  };
}
