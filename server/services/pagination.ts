import { z } from "zod";
import { AppError } from "../http/errors";

/**
 * Keyset pagination (DESIGN §3: never OFFSET): a cursor is the sort value and id of the last row
 * of a page, opaque to clients (base64url JSON). The next page continues strictly after it.
 */
export interface Cursor {
  /** The sort column's value on the last row (string, number or null for nullable columns). */
  v: string | number | null;
  /** The id of the last row: the tie-breaker that makes the order total. */
  id: number;
}

const CursorSchema = z.object({ v: z.union([z.string(), z.number(), z.null()]), id: z.number().int() });

/** Encodes the cursor after a row. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** Decodes a client's cursor; a malformed one is a 400, never a 500. */
export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed = CursorSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AppError("badParameters", 400, [{ path: ["cursor"], message: "validation.invalid" }]);
}

/**
 * Cuts a page from `limit + 1` fetched rows: the extra row only tells that another page exists.
 * `key` reads the sort value of a row for the next cursor.
 */
export function pageOf<T extends { id: number }>(rows: T[], limit: number, key: (row: T) => string | number | null): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor({ v: key(last), id: last.id }) : null };
}
