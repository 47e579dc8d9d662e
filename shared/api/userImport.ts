/**
 * The users import calls (docs/API.md "Users import"): preview or apply a CSV
 * (`POST /v2/users/import`, body `text/csv`), an import's status and progress
 * (`GET /v2/users/import/{id}`); the per-row results are a CSV download
 * (`GET /v2/users/import/{id}/results`). Used by the import island and the CLI.
 */
import { z } from "zod";
import { IMPORT_OUTCOMES, IMPORT_ROW_CODES, IMPORT_STATUSES } from "../schemas/userImport";
import { createTransport, RawBody, type ApiClientOptions } from "./transport";

/** One example row of a kind of problem: its row number, username (when readable) and field. */
export const ImportRowErrorSchema = z.object({ row: z.number().int(), username: z.string().nullable(), field: z.string().nullable() });
/** An example row. */
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

/** The first rows (up to five) of each problem code, keyed by code. */
export const ImportErrorsSchema = z.partialRecord(z.enum(IMPORT_ROW_CODES), z.array(ImportRowErrorSchema));
/** Problems by code. */
export type ImportErrors = z.infer<typeof ImportErrorsSchema>;

/** `POST /v2/users/import?mode=preview`: what an import would do now; changes nothing. */
export const ImportPreviewSchema = z.object({
  total: z.number().int(),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    invalid: z.number().int(),
    duplicate: z.number().int(),
  }),
  errors: ImportErrorsSchema,
});
/** An import preview. */
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** Rows by outcome. */
export const ImportCountsSchema = z.object(
  Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, z.number().int()])) as Record<(typeof IMPORT_OUTCOMES)[number], z.ZodNumber>,
);

/** `POST /v2/users/import?mode=apply` and `GET /v2/users/import/{id}`: an import's state. */
export const ImportStatusSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_STATUSES),
  allOrNothing: z.boolean(),
  total: z.number().int(),
  processed: z.number().int(),
  counts: ImportCountsSchema,
  errorCode: z.string().nullable(),
  errors: ImportErrorsSchema,
  createdOn: z.string(),
  finishedOn: z.string().nullable(),
});
/** An import's state. */
export type ImportStatus = z.infer<typeof ImportStatusSchema>;

/** `POST /v2/users/import`: a preview (`mode=preview`) or the started import's state (`mode=apply`). */
export const ImportAnswerSchema = z.union([ImportPreviewSchema, ImportStatusSchema]);
/** An import call's answer. */
export type ImportAnswer = z.infer<typeof ImportAnswerSchema>;

/** The import calls. */
export interface UserImportApi {
  preview(csv: string): Promise<ImportPreview>;
  apply(csv: string, id: string, options?: { allOrNothing?: boolean }): Promise<ImportStatus>;
  status(id: string): Promise<ImportStatus>;
}

/** Builds the import calls for one server and credential. */
export function createUserImportApi(options: ApiClientOptions = {}): UserImportApi {
  const call = createTransport(options);
  const csv = (text: string) => new RawBody("text/csv; charset=utf-8", text);
  return {
    preview: (text) => call("usersImport", "POST", "/v2/users/import?mode=preview", ImportPreviewSchema, csv(text)),
    apply: (text, id, opts = {}) =>
      call(
        "usersImport",
        "POST",
        `/v2/users/import?mode=apply&id=${encodeURIComponent(id)}${opts.allOrNothing ? "&allOrNothing=true" : ""}`,
        ImportStatusSchema,
        csv(text),
      ),
    status: (id) => call("usersImportRead", "GET", `/v2/users/import/${encodeURIComponent(id)}`, ImportStatusSchema),
  };
}
