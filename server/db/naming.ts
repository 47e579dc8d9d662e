/**
 * camelCase in TypeScript, snake_case in SQL (the CamelCasePlugin's convention), at a lower cost.
 * Kysely's CamelCasePlugin rewrites the whole operation tree of every query before compiling it
 * (a copy of every node: measured at ~15 % of a users-list call); here the compiler converts each
 * identifier while it writes the SQL, so the tree is walked once, and the plugin keeps only its
 * other half: row keys back to camelCase. Both halves use the plugin's own (memoized) mappers, so
 * the SQL is the same text (tests/unit/db.naming.test.ts compares them).
 */
import { CamelCasePlugin, PostgresQueryCompiler, SqliteQueryCompiler } from "kysely";
import type { PluginTransformQueryArgs, RootOperationNode } from "kysely";
import { speedTricks } from "../lib/speedTricks";

/** Exposes the plugin's own (memoized) mappers, protected there. */
class Mappers extends CamelCasePlugin {
  toSnake(identifier: string): string {
    return this.snakeCase(identifier);
  }

  toCamel(key: string): string {
    return this.camelCase(key);
  }
}
const mappers = new Mappers();

/** The SQL name of a TypeScript identifier, exactly as the CamelCasePlugin maps it. */
export function snakeCase(identifier: string): string {
  return mappers.toSnake(identifier);
}

/** The TypeScript name of a row key (an SQL column or alias), exactly as the CamelCasePlugin maps it. */
export function camelCase(key: string): string {
  return mappers.toCamel(key);
}

/** SQLite's compiler writing every identifier in snake_case. */
export class SnakeCaseSqliteCompiler extends SqliteQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(speedTricks.camelCompiler ? snakeCase(identifier) : identifier);
  }
}

/** PostgreSQL's compiler writing every identifier in snake_case. */
export class SnakeCasePostgresCompiler extends PostgresQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(speedTricks.camelCompiler ? snakeCase(identifier) : identifier);
  }
}

/** The CamelCasePlugin's result half (row keys to camelCase); the compilers above do the query half. */
export class CamelCaseRowsPlugin extends CamelCasePlugin {
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return speedTricks.camelCompiler ? args.node : super.transformQuery(args);
  }
}
