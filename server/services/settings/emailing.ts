import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import type { MailService } from "../../mail/service";
import { emailNotificationsOn } from "../../mail/switch";

/**
 * Whether calls that must e-mail may go ahead: the installation can send (`MAIL` is not
 * `disabled`) and a root has not switched e-mail notifications off (SPEC §3). Callers answer
 * SPEC's 501 'Emailing is Disabled' when it is false.
 */
export async function emailingEnabled(db: Kysely<Database>, mail: Pick<MailService, "enabled">): Promise<boolean> {
  return mail.enabled && (await emailNotificationsOn(db));
}
