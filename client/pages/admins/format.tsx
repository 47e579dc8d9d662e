import { roleTextKey, type Role } from "../../../shared/domain/roles";
import type { Translate } from "../../components/render-context";

/** The translated label of a role (superAdmin / admin, SPEC §2). */
export function roleText(t: Translate, role: Role): string {
  return t(roleTextKey(role));
}

/** The translated label of an admin status; an unknown status is shown as sent. */
export function statusText(t: Translate, status: string): string {
  return ["registered", "invited", "active", "blocked"].includes(status) ? t(`admins:statuses.${status}`) : status;
}

/** "First Last", or the username when both names are empty. */
export function fullName(admin: { firstName: string; lastName: string; username: string }): string {
  return `${admin.firstName} ${admin.lastName}`.trim() || admin.username;
}

/** A status badge: colour by status, text translated. */
export function StatusBadge({ t, status }: { t: Translate; status: string }) {
  return <span className={`admin-badge admin-badge-${status}`}>{statusText(t, status)}</span>;
}
