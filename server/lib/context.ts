import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Config } from "../config";
import type { Database } from "../db/types";
import type { MailService } from "../mail/service";

/** What domain services work with: the database, the configuration, e-mail and the log. */
export interface ServiceContext {
  db: Kysely<Database>;
  config: Config;
  mail: MailService;
  logger: Logger;
}

/** Where a request came from, for the access log. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  /** The request's id (X-Request-Id), recorded with each access-log entry it writes. */
  requestId?: string | null;
  /** The access token (by name) the call came with, so every access-log entry it writes names it. */
  viaToken?: string | null;
  /** A call that set a password: whether a Bulwark client (which checks the policy) sent it; see server/http/origin.ts. */
  passwordPolicy?: PasswordPolicyMark;
}

/** Who checked a new password against the policy: the server sees only its hash (SPEC §5). */
export type PasswordPolicyMark = "checkedByClient" | "notChecked";
