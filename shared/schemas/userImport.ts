/**
 * Users import: the CSV's columns, how one CSV row becomes a user creation body
 * checked by {@link UserCreateSchema} (the same rules as `POST /v2/user`), the query of
 * `POST /v2/users/import`, and the per-row outcomes and codes every client shows.
 */
import type { z } from "zod";
import { obj, oneOf, queryBool } from "./builders";
import { V } from "./messages";
import { uid } from "./primitives";
import { UserCreateSchema } from "./user";

/** Columns every import file must have in its header row. */
export const IMPORT_REQUIRED_COLUMNS = ["username", "firstName", "lastName", "team"] as const;
/** Optional flag columns, as `POST /v2/user` names them. */
export const IMPORT_FLAG_COLUMNS = ["ecs", "sip", "cellcrypt"] as const;
/** Every column an import file may have. */
export const IMPORT_COLUMNS = [...IMPORT_REQUIRED_COLUMNS, ...IMPORT_FLAG_COLUMNS] as const;
/**
 * Columns of `bulwark users export --headers fields` (GET /v2/users/export) that an import reads
 * past: an exported file, edited, imports as it is (the export/import round trip). Any other unknown
 * column is refused, so a misspelt one (`frstName`) is not silently dropped.
 */
export const IMPORT_IGNORED_COLUMNS = ["uid", "teamName", "status", "deviceCount", "createdOn", "lastSeen"] as const;
/** One import column. */
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** chosen: an import file holds at most 200,000 rows and 50 MB (the body limit of the route). */
export const IMPORT_LIMITS = { rows: 200_000, bytes: 50 * 1024 * 1024 } as const;

/** The schema each CSV row is checked with: the creation body without password, aliases or via-e-mail. */
export const UserImportRowSchema = obj({
  username: UserCreateSchema.shape.username,
  firstName: UserCreateSchema.shape.firstName,
  lastName: UserCreateSchema.shape.lastName,
  team: UserCreateSchema.shape.team,
  ecs: UserCreateSchema.shape.ecs,
  sip: UserCreateSchema.shape.sip,
  cellcrypt: UserCreateSchema.shape.cellcrypt,
});
/** One checked row. */
export type UserImportRow = z.infer<typeof UserImportRowSchema>;

const TRUE = new Set(["true", "1", "yes", "y"]);
const FALSE = new Set(["false", "0", "no", "n", ""]);

/** A CSV flag cell as the schema sees it: true/1/yes, false/0/no/empty; anything else stays a string (invalid). */
export function csvFlag(cell: string | undefined): boolean | string {
  const value = (cell ?? "").trim().toLowerCase();
  if (TRUE.has(value)) return true;
  if (FALSE.has(value)) return false;
  return cell ?? "";
}

/** The body {@link UserImportRowSchema} checks, from one CSV row keyed by column. */
export function importRowInput(cells: Readonly<Record<string, string>>): Record<string, unknown> {
  return {
    username: (cells.username ?? "").trim(),
    firstName: cells.firstName ?? "",
    lastName: cells.lastName ?? "",
    team: (cells.team ?? "").trim(),
    ecs: csvFlag(cells.ecs),
    sip: csvFlag(cells.sip),
    cellcrypt: csvFlag(cells.cellcrypt),
  };
}

/** Import modes: `preview` changes nothing; `apply` imports under an import id. */
export const IMPORT_MODES = ["preview", "apply"] as const;

/**
 * `POST /v2/users/import` query (the body is the CSV itself, `text/csv`): `mode`, the import id
 * (`id`, a UUID the client picks; required to apply, the same id resumes), `allOrNothing`.
 */
export const UserImportQuerySchema = obj({
  mode: oneOf(IMPORT_MODES).default("preview"),
  id: uid.optional(),
  allOrNothing: queryBool().default(false),
}).superRefine((value, ctx) => {
  if (value.mode === "apply" && value.id === undefined)
    ctx.addIssue({ code: "custom", message: V.required, path: ["id"], input: undefined });
});
/** Import query. */
export type UserImportQuery = z.infer<typeof UserImportQuerySchema>;

/** What becomes of a row: created, changed, unchanged, invalid, duplicate (of an earlier row), failed, or skipped (all-or-nothing refused). */
export const IMPORT_OUTCOMES = ["created", "changed", "unchanged", "invalid", "duplicate", "failed", "skipped"] as const;
/** One outcome. */
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/**
 * Why a row was not imported (locales users:import.codes.*): a field the schema refused
 * (`field` names it), a row with the wrong number of cells, an unknown or out-of-scope team (one
 * answer: no probing), a username or alias taken by a user the admin cannot import into, a user
 * of another team (an import does not move users), outside the team's domains, no free seat, a
 * repeat of an earlier row's username, or a database failure.
 */
export const IMPORT_ROW_CODES = [
  "invalidField",
  "cellCount",
  "unknownTeam",
  "usernameTaken",
  "otherTeam",
  "outsideDomains",
  "overSeats",
  "duplicate",
  "failed",
] as const;
/** One row code. */
export type ImportRowCode = (typeof IMPORT_ROW_CODES)[number];

/** An import's status: running, done (every row processed), failed (stopped; resumable), rejected (all-or-nothing refused). */
export const IMPORT_STATUSES = ["running", "done", "failed", "rejected"] as const;
