/**
 * Column conventions shared by every table file. Property names are camelCase; the
 * CamelCasePlugin maps them to the snake_case columns created by the migrations. Times are epoch
 * milliseconds (number), booleans are Flag (0/1), JSON is a string; `Generated<T>` marks columns
 * with a database default (optional on insert).
 */
import type { ColumnType } from "kysely";

/** An epoch-millisecond time, stored in a bigint column. */
export type EpochMs = number;
/** A column the database fills in (identity) and that is never updated afterwards. */
export type Id = ColumnType<number, number | undefined, never>;
/** A column that is set once on insert and never updated. */
export type Immutable<T> = ColumnType<T, T, never>;
