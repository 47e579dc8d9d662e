import type { z } from "zod";
import type { Translate } from "../../../client/components/render-context";
import type { ListResponse } from "../../../shared/schemas/list";
import { isDatabaseUnavailable } from "../../db/unavailable";
import { AppError } from "../../errors";

/** One page of a server-rendered list, the cursor it was read from, and the list's error state. */
export interface ListRead<T> {
  page: ListResponse<T>;
  /** The cursor used: null when the page's own did not fit and the first page was read instead. */
  cursor: string | null;
  /** The catalogue message when the rows could not be read (ListFrame's error state); else null. */
  error: string | null;
  /** 503 when the rows could not be read, so the answer says so too; else undefined. */
  status: number | undefined;
}

/**
 * Reads a list's page for its frame (docs/DECISIONS.md "The list pattern"): a cursor that decodes
 * but does not fit (a 400 from the service, a hand-edited link) starts again from the first page,
 * and a database that cannot serve now (a statement timeout on a large scope, a lost connection)
 * gives the list's error state — the toolbar stays, so the filter can be changed — with a 503,
 * instead of replacing the whole page. Every other error goes on to the page's error handler.
 */
export async function readListPage<T>(
  t: Translate,
  cursor: string | undefined,
  run: (cursor: string | undefined) => Promise<ListResponse<T>>,
): Promise<ListRead<T>> {
  try {
    try {
      return { page: await run(cursor), cursor: cursor ?? null, error: null, status: undefined };
    } catch (error) {
      if (!(cursor && error instanceof AppError && error.status === 400)) throw error;
      return { page: await run(undefined), cursor: null, error: null, status: undefined };
    }
  } catch (error) {
    if (!isDatabaseUnavailable(error) && !(error instanceof AppError && error.status === 503)) throw error;
    return { page: { items: [], total: 0, nextCursor: null }, cursor: cursor ?? null, error: t("errors:unavailable"), status: 503 };
  }
}

/**
 * The list query of a page's address, validated by the list's API schema (`GET /v2/…`'s), so a
 * link shows what the API would list. A page never answers 400: a parameter that does not
 * validate (a hand-edited link) is dropped and its default used. Only the list's own parameters
 * (`names`) are read, a repeated one by its first value, an empty one not at all.
 */
export function listQueryFromUrl<S extends z.ZodType>(schema: S, names: readonly string[], query: Record<string, unknown>): z.output<S> {
  const input: Record<string, string> = {};
  for (const name of names) {
    const raw = query[name];
    const value = Array.isArray(raw) ? (raw[0] as unknown) : raw;
    if (typeof value === "string" && value.trim() !== "") input[name] = value;
  }
  for (let attempt = 0; attempt <= names.length; attempt++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
  }
  return schema.parse({});
}
