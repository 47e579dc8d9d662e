/**
 * camelCase in TypeScript, snake_case in SQL: Kysely's CamelCasePlugin does both halves (the
 * connection installs it). A compiler subclass that snake_cased identifiers while writing SQL
 * used to stand in for the query half; measured on `GET /v2/users` it bought nothing beyond noise
 * once list queries were compiled once per shape (docs/DECISIONS.md, "28 — speed tricks,
 * measured"), so the plugin does it again. statements.ts converts its raw rows' keys with the
 * plugin's own mapper, exposed here.
 */
import { CamelCasePlugin } from "kysely";

/** Exposes the plugin's own (memoized) mapper, protected there. */
class Mappers extends CamelCasePlugin {
  toCamel(key: string): string {
    return this.camelCase(key);
  }
}
const mappers = new Mappers();

/** The TypeScript name of a row key (an SQL column or alias), exactly as the CamelCasePlugin maps it. */
export function camelCase(key: string): string {
  return mappers.toCamel(key);
}
