import type { ReactElement } from "react";
import { platformKey } from "../../../shared/domain/platforms";
import { formatDateTime } from "../../lib/datetime";
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

/** The flags a user may have, in the order they are shown. */
const FLAGS = ["ecs", "sip", "cellcrypt"] as const;
type Flag = (typeof FLAGS)[number];
type UserFlags = { ecs: boolean; sip: boolean; cellcrypt: boolean };

/**
 * The markup of the shared DateTime (client/components/DateTime.tsx: the one list-and-profile
 * style) as a plain call, for tables that build their cells without a component per cell.
 */
function timeElement(iso: string | null, lang: string, timeZone: string, empty: string): ReactElement {
  if (!iso) return <span className="muted">{empty}</span>;
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso, lang, timeZone)}
    </time>
  );
}

function statusElement(status: UserStatus, label: string): ReactElement {
  return <span className={`badge badge-${status}`}>{label}</span>;
}

function flagsElement(user: UserFlags, title: (flag: Flag) => string, label: (flag: Flag) => string): ReactElement | null {
  const flags = FLAGS.filter((flag) => user[flag]);
  if (flags.length === 0) return null;
  return (
    <span className="flag-list">
      {flags.map((flag) => (
        <span key={flag} className="badge badge-flag" title={title(flag)}>
          {label(flag)}
        </span>
      ))}
    </span>
  );
}

/** A `<time>` in the admin's time zone and language, or "Never" for no time (see timeElement). */
export function DateTime({ iso, timeZone, empty }: { iso: string | null; timeZone: string; empty?: string }) {
  const t = useT();
  const lang = useLang();
  return timeElement(iso, lang, timeZone, empty ?? t("users:list.never"));
}

/** A user status as a colored badge with its translated label. */
export function StatusBadge({ status }: { status: UserStatus }) {
  const t = useT();
  return statusElement(status, t(`users:statuses.${status}`));
}

/** The ECS / SIP / Cellcrypt flags a user has, as small badges (nothing when none). */
export function FlagBadges({ user, long = false }: { user: UserFlags; long?: boolean }) {
  const t = useT();
  return flagsElement(
    user,
    (flag) => t(`users:flags.${flag}`),
    (flag) => (long ? t(`users:flags.${flag}`) : t(`users:flags.${flag}Short`)),
  );
}

/** The cells of a users table row that {@link DateTime}, {@link StatusBadge} and {@link FlagBadges} draw. */
export interface RowCells {
  time: (iso: string | null) => ReactElement;
  status: (status: UserStatus) => ReactElement;
  flags: (user: UserFlags) => ReactElement | null;
}

/**
 * The same elements as DateTime (short), StatusBadge and FlagBadges (short), as plain calls with
 * their labels looked up once per table: a table of 50 rows rendered 200 such components, each
 * with its own context reads and translations, for a span or a `<time>`.
 */
export function rowCells(t: Translate, lang: string, timeZone: string): RowCells {
  const never = t("users:list.never");
  const statuses = new Map<UserStatus, string>();
  const titles = new Map<Flag, string>();
  const shorts = new Map<Flag, string>();
  const memo = <K,>(map: Map<K, string>, key: K, make: () => string) => {
    let text = map.get(key);
    if (text === undefined) map.set(key, (text = make()));
    return text;
  };
  const title = (flag: Flag) => memo(titles, flag, () => t(`users:flags.${flag}`));
  const label = (flag: Flag) => memo(shorts, flag, () => t(`users:flags.${flag}Short`));
  return {
    time: (iso) => timeElement(iso, lang, timeZone, never),
    status: (status) =>
      statusElement(
        status,
        memo(statuses, status, () => t(`users:statuses.${status}`)),
      ),
    flags: (user) => flagsElement(user, title, label),
  };
}
