/**
 * Paging and bulk envelopes of DESIGN §3: list queries take `limit` (≤200, default 50) and an
 * opaque keyset `cursor`; lists answer `{items, total, nextCursor}`; bulk calls answer
 * `{ok, failed}`.
 */
import { z } from "zod";
import { listLimit, maxLength } from "../limits";
import { obj, objectError, oneOf, queryIntIn, str, typeError } from "./builders";
import { V } from "./messages";
import { cursor } from "./primitives";

/** Sort direction of list queries. */
export const SORT_ORDERS = ["asc", "desc"] as const;

/** The paging part of every list query (query-string friendly: numbers may arrive as strings). */
export const ListQuerySchema = z.object(
  {
    limit: queryIntIn({ min: 1, max: listLimit.max }).default(listLimit.default),
    cursor: cursor.optional(),
  },
  { error: objectError },
);
/** Paging query. */
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** Free-text search of list queries (trimmed, ≤320; str() refuses control characters). */
export const search = str({ trim: true }).max(maxLength.search, { error: V.tooLong }).optional();

/** Sort direction. */
export const sortOrder = oneOf(SORT_ORDERS).default("asc");

/** A page of a list: `nextCursor` is null on the last page; `total` counts the whole filtered set. */
export interface ListResponse<T> {
  readonly items: T[];
  readonly total: number;
  /** Set when `total` is a count's bound rather than the count (the users search: "10,000+"). */
  readonly totalCapped?: boolean;
  readonly nextCursor: string | null;
}

/** The schema of a page of `item`, for clients that validate responses and for the OpenAPI document. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object(
    {
      items: z.array(item, { error: typeError }),
      total: z.int({ error: typeError }).min(0, { error: V.tooSmall }),
      nextCursor: str().nullable(),
    },
    { error: objectError },
  );
}

/** One failed item of a bulk call: its id and the catalogue error code. */
export interface BulkFailure {
  readonly id: string;
  readonly code: string;
}

/** Result of a bulk call: the ids that succeeded and those that failed with their codes. */
export interface BulkResponse {
  readonly ok: string[];
  readonly failed: BulkFailure[];
}

/** Schema of `BulkResponse` (CLI and islands parse replies with it). */
export const BulkResponseSchema = obj({
  ok: z.array(str(), { error: typeError }),
  failed: z.array(obj({ id: str(), code: str() }), { error: typeError }),
});
