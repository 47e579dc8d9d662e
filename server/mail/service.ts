/**
 * The mail service (DESIGN §2): sends outbox rows through the configured transport, at least
 * once. A row is claimed before it is sent (a compare-and-set on next_attempt_at that pushes it
 * one lease ahead), so two server processes never send the same row at the same time; a crash
 * after sending but before marking it sent means one more send with the same Message-ID.
 *
 * Logs carry the outbox id, the template and the outcome, never an address, a body or a link.
 */
import type { i18n } from "i18next";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Config } from "../config";
import type { Database, Row } from "../db/types";
import { isMailTemplate, MailTemplateError, renderMail } from "./templates";
import type { RenderedMail } from "./templates";
import { createMailTransport } from "./transports";
import { outboxDeliveries } from "../lib/metrics";
import { describeError, errorCode, MailDeliveryError, MailDisabledError } from "./errors";
import type { MailTransport, SendOutcome } from "./transports";

/** Attempts before a row is marked failed for good. */
export const MAX_ATTEMPTS = 8;
/** How far a claim pushes a row ahead: longer than one send can take (see SMTP_TIMEOUTS). */
export const CLAIM_LEASE_MS = 30_000;
/** Rows one worker batch claims at most. */
const BATCH_SIZE = 20;
/**
 * The payload of a row that will never be sent again: its links carry one-time tokens (stored
 * hashed everywhere else), so they do not stay readable in the database once they are useless.
 */
const SCRUBBED = "{}";
/** How often deliver() looks at a row another process is sending. */
const WAIT_STEP_MS = 200;

/** The wait after `attempts` failed attempts: 30 s × 2^attempts (1 min, 2 min, 4 min …), at most one hour; always longer than a lease. */
export function retryDelay(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(1, attempts), 3_600_000);
}

/** Sends the outbox; one per server process. */
export interface MailService {
  /** False with `MAIL=disabled`: nothing is sent, so callers refuse actions that need a mail (501). */
  readonly enabled: boolean;
  /** Sends one row now (waiting for another process that is sending it); rejects when it did not leave. */
  deliver(id: number): Promise<void>;
  /** Starts the worker that sends due rows every poll interval (a no-op when disabled or started). */
  start(): void;
  /** Stops the worker and waits for whatever this service is sending. */
  stop(): Promise<void>;
  /** Sends every row due now, returning how many left; failures are recorded, not thrown. */
  drainNow(): Promise<number>;
}

/** What the mail service needs; `pollIntervalMs` is the worker's period (default 5 s). */
export interface MailServiceDeps {
  db: Kysely<Database>;
  config: Pick<Config, "mail">;
  i18n: i18n;
  logger: Logger;
  pollIntervalMs?: number;
}

type OutboxRow = Row<"mailOutbox">;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function parsePayload(payload: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    throw new MailTemplateError("The stored payload is not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new MailTemplateError("The stored payload is not an object");
  }
  return value as Record<string, unknown>;
}

/**
 * Builds the mail service for the configuration. With `MAIL=disabled` it is inert: `enabled` is
 * false, deliver() rejects with MailDisabledError, the worker does not run and rows (if any were
 * queued anyway) stay pending until the server runs with a transport again.
 */
export function createMailService(deps: MailServiceDeps): MailService {
  const { db, i18n } = deps;
  const log = deps.logger.child({ component: "mail" });
  const transport = createMailTransport(deps.config.mail);
  const pollIntervalMs = deps.pollIntervalMs ?? 5_000;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let workerOn = false;
  /** Bumped by every start(), so a batch of an earlier start never reschedules the worker. */
  let generation = 0;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    const forget = () => inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  /** Takes the row for one lease if nobody changed it since it was read; undefined when another won. */
  async function claim(row: Pick<OutboxRow, "id" | "nextAttemptAt">): Promise<OutboxRow | undefined> {
    return db
      .updateTable("mailOutbox")
      .set({ nextAttemptAt: Date.now() + CLAIM_LEASE_MS })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .where("nextAttemptAt", "=", row.nextAttemptAt)
      .returningAll()
      .executeTakeFirst();
  }

  /** Records a failed attempt: a retry with backoff, or `failed` when final. */
  async function recordFailure(row: OutboxRow, error: unknown, permanent: boolean): Promise<MailDeliveryError> {
    const attempts = row.attempts + 1;
    const final = permanent || attempts >= MAX_ATTEMPTS;
    const now = Date.now();
    const delay = final ? 0 : retryDelay(attempts);
    await db
      .updateTable("mailOutbox")
      .set({
        attempts,
        lastError: describeError(error),
        status: final ? "failed" : "pending",
        nextAttemptAt: now + delay,
        ...(final ? { payload: SCRUBBED } : {}),
      })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .execute();
    outboxDeliveries.inc({ outcome: final ? "failed" : "retry" });
    log.warn(
      {
        outboxId: row.id,
        template: row.template,
        outcome: final ? "failed" : "retry",
        attempts,
        retryInMs: delay,
        errorCode: errorCode(error),
      },
      final ? "e-mail failed for good" : "e-mail not sent; will retry",
    );
    return new MailDeliveryError(row.id, final, errorCode(error));
  }

  /** Renders and sends a claimed row, then marks it sent; throws MailDeliveryError on failure. */
  async function attempt(sender: MailTransport, row: OutboxRow): Promise<void> {
    let rendered: RenderedMail;
    try {
      if (!isMailTemplate(row.template)) throw new MailTemplateError(`Unknown template ${row.template}`);
      rendered = renderMail(i18n, row.template, row.lang, parsePayload(row.payload));
    } catch (error) {
      throw await recordFailure(row, error, error instanceof MailTemplateError);
    }
    let outcome: SendOutcome;
    try {
      outcome = await sender.send({ messageId: row.messageId, createdAt: row.createdAt, to: row.toAddress, ...rendered });
    } catch (error) {
      throw await recordFailure(row, error, false);
    }
    await db
      .updateTable("mailOutbox")
      .set({ status: "sent", sentAt: Date.now(), attempts: row.attempts + 1, lastError: null, payload: SCRUBBED })
      .where("id", "=", row.id)
      .where("status", "=", "pending")
      .execute();
    outboxDeliveries.inc({ outcome: "sent" });
    log.info({ outboxId: row.id, template: row.template, outcome, attempts: row.attempts + 1 }, "e-mail sent");
  }

  async function deliverOne(sender: MailTransport, id: number): Promise<void> {
    const deadline = Date.now() + CLAIM_LEASE_MS + 5_000;
    let firstAttempts: number | undefined;
    for (;;) {
      const row = await db.selectFrom("mailOutbox").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw new MailDeliveryError(id, true, "no such outbox row");
      if (row.status === "sent") return;
      if (row.status === "failed") throw new MailDeliveryError(id, true, "failed for good");
      firstAttempts ??= row.attempts;
      if (row.attempts > firstAttempts) throw new MailDeliveryError(id, false, "another process's attempt failed");
      const now = Date.now();
      // Due now, or waiting for a retry further out than any claim reaches: nobody holds it.
      if (row.nextAttemptAt <= now || row.nextAttemptAt > now + CLAIM_LEASE_MS) {
        const claimed = await claim(row);
        if (claimed) return attempt(sender, claimed);
      } else if (now >= deadline) {
        throw new MailDeliveryError(id, false, "another process is still sending it");
      } else {
        // Claimed by another process (or a retry due within a lease): wait for that outcome.
        await sleep(WAIT_STEP_MS);
      }
    }
  }

  /** Claims and sends due rows in batches until none is due as of the start; returns how many left. */
  async function drain(sender: MailTransport, shouldStop: () => boolean): Promise<number> {
    const cutoff = Date.now();
    let sent = 0;
    while (!shouldStop()) {
      const due = await db
        .selectFrom("mailOutbox")
        .select(["id", "nextAttemptAt", "template"])
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", cutoff)
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(BATCH_SIZE)
        .execute();
      if (due.length === 0) break;
      for (const candidate of due) {
        if (shouldStop()) break;
        try {
          // Every row leaves the cutoff window: claimed rows are pushed a lease (or a retry) ahead.
          const claimed = await claim(candidate);
          if (!claimed) continue;
          await attempt(sender, claimed);
          sent++;
        } catch (error) {
          if (!(error instanceof MailDeliveryError)) {
            log.error(
              { outboxId: candidate.id, template: candidate.template, outcome: "error", errorCode: errorCode(error) },
              "e-mail worker error",
            );
          }
        }
      }
    }
    return sent;
  }

  return {
    enabled: transport !== undefined,

    deliver(id) {
      if (!transport) return Promise.reject(new MailDisabledError());
      return track(deliverOne(transport, id));
    },

    start() {
      if (!transport || workerOn) return;
      workerOn = true;
      const mine = ++generation;
      const schedule = (delay: number) => {
        timer = setTimeout(tick, delay);
        timer.unref();
      };
      const tick = () => {
        timer = undefined;
        const batch = drain(transport, () => !workerOn || mine !== generation).catch((error: unknown) => {
          log.error({ outcome: "error", errorCode: errorCode(error) }, "e-mail worker could not read the outbox");
          return 0;
        });
        void track(batch).then(() => {
          if (workerOn && mine === generation) schedule(pollIntervalMs);
        });
      };
      log.info({ transport: transport.kind, pollIntervalMs }, "e-mail worker started");
      schedule(0);
    },

    async stop() {
      workerOn = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled([...inFlight]);
    },

    drainNow() {
      if (!transport) return Promise.resolve(0);
      return track(drain(transport, () => false));
    },
  };
}
