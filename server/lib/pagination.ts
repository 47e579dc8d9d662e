import { z } from "zod";
import { maxLength } from "../../shared/limits";
import { hasControlCharacters, hasLoneSurrogates } from "../../shared/schemas/builders";
import { AppError } from "../errors";

/**
 * Keyset pagination (DESIGN §3: never OFFSET): a cursor is the sort values and id of the last row
 * of a page, opaque to clients (base64url JSON `{v, id}`; `v` is the one sort value, or for a sort
 * on several keys the JSON text of their array). The next page continues strictly after it.
 *
 * A cursor comes back from the client, so it is input like any other: each value is checked
 * against the type and range of its sort key before it reaches SQL. PostgreSQL refuses what
 * SQLite would quietly compare (`1.5` or `1e300` against a bigint, `"x"` against a number, NUL in
 * text, an id beyond a 32-bit integer), and each of those was a 500.
 */
export interface Cursor {
  /** The sort column's value on the last row, or the JSON text of the values of a multi-key sort. */
  v: string | number | null;
  /** The id of the last row: the tie-breaker that makes the order total. */
  id: number;
}

/**
 * The type of one sort key (and of the id): `text` (a name, slug, username or status), `int` (a
 * 32-bit `integer` column, e.g. a team id) or `bigint` (epoch milliseconds, a `bigint` id): any
 * safe integer.
 */
export type CursorKey = "text" | "int" | "bigint";

/** The sort values and id of a decoded cursor, each of the type its key declares. */
export interface DecodedCursor {
  values: (string | number)[];
  id: number;
}

const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };
/** The longest text any sort column holds (team names and usernames, SPEC §9). */
const TEXT_MAX = Math.max(maxLength.teamName, maxLength.username, maxLength.firstName, maxLength.lastName);

/** The numeric keys, which can also be a row's id. */
const ID_SCHEMAS: Record<"int" | "bigint", z.ZodType<number>> = {
  int: z.int().min(INT32.min).max(INT32.max),
  bigint: z.int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
};

const KEY_SCHEMAS: Record<CursorKey, z.ZodType<string | number>> = {
  text: z
    .string()
    .max(TEXT_MAX)
    .refine((value) => !hasControlCharacters(value) && !hasLoneSurrogates(value)),
  ...ID_SCHEMAS,
};

const CursorSchema = z.strictObject({ v: z.union([z.string(), z.number(), z.null()]), id: z.number() });

/** Encodes the cursor after a row. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function badCursor(): AppError {
  return new AppError("badParameters", 400, [{ path: ["cursor"], message: "validation.cursor" }]);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badCursor();
  }
}

/**
 * Decodes a client's cursor for a sort on `keys` (in order, before the id) whose id is of type
 * `id`. Anything that is not exactly such a cursor (bad base64, bad JSON, wrong count or type of
 * values, out of range, control characters) is a 400 `badParameters`, never a 500.
 */
export function decodeCursor(value: string | undefined, keys: readonly CursorKey[], id: "int" | "bigint" = "int"): DecodedCursor | null {
  if (!value) return null;
  const parsed = CursorSchema.safeParse(parseJson(Buffer.from(value, "base64url").toString("utf8")));
  if (!parsed.success) throw badCursor();
  const raw: unknown = keys.length === 1 ? [parsed.data.v] : typeof parsed.data.v === "string" ? parseJson(parsed.data.v) : null;
  if (!Array.isArray(raw) || raw.length !== keys.length) throw badCursor();
  const values = raw.map((item: unknown, i) => KEY_SCHEMAS[keys[i]!].safeParse(item));
  const checkedId = ID_SCHEMAS[id].safeParse(parsed.data.id);
  if (!checkedId.success || !values.every((result) => result.success)) throw badCursor();
  return { values: values.map((result) => result.data), id: checkedId.data };
}

/**
 * Cuts a page from `limit + 1` fetched rows: the extra row only tells that another page exists.
 * `key` reads the sort values of a row for the next cursor (one value, or one per key).
 */
export function pageOf<T extends { id: number }>(
  rows: T[],
  limit: number,
  key: (row: T) => string | number | (string | number)[],
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  if (!(rows.length > limit && last)) return { items, nextCursor: null };
  const values = key(last);
  const v = Array.isArray(values) ? (values.length === 1 ? values[0]! : JSON.stringify(values)) : values;
  return { items, nextCursor: encodeCursor({ v, id: last.id }) };
}
