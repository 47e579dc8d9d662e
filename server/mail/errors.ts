/** How the mail service names its failures: to callers (classes) and to last_error and the log (text). */

/** E-mail is disabled (`MAIL=disabled`): callers answer 501 and should not enqueue at all. */
export class MailDisabledError extends Error {
  override name = "MailDisabledError";
  constructor() {
    super("E-mail is disabled (MAIL=disabled)");
  }
}

/**
 * One outbox row could not be sent now (callers answer 509). The message names only the outbox id
 * and an error code, so it is safe to log; the row's last_error keeps the relay's full answer.
 */
export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";
  constructor(
    readonly outboxId: number,
    /** True when the row is marked failed and will not be retried. */
    readonly final: boolean,
    /** An error code (ECONNECTION, EAUTH …) or a short fixed reason. */
    readonly reason: string,
  ) {
    super(`E-mail ${outboxId} was not sent (${reason})`);
  }
}

/** The error text kept in last_error (never logged): short, one line. */
export function describeError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return `${typeof code === "string" ? `${code}: ` : ""}${message}`.replace(/\s+/g, " ").slice(0, 500);
}

/** A loggable error code: nodemailer's (ECONNECTION, EAUTH …) or the error's class name. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  return error instanceof Error ? error.name : "Error";
}
