/** The database layer's public surface: import from "server/db" rather than its files. */
export { createDatabase } from "./connection";
export type { DatabaseHandle, DatabaseOptions } from "./connection";
export { migrateDown, migrateToLatest } from "./migrate";
export { fromFlag, toFlag } from "./flags";
export type { Flag } from "./flags";
export { dialectOf, escapeLike, inValues, likeContains, likePrefix, selectiveFilter } from "./dialect";
export type { DatabaseDialect } from "./dialect";
export { constraintViolation, DatabaseBusyError, isForeignKeyViolation, isTransientConflict, isUniqueViolation } from "./errors";
export { INSTALLATION_LOCKS, lockRowsInOrder, takeInstallationLock } from "./locks";
export type { RowLockStrength } from "./locks";
export { DEFAULT_RETRY, runTransaction } from "./transaction";
export type { RetryPolicy } from "./transaction";
export type { ConstraintKind, ConstraintViolation } from "./errors";
export type * from "./types";
