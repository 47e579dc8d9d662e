/**
 * The process's Prometheus series (README "Metrics"), in one registry of its own rather than
 * prom-client's global one. Services, the database layer and the outbox count into them with
 * one-line calls, whether or not anyone scrapes; http/metrics.ts serves them. Labels only ever
 * hold values from fixed sets (route templates, status codes, action names): never a path, an
 * id, a name or an address.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Every series of this process; http/metrics.ts renders it. */
export const metricsRegistry = new Registry();

const registers = [metricsRegistry];

/** HTTP requests answered, by method, route template and status (the histogram's buckets: latency). */
export const httpRequests = new Counter({
  name: "bulwark_http_requests_total",
  help: "HTTP requests answered, by method, route template and status code",
  labelNames: ["method", "route", "status"] as const,
  registers,
});

/** How long requests took to answer, by the same labels. */
export const httpDuration = new Histogram({
  name: "bulwark_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route template and status code",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** Connections of the PostgreSQL pool by state, read at each scrape. */
export const dbPoolConnections = new Gauge({
  name: "bulwark_db_pool_connections",
  help: "PostgreSQL pool connections by state (in_use, idle); absent on SQLite",
  labelNames: ["state"] as const,
  registers,
});

/** Requests waiting for a free pool connection, read at each scrape. */
export const dbPoolWaiting = new Gauge({
  name: "bulwark_db_pool_waiting_requests",
  help: "Queries waiting for a free PostgreSQL pool connection; absent on SQLite",
  registers,
});

/** Statement latency as Kysely measures it (both dialects). */
export const dbQueryDuration = new Histogram({
  name: "bulwark_db_query_duration_seconds",
  help: "Time a database statement took, by outcome (ok, error)",
  labelNames: ["outcome"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

/** Transactions run again after a deadlock, serialization failure or SQLITE_BUSY_SNAPSHOT. */
export const dbTransactionRetries = new Counter({
  name: "bulwark_db_transaction_retries_total",
  help: "Transactions run again after losing to another writer (deadlock, serialization failure, busy snapshot)",
  registers,
});

/** Calls and pages answered 503 `contention` (the retries ran out). */
export const contentionAnswers = new Counter({
  name: "bulwark_contention_answers_total",
  help: "Requests answered 503 contention because their transaction kept losing to other writers",
  registers,
});

/** Whether the last scrape's database read succeeded. */
export const databaseUp = new Gauge({
  name: "bulwark_database_up",
  help: "1 when the scrape's outbox query reached the database, 0 when it failed",
  registers,
});

/** Outbox messages still to send, read at each scrape. */
export const outboxPending = new Gauge({
  name: "bulwark_outbox_pending_messages",
  help: "E-mails in the outbox waiting to be sent (first attempt or retry)",
  registers,
});

/** Age of the oldest message still to send, read at each scrape. */
export const outboxOldestAge = new Gauge({
  name: "bulwark_outbox_oldest_pending_age_seconds",
  help: "Age of the oldest e-mail still waiting in the outbox; 0 when none waits",
  registers,
});

/** Delivery attempts by this process, by outcome. */
export const outboxDeliveries = new Counter({
  name: "bulwark_outbox_deliveries_total",
  help: "E-mail delivery attempts by this process, by outcome (sent, retry, failed)",
  labelNames: ["outcome"] as const,
  registers,
});

/** When this process's last housekeeping pass finished. */
export const housekeepingLastRun = new Gauge({
  name: "bulwark_housekeeping_last_run_timestamp_seconds",
  help: "Unix time at which this process's last housekeeping pass ended",
  labelNames: ["outcome"] as const,
  registers,
});

/** How long this process's last housekeeping pass took. */
export const housekeepingDuration = new Gauge({
  name: "bulwark_housekeeping_last_duration_seconds",
  help: "How long this process's last housekeeping pass took",
  registers,
});

/** Users imports this process is applying right now. */
export const importsInProgress = new Gauge({
  name: "bulwark_imports_in_progress",
  help: "Users imports being applied by this process",
  registers,
});

/** Exports this process is streaming right now. */
export const exportsInProgress = new Gauge({
  name: "bulwark_exports_in_progress",
  help: "List exports (CSV, NDJSON) being streamed by this process",
  registers,
});

/** Failed administrator sign-ins, by reason (a fixed set: unknown, badPassword, locked, blocked, notVerified). */
export const signInFailures = new Counter({
  name: "bulwark_signin_failures_total",
  help: "Failed administrator sign-ins, by reason",
  labelNames: ["reason"] as const,
  registers,
});

/** Accounts locked by reaching the failed-attempts maximum. */
export const accountLockouts = new Counter({
  name: "bulwark_account_lockouts_total",
  help: "Administrator accounts locked after too many failed password or factor checks",
  registers,
});

/** Users each bulk action selected, by action. */
export const bulkActionSize = new Histogram({
  name: "bulwark_bulk_action_users",
  help: "Users selected by one bulk action, by action (block, activate, move, delete, ...)",
  labelNames: ["action"] as const,
  buckets: [1, 10, 100, 1000, 10_000, 100_000],
  registers,
});

let processMetrics = false;

/** Adds Node's process series (CPU, memory, event loop, handles) once, when metrics are first served. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
