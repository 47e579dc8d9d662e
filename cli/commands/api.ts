/**
 * `bulwark api <METHOD> <PATH>`: the escape hatch for any `/v2` call the commands do not cover,
 * with the context's credentials and the shared transport (so errors, exit codes and whatever the
 * transport adds to writes are the same as every command's). `--paginate` follows a list's
 * keyset `nextCursor` and prints every page's items as one JSON array, or one item per line with
 * `--jsonl` (which streams page by page, for lists too large to hold).
 */
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { z } from "zod";
import { createTransport, type Method } from "../../shared/api";
import { safeJson } from "../output";
import { usageError } from "../errors";
import { readAll } from "../prompt";
import type { CliContext } from "../runtime";
import { addCommonOptions, apiOptions, type CommonOptions } from "./common";
import { examples } from "./help";

interface ApiOptions extends CommonOptions {
  data?: string;
  paginate?: boolean;
  jsonl?: boolean;
}

const METHODS: readonly Method[] = ["GET", "POST", "PUT", "DELETE"];

/** Any answer: the caller decides what it means, so nothing is validated beyond being JSON. */
const AnyAnswer = z.unknown();

/** A page as `--paginate` reads it: the items and the cursor of the next page. */
const PageSchema = z.looseObject({ items: z.array(z.unknown()), nextCursor: z.string().nullable().optional() });

/** The method, upper-cased and checked (exit 2 for anything the API does not use). */
export function apiMethod(raw: string, t: CliContext["t"]): Method {
  const method = raw.toUpperCase() as Method;
  if (!METHODS.includes(method)) throw usageError(t("api.badMethod", { method: raw, methods: METHODS.join(", ") }));
  return method;
}

/**
 * The path to call: `/v2/...` as given, or relative to `/v2` (`users?limit=5` → `/v2/users?limit=5`).
 * A full URL, another prefix or a `..` segment is a usage error, so the credentials only ever go to
 * the context's own `/v2`.
 */
export function apiPath(raw: string, t: CliContext["t"]): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) throw usageError(t("api.badPath", { path: raw }));
  const path = raw.startsWith("/") ? raw : `/v2/${raw}`;
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith("/v2/") || pathname.split("/").some((segment) => segment === ".." || segment === ".") || path.includes("#"))
    throw usageError(t("api.badPath", { path: raw }));
  return path;
}

/** The path of the page after `cursor`: the same query with `cursor` set. */
export function withCursor(path: string, cursor: string): string {
  const [pathname, query = ""] = path.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set("cursor", cursor);
  return `${pathname}?${params.toString()}`;
}

/** The JSON body of `--data`: `@file`, `-` (standard input) or the JSON text itself. */
async function readData(cli: CliContext, data: string): Promise<unknown> {
  const { t } = cli;
  let text: string;
  if (data === "-") text = await readAll(cli.io.stdin);
  else if (data.startsWith("@")) {
    try {
      text = readFileSync(data.slice(1), "utf8");
    } catch (error) {
      throw usageError(t("api.cannotRead", { file: data.slice(1), problem: error instanceof Error ? error.message : String(error) }));
    }
  } else text = data;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw usageError(t("api.badJson"));
  }
}

/** Registers `bulwark api`. */
export function registerApiCommand(program: Command, cli: CliContext): void {
  const { t } = cli;
  addCommonOptions(
    program
      .command("api")
      .description(t("api.description"))
      .argument("<method>", t("api.argMethod", { methods: METHODS.join(", ") }))
      .argument("<path>", t("api.argPath")),
    t,
  )
    .option("-d, --data <json>", t("api.optData"))
    .option("--paginate", t("api.optPaginate"))
    .option("--jsonl", t("api.optJsonl"))
    .addHelpText("after", examples(t, "api.examples"))
    .action(async (rawMethod: string, rawPath: string, opts: ApiOptions) => {
      const method = apiMethod(rawMethod, t);
      const path = apiPath(rawPath, t);
      if (opts.data !== undefined && method === "GET") throw usageError(t("api.dataWithGet"));
      if (opts.paginate && method !== "GET") throw usageError(t("api.paginateNeedsGet"));
      const body = opts.data === undefined ? undefined : await readData(cli, opts.data);
      const call = createTransport(apiOptions(cli, opts));
      const write = (text: string) => cli.io.stdout.write(text);
      if (!opts.paginate) {
        const answer = await call("sessionRead", method, path, AnyAnswer, body);
        if (answer === undefined) return;
        if (opts.jsonl && PageSchema.safeParse(answer).success) {
          for (const item of (answer as z.infer<typeof PageSchema>).items) write(`${safeJson(item)}\n`);
          return;
        }
        write(`${safeJson(answer, opts.jsonl ? undefined : 2)}\n`);
        return;
      }
      const all: unknown[] = [];
      const seen = new Set<string>();
      let next: string | null = path;
      while (next !== null) {
        const parsed = PageSchema.safeParse(await call("sessionRead", "GET", next, AnyAnswer));
        if (!parsed.success) throw usageError(t("api.notAList", { path: rawPath }));
        if (opts.jsonl) for (const item of parsed.data.items) write(`${safeJson(item)}\n`);
        else all.push(...parsed.data.items);
        const cursor = parsed.data.nextCursor ?? null;
        next = cursor === null || seen.has(cursor) ? null : withCursor(path, cursor);
        if (cursor !== null) seen.add(cursor);
      }
      if (!opts.jsonl) write(`${safeJson(all, 2)}\n`);
    });
}
