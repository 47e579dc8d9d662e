/** The access log: recording privileged actions, listing them within the caller's scope, and naming the accounts they mention. */
export { listAccessLog, type LogListOptions, type LogRecord } from "./list";
export { logNames } from "./names";
export { type AccessContext, type AccessEntry, recordAccess } from "./record";
