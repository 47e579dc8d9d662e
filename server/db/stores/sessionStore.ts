import session from "express-session";
import type { Kysely } from "kysely";
import type { Database } from "../types";

/** Sessions without an explicit cookie expiry live this long in the store. */
const DEFAULT_TTL_MS = 12 * 60 * 60 * 1000;

type Callback<T = void> = (err?: unknown, value?: T) => void;

/**
 * express-session store over the application database (DESIGN §2), so browser sessions survive
 * restarts and are shared by every process behind a load balancer.
 */
export class DatabaseSessionStore extends session.Store {
  constructor(private readonly db: Kysely<Database>) {
    super();
  }

  private expiryOf(sess: session.SessionData): number {
    const expires = sess.cookie?.expires;
    return expires ? new Date(expires).getTime() : Date.now() + DEFAULT_TTL_MS;
  }

  override get(sid: string, callback: Callback<session.SessionData | null>): void {
    this.db
      .selectFrom("sessions")
      .select(["sess", "expiresAt"])
      .where("sid", "=", sid)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.expiresAt <= Date.now()) return callback(undefined, null);
        callback(undefined, JSON.parse(row.sess) as session.SessionData);
      }, callback);
  }

  override set(sid: string, sess: session.SessionData, callback?: Callback): void {
    const values = { sid, sess: JSON.stringify(sess), expiresAt: this.expiryOf(sess) };
    this.db
      .insertInto("sessions")
      .values(values)
      // A save after sign-in (e.g. a password change) keeps the stored expiry: lifetimes are absolute.
      .onConflict((oc) => oc.column("sid").doUpdateSet({ sess: values.sess }))
      .execute()
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  /**
   * Does not extend the session. express-session touches the session on every request (a write
   * per page view); the cookie is not rolled (`rolling: false`), so the browser drops it at
   * sign-in + the configured hours anyway, and keeping the stored expiry fixed too means a copied
   * cookie cannot be kept alive past that by replaying it.
   */
  override touch(_sid: string, _sess: session.SessionData, callback?: Callback): void {
    callback?.();
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db
      .deleteFrom("sessions")
      .where("sid", "=", sid)
      .execute()
      .then(
        () => callback?.(),
        (error: unknown) => callback?.(error),
      );
  }

  /** Removes expired sessions; the server calls it on a timer (housekeeping.ts). */
  async prune(now = Date.now()): Promise<number> {
    const result = await this.db.deleteFrom("sessions").where("expiresAt", "<=", now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
