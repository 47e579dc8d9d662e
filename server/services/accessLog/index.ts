/** The access log: recording privileged actions and listing them within the caller's scope. */
export { listAccessLog, type LogListOptions, type LogRecord } from "./list";
export { type AccessContext, type AccessEntry, recordAccess } from "./record";
