/**
 * `GET /v2/{users,admins,teams,licenses,logs}/export`: each list's own query (filters
 * and, where the list sorts, its sort) without paging, plus the file's options. The page's export
 * form, the CLI and the server all validate with these.
 */
import { z } from "zod";
import { AdminListQuerySchema } from "./admin";
import { bool, oneOf } from "./builders";
import { InviteListQuerySchema } from "./invite";
import { LicenseListQuerySchema } from "./license";
import { LogListQuerySchema } from "./logs";
import { language } from "./primitives";
import { TeamListQuerySchema } from "./team";
import { UserListQuerySchema } from "./user";

/** File formats: RFC 4180 CSV, or JSON Lines (one JSON object per line). */
export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
/** Export file format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Column titles: the language's labels, or the stable field names (for scripts). */
export const EXPORT_HEADERS = ["labels", "fields"] as const;

/** The lists that export, by their path segment. */
export const EXPORT_RESOURCES = ["users", "admins", "teams", "licenses", "invites", "logs"] as const;
/** A list that exports. */
export type ExportResource = (typeof EXPORT_RESOURCES)[number];

/** `1`/`true` or `0`/`false`, as a checkbox or a script sends it. */
const flag = z.preprocess(
  (value) => (value === "1" || value === "true" ? true : value === "0" || value === "false" ? false : value),
  bool(),
);

/** The file's options, common to every export. */
export const exportOptionsShape = {
  format: oneOf(EXPORT_FORMATS).default("csv"),
  /** A UTF-8 byte order mark first, so spreadsheet programs read the file as UTF-8. */
  bom: flag.default(false),
  headers: oneOf(EXPORT_HEADERS).default("labels"),
  /** The language of the column titles; the caller's own by default. */
  lang: language.optional(),
};

const noPaging = { limit: true, cursor: true } as const;

/** `GET /v2/users/export`: the users list's filters and sort. */
export const UserExportQuerySchema = UserListQuerySchema.omit(noPaging).extend(exportOptionsShape);
/** `GET /v2/admins/export`: the administrators list's filters and sort. */
export const AdminExportQuerySchema = AdminListQuerySchema.omit(noPaging).extend(exportOptionsShape);
/** `GET /v2/teams/export`: the companies list's search and sort. */
export const TeamExportQuerySchema = TeamListQuerySchema.omit(noPaging).extend(exportOptionsShape);
/** `GET /v2/licenses/export`: the license packs list's filters. */
export const LicenseExportQuerySchema = LicenseListQuerySchema.omit(noPaging).extend(exportOptionsShape);
/** `GET /v2/invites/export`: the invitations list's filters and order. */
export const InviteExportQuerySchema = InviteListQuerySchema.omit(noPaging).extend(exportOptionsShape);
/** `GET /v2/logs/export`: the access log's filters. */
export const LogExportQuerySchema = LogListQuerySchema.omit(noPaging).extend(exportOptionsShape).strip();

/** The options of any export query, parsed. */
export type ExportOptions = {
  format: ExportFormat;
  bom: boolean;
  headers: (typeof EXPORT_HEADERS)[number];
  lang?: (typeof language)["options"][number] | undefined;
};
