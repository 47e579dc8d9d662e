import { roleLabel as roleLabelOf, roleTextKey } from "../../../shared/domain/roles";
import { useT } from "../render-context";

/** The signed-in admin as the header shows them. */
export interface HeaderAdmin {
  uid: string;
  firstName: string;
  lastName: string;
  role: "root" | "admin";
}

/** Initials for the avatar: first letters of first and last name. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = Array.from(firstName.trim())[0] ?? "";
  const last = Array.from(lastName.trim())[0] ?? "";
  return (first + last).toUpperCase() || "?";
}

/**
 * The 80px header (SPEC §2): menu toggle for the drawer on small screens, the page title and the
 * profile menu. The menu is a popover, so it opens and closes from the keyboard without script.
 */
export function Header({ title, admin, csrfToken }: { title: string; admin: HeaderAdmin; csrfToken: string }) {
  const t = useT();
  const fullName = `${admin.firstName} ${admin.lastName}`.trim();
  // SPEC §2's label (superAdmin / admin) stays a data attribute; people read the translated role.
  const roleLabel = roleLabelOf(admin.role);
  const roleText = t(roleTextKey(admin.role));
  return (
    <header className="app-header">
      <button type="button" className="menu-toggle" popoverTarget="sidebar" aria-controls="sidebar">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t("layout:header.openMenu")}</span>
      </button>
      <h1 className="page-title">{title}</h1>
      <div className="profile">
        <button type="button" className="profile-button" popoverTarget="profile-menu" aria-controls="profile-menu">
          <span className="avatar" aria-hidden="true">
            {initialsOf(admin.firstName, admin.lastName)}
          </span>
          <span className="profile-text">
            <span className="profile-name">{fullName}</span>
            <span className="profile-role" data-role={roleLabel}>
              {roleText}
            </span>
          </span>
          <span className="visually-hidden">{t("layout:header.profileMenu")}</span>
        </button>
        <div id="profile-menu" className="profile-menu" popover="auto">
          <div className="profile-menu-head">
            <span className="avatar avatar-large" aria-hidden="true">
              {initialsOf(admin.firstName, admin.lastName)}
            </span>
            <span>
              <span className="profile-name">{fullName}</span>
              <span className="profile-role">{roleText}</span>
            </span>
          </div>
          <a className="profile-menu-item" href={`/admins/profile/${encodeURIComponent(admin.uid)}`}>
            {t("layout:header.myProfile")}
          </a>
          <a className="profile-menu-item" href="/tokens">
            {t("layout:header.apiTokens")}
          </a>
          <form method="post" action="/signout" className="profile-menu-form">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="profile-menu-item">
              {t("layout:header.signOut")}
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
