/**
 * Prometheus over HTTP (README "Metrics"): the per-request series, and `GET /metrics` itself,
 * which reads the database figures (pool, outbox) at scrape time and answers only the bearer of
 * METRICS_TOKEN when one is set. Served on the main port with the token, or on METRICS_PORT.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Request, RequestHandler } from "express";
import type { DatabaseHandle } from "../db/connection";
import {
  collectProcessMetrics,
  databaseUp,
  dbPoolConnections,
  dbPoolWaiting,
  httpDuration,
  httpRequests,
  metricsRegistry,
  outboxOldestAge,
  outboxPending,
} from "../lib/metrics";

/**
 * The route a request matched, as its template (`/v2/users/:uid`), never the path itself: the
 * path holds ids, names and one-time tokens. Static files are `/assets`; the rest `unmatched`.
 */
export function routeTemplate(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === "string") return `${req.baseUrl}${route.path}` || "/";
  if (req.baseUrl === "/assets") return "/assets";
  return "unmatched";
}

/** Counts and times every answered request by method, route template and status. */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.once("finish", () => {
    const labels = { method: req.method, route: routeTemplate(req), status: res.statusCode };
    httpRequests.inc(labels);
    httpDuration.observe(labels, (performance.now() - started) / 1000);
  });
  next();
};

/** Reads the gauges that live in the database or the pool; a database that fails sets bulwark_database_up 0. */
async function refreshDatabaseGauges(database: DatabaseHandle): Promise<void> {
  const pool = database.poolStats?.();
  if (pool) {
    dbPoolConnections.set({ state: "in_use" }, pool.inUse);
    dbPoolConnections.set({ state: "idle" }, pool.idle);
    dbPoolWaiting.set(pool.waiting);
  }
  try {
    // The (status, next_attempt_at) index finds the pending rows; there are few unless mail is stuck.
    const row = await database.db
      .selectFrom("mailOutbox")
      .select((eb) => [eb.fn.countAll<number>().as("pending"), eb.fn.min<number | null>("createdAt").as("oldest")])
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    outboxPending.set(Number(row.pending));
    outboxOldestAge.set(row.oldest === null ? 0 : Math.max(0, (Date.now() - Number(row.oldest)) / 1000));
    databaseUp.set(1);
  } catch {
    databaseUp.set(0);
  }
}

/** A constant-time comparison of the presented bearer token with the configured one. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer ([^\s]+)$/i.exec(header ?? "")?.[1];
  if (!presented) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/** `GET /metrics`: the registry in Prometheus text format, for the bearer of `token` (when set). */
export function metricsEndpoint(deps: { database: DatabaseHandle; token: string | undefined }): RequestHandler {
  collectProcessMetrics();
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (deps.token !== undefined && !bearerMatches(req.get("authorization"), deps.token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized\n");
      return;
    }
    await refreshDatabaseGauges(deps.database);
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}

/** Whether this process serves metrics at all (and so counts requests). */
export function metricsEnabled(config: { metrics: { token: string | undefined; port: number | undefined } }): boolean {
  return config.metrics.token !== undefined || config.metrics.port !== undefined;
}
