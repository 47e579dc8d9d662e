import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../db/types";
import { pruneAccessLog } from "./accessLogRetention";
import { pruneCaptchaRedemptions } from "../identity";
import { expireInvitations } from "../invites";
import { sendExpiryReminders } from "../licenses";
import { pruneRateLimits } from "../../db/stores/rateLimitStore";
import { pruneIdempotencyKeys } from "../../db/stores/idempotencyStore";
import { DatabaseSessionStore } from "../../db/stores/sessionStore";
import { pruneImports } from "../users";
import { pruneExpiredTokens, sendTokenExpiryReminders } from "../accessTokens";
import { housekeepingDuration, housekeepingLastRun } from "../../lib/metrics";
import { refreshLastSeenSummaryIfDue } from "../dashboard";

/** Records a finished pass in the housekeeping series. */
function measured(started: number, outcome: "ok" | "failed"): void {
  const ended = Date.now();
  housekeepingDuration.set((ended - started) / 1000);
  housekeepingLastRun.set({ outcome }, ended / 1000);
}

/** How often expired rows are removed by default: often enough that the tables stay small. */
const DEFAULT_INTERVAL_MS = 5 * 60_000;

/** Rows removed by one pass, per table. */
export interface PruneCounts {
  sessions: number;
  rateLimits: number;
  captchaRedemptions: number;
  /** Invitations this pass marked expired (their pending users removed, their seats freed). */
  invitesExpired: number;
  /** Access-log entries older than the retention setting (security.accessLogRetentionDays). */
  accessLog: number;
  /** Idempotency-Key answers past their 24 hours and running rows past their lease. */
  idempotencyKeys: number;
  /** Users imports (with their per-row results) finished or abandoned longer ago than security.importRetentionDays. */
  imports: number;
  /** Access tokens expired longer ago than their listing retention (30 days). */
  accessTokens: number;
  /** License expiry reminders queued by this pass (only when the pass knows the public URL). */
  licenseReminders?: number;
  /** Access-token expiry e-mails (about 7 days before) queued by this pass (only with the public URL). */
  tokenReminders?: number;
  /** Whether the pass counted the dashboard's last-seen summary again (due every 15 minutes). */
  lastSeenSummary?: boolean;
}

/** The pruning timer of one process. */
export interface Housekeeping {
  /** One pass now (also what the timer runs); resolves with what it removed. */
  runNow(now?: number): Promise<PruneCounts>;
  /** Stops the timer and waits for a pass in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Removes expired sessions, rate-limit windows, captcha redemptions, access-log entries and
 * users imports past their retention, and expires invitations. Each is one DELETE on an expiry
 * index (the imports: chunked DELETEs per import, see userImport/retention.ts), so a pass costs
 * little when there is little to remove; with N processes
 * each runs it, and the deletes simply find nothing after the first. Without it those tables
 * would keep every session, client address and solved challenge ever seen.
 */
export async function pruneExpired(db: Kysely<Database>, now = Date.now()): Promise<PruneCounts> {
  return {
    sessions: await new DatabaseSessionStore(db).prune(now),
    rateLimits: await pruneRateLimits(db, now),
    captchaRedemptions: await pruneCaptchaRedemptions(db, now),
    invitesExpired: await expireInvitations(db, now),
    accessLog: await pruneAccessLog(db, now),
    imports: await pruneImports(db, now),
    accessTokens: await pruneExpiredTokens(db, now),
    idempotencyKeys: await pruneIdempotencyKeys(db, now),
  };
}

/**
 * Runs {@link pruneExpired} every `intervalMs` (default 5 minutes) on an unref'd timer, so it
 * never keeps the process alive; a failed pass is logged and the next one tries again. With
 * `publicUrl` each pass also queues the license expiry reminders that fell due (30, 7 and 1 days
 * before; each once across processes, see services/licenses/reminders.ts). Each pass, and once at
 * start, also counts the dashboard's last-seen summary again when it is 15 minutes old or missing.
 */
export function startHousekeeping(deps: { db: Kysely<Database>; logger: Logger; intervalMs?: number; publicUrl?: string }): Housekeeping {
  const log = deps.logger.child({ component: "housekeeping" });
  const intervalMs = deps.intervalMs ?? DEFAULT_INTERVAL_MS;
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const runNow = (now?: number): Promise<PruneCounts> => {
    const started = Date.now();
    const pass = pruneExpired(deps.db, now).then(async (counts) => {
      const reminders =
        deps.publicUrl === undefined
          ? {}
          : {
              licenseReminders: await sendExpiryReminders(deps.db, deps.publicUrl, now),
              tokenReminders: await sendTokenExpiryReminders(deps.db, deps.publicUrl, now),
            };
      return { ...counts, ...reminders, lastSeenSummary: await refreshLastSeenSummaryIfDue(deps.db, now) };
    });
    const settled: Promise<void> = pass.then(
      () => {
        measured(started, "ok");
        running.delete(settled);
      },
      () => {
        measured(started, "failed");
        running.delete(settled);
      },
    );
    running.add(settled);
    return pass;
  };
  // The dashboard's last-seen summary at start when it is missing or stale (the first pass is 5 minutes away).
  const first = refreshLastSeenSummaryIfDue(deps.db).then(
    () => undefined,
    (error: unknown) => log.warn({ err: error }, "the last-seen summary could not be counted"),
  );
  running.add(first);
  void first.finally(() => running.delete(first));
  const timer = setInterval(() => {
    if (stopped) return;
    runNow().then(
      (counts) => log.debug(counts, "expired rows pruned"),
      (error: unknown) => log.warn({ err: error }, "expired rows could not be pruned"),
    );
  }, intervalMs);
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...running]);
    },
  };
}
