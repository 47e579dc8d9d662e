/** The database layer's public surface: import from "server/db" rather than its files. */
export { createDatabase } from "./connection";
export type { DatabaseHandle, DatabaseOptions } from "./connection";
export { migrateDown, migrateToLatest } from "./migrate";
export { fromFlag, toFlag } from "./flags";
export type { Flag } from "./flags";
export { dialectOf, escapeLike, likeContains, likePrefix, selectiveFilter } from "./dialect";
export type { DatabaseDialect } from "./dialect";
export { constraintViolation, isForeignKeyViolation, isUniqueViolation } from "./errors";
export type { ConstraintKind, ConstraintViolation } from "./errors";
export type * from "./types";
