import { Router, type Request, type Response } from "express";
import type { z } from "zod";
import {
  AdminExportQuerySchema,
  type ExportResource,
  exportOptionsShape,
  InviteExportQuerySchema,
  LicenseExportQuerySchema,
  LogExportQuerySchema,
  TeamExportQuerySchema,
  UserExportQuerySchema,
} from "../../../shared/schemas/export";
import { authOf, scopeOf } from "../../http/auth";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { translatorFor } from "../../i18n";
import { adminsSource, invitesSource, licensesSource, logsSource, teamsSource, usersSource } from "../../services/export";
import { exportList, type ExportSource } from "../../services/export";
import type { Scope } from "../../services/access";
import type { ApiDeps } from "../deps";
import { presentInvite } from "../invites/present";
import { presentPack } from "../licenses/present";

const OPTION_KEYS = Object.keys(exportOptionsShape);

/** A parsed export query split into the file's options and the list's own query. */
function splitQuery<Q extends { format: "csv" | "jsonl"; bom: boolean; headers: "labels" | "fields"; lang?: string | undefined }>(input: Q) {
  const list: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!OPTION_KEYS.includes(key)) list[key] = value;
  return { options: { format: input.format, bom: input.bom, headers: input.headers, lang: input.lang }, list: list as Omit<Q, "format" | "bom" | "headers" | "lang"> };
}

/**
 * `GET /v2/{users,admins,teams,licenses,invites,logs}/export` (docs/API.md "Export"): each list's own
 * filters and scope, streamed as CSV (default) or JSON Lines, optionally with a BOM, headed by
 * the language's column titles or the field names; every export is access-logged.
 */
export function exportRouter({ services, i18n }: ApiDeps): Router {
  const router = Router();
  const { db } = services;

  /** One export route: validate, scope, stream the list's source. */
  const route = <S extends z.ZodType<{ format: "csv" | "jsonl"; bom: boolean; headers: "labels" | "fields"; lang?: string | undefined }>, T>(
    resource: ExportResource,
    schema: S,
    sourceOf: (scope: Scope, list: Omit<z.output<S>, "format" | "bom" | "headers" | "lang">) => ExportSource<T>,
  ) => {
    router.get(`/${resource}/export`, validate(schema, "query"), async (req: Request, res: Response) => {
      const scope = await scopeOf(res, db);
      const { options, list } = splitQuery(inputOf(res, schema));
      const t = translatorFor(i18n, options.lang ?? authOf(res).admin.lang);
      const source = sourceOf(scope, list);
      const titles = source.columns.map((column) => (options.headers === "fields" ? column.field : t(`export:columns.${resource}.${column.field}`)));
      await exportList(services, scope, originOf(req), res, source, { format: options.format, bom: options.bom, titles }, list);
    });
  };

  route("users", UserExportQuerySchema, (scope, list) => usersSource(db, scope, list));
  route("admins", AdminExportQuerySchema, (scope, list) => adminsSource(db, scope, list));
  route("teams", TeamExportQuerySchema, (scope, list) => teamsSource(db, scope, list));
  route("licenses", LicenseExportQuerySchema, (scope, list) => licensesSource(services, scope, list, presentPack));
  route("invites", InviteExportQuerySchema, (scope, list) => invitesSource(services, scope, list, presentInvite));
  route("logs", LogExportQuerySchema, (scope, list) => logsSource(db, scope, list));
  return router;
}

