import { Router } from "express";
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
import { translatorFor } from "../../i18n";
import type { ServiceContext } from "../../lib/context";
import type { Scope } from "../../services/access";
import {
  adminBatches,
  type ExportBatches,
  type ExportColumn,
  exportList,
  inviteBatches,
  licenseBatches,
  logBatches,
  teamBatches,
  type Unpaged,
  userBatches,
} from "../../services/export";
import { presentAdminListItem } from "../admins/present";
import { presentInvite } from "../invites/present";
import { presentPack } from "../licenses/present";
import { EXPORT_PREFIXES } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers, type AdminContext } from "../handler";
import { presentLogEntry } from "../logs/present";
import { presentTeamListItem } from "../teams/present";
import { presentUserListItem } from "../users/present";
import { EXPORT_COLUMNS } from "./columns";

const OPTION_KEYS = Object.keys(exportOptionsShape);

/** The file options every export query carries beside its list's own filters. */
type ExportOptions = { format: "csv" | "jsonl"; bom: boolean; headers: "labels" | "fields"; lang?: string | undefined };

/** A parsed export query split into the file's options and the list's own query. */
function splitQuery<Q extends ExportOptions>(input: Q) {
  const list: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (!OPTION_KEYS.includes(key)) list[key] = value;
  return {
    options: { format: input.format, bom: input.bom, headers: input.headers, lang: input.lang },
    list: list as Omit<Q, keyof ExportOptions>,
  };
}

/** A service's batches of rows as batches of the items its list call presents. */
function presented<R, T>(batches: ExportBatches<R>, present: (row: R) => T): ExportBatches<T> {
  return async (cursor) => {
    const page = await batches(cursor);
    return { items: page.items.map(present), nextCursor: page.nextCursor };
  };
}

/**
 * `GET /v2/{users,admins,teams,licenses,invites,logs}/export` (docs/API.md "Export"): each list's own
 * filters and scope, streamed as CSV (default) or JSON Lines, optionally with a BOM, headed by
 * the language's column titles or the field names; every export is access-logged. The services
 * read the rows; each is presented by its list's presenter, so a list and its export agree.
 */
export function exportRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Export", permission: "full" });

  /** One export route: validate, scope, stream the list's presented batches. */
  const route = <S extends z.ZodType<ExportOptions>, T>(
    resource: ExportResource,
    schema: S,
    columns: readonly ExportColumn<T>[],
    batchesOf: (ctx: ServiceContext, scope: Scope, list: Unpaged<Omit<z.output<S>, keyof ExportOptions>>) => ExportBatches<T>,
  ) => {
    const run = async ({ services, scope, auth, input, origin, res }: AdminContext<z.output<S>>): Promise<void> => {
      const { options, list } = splitQuery(input);
      const t = translatorFor(deps.i18n, options.lang ?? auth.admin.lang);
      const titles = columns.map((column) =>
        options.headers === "fields" ? column.field : t(`export:columns.${resource}.${column.field}`),
      );
      const source = { resource, columns, batch: batchesOf(services, scope, list) };
      await exportList(services, scope, origin, res, source, { format: options.format, bom: options.bom, titles }, list);
    };
    const spec = {
      query: schema,
      produces: ["text/csv", "application/x-ndjson"],
      action: EXPORT_PREFIXES[resource],
      summary: `Export the ${resource} list as a file`,
    };
    router.get(`/${resource}/export`, ...api.admin<S>(spec, run));
  };

  route("users", UserExportQuerySchema, EXPORT_COLUMNS.users, (ctx, scope, list) =>
    presented(userBatches(ctx, scope, list), presentUserListItem),
  );
  route("admins", AdminExportQuerySchema, EXPORT_COLUMNS.admins, (ctx, scope, list) =>
    presented(adminBatches(ctx, scope, list), presentAdminListItem),
  );
  route("teams", TeamExportQuerySchema, EXPORT_COLUMNS.teams, (ctx, scope, list) =>
    presented(teamBatches(ctx, scope, list), presentTeamListItem),
  );
  route("licenses", LicenseExportQuerySchema, EXPORT_COLUMNS.licenses, (ctx, scope, list) =>
    presented(licenseBatches(ctx, scope, list), presentPack),
  );
  route("invites", InviteExportQuerySchema, EXPORT_COLUMNS.invites, (ctx, scope, list) =>
    presented(inviteBatches(ctx, scope, list), presentInvite),
  );
  route("logs", LogExportQuerySchema, EXPORT_COLUMNS.logs, (ctx, scope, list) => presented(logBatches(ctx, scope, list), presentLogEntry));
  return router;
}
