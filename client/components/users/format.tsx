import { platformKey } from "../../../shared/domain/platforms";
import { formatDateTime, type DateTimeStyle } from "../../lib/datetime";
import { useLang, useT, type Translate } from "../render-context";
import type { UserStatus } from "../../../shared/domain/statuses";

/** The localized name of a SPEC §3 platform code ("Windows Desktop"); unknown codes read as Unknown. */
export function platformLabel(t: Translate, code: number): string {
  return t(`users:platforms.${platformKey(code)}`);
}

/** A user's full name, or the username when both names are empty. */
export function displayName(user: { firstName: string; lastName: string; username: string }): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === "" ? user.username : name;
}

/**
 * A `<time>` in the admin's time zone and language, or "Never" for no time. The text may differ
 * by a separator between the server's and the browser's ICU, so a hydration text mismatch is
 * tolerated here (the server's text stays; both are the same instant in the same zone).
 */
export function DateTime({ iso, timeZone, style = "short", empty }: { iso: string | null; timeZone: string; style?: DateTimeStyle; empty?: string }) {
  const t = useT();
  const lang = useLang();
  if (!iso) return <span className="muted">{empty ?? t("users:list.never")}</span>;
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso, lang, timeZone, style)}
    </time>
  );
}

/** A user status as a colored badge with its translated label. */
export function StatusBadge({ status }: { status: UserStatus }) {
  const t = useT();
  return <span className={`badge badge-${status}`}>{t(`users:statuses.${status}`)}</span>;
}

/** The ECS / SIP / Cellcrypt flags a user has, as small badges (nothing when none). */
export function FlagBadges({ user, long = false }: { user: { ecs: boolean; sip: boolean; cellcrypt: boolean }; long?: boolean }) {
  const t = useT();
  const flags = (["ecs", "sip", "cellcrypt"] as const).filter((flag) => user[flag]);
  if (flags.length === 0) return null;
  return (
    <span className="flag-list">
      {flags.map((flag) => (
        <span key={flag} className="badge badge-flag" title={t(`users:flags.${flag}`)}>
          {long ? t(`users:flags.${flag}`) : t(`users:flags.${flag}Short`)}
        </span>
      ))}
    </span>
  );
}
