import type { NavEdition } from "../../shared/domain/navigation";

/**
 * The protected routes of SPEC §2 with their title keys. Access rules are not repeated here:
 * the guard asks the shared navigation table, the same one the sidebar renders.
 */
export interface ProtectedPage {
  path: string;
  titleKey: (edition: NavEdition) => string;
}

const title = (key: string) => () => `pages:titles.${key}`;

/** Every signed-in page; later issues give each its content. */
export const PROTECTED_PAGES: readonly ProtectedPage[] = [
  { path: "/dashboard", titleKey: title("dashboard") },
  { path: "/invites", titleKey: title("invites") },
  { path: "/settings", titleKey: title("settings") },
  { path: "/associations", titleKey: title("associations") },
  { path: "/domains", titleKey: title("domains") },
  { path: "/apps", titleKey: title("apps") },
  { path: "/users/manage", titleKey: title("usersManage") },
  { path: "/users/create", titleKey: title("usersCreate") },
  { path: "/users/import", titleKey: title("usersImport") },
  { path: "/users/profile/:queryUID", titleKey: title("userProfile") },
  { path: "/admins/manage", titleKey: title("adminsManage") },
  { path: "/admins/create", titleKey: title("adminsCreate") },
  { path: "/admins/profile/:queryUID", titleKey: title("adminProfile") },
  { path: "/teams", titleKey: title("teams") },
  { path: "/teams/create", titleKey: title("teamsCreate") },
  { path: "/teams/profile/:queryUID", titleKey: title("teamProfile") },
  { path: "/purchase", titleKey: (edition) => `pages:titles.${edition === "public" ? "purchase" : "activate"}` },
  { path: "/licenses", titleKey: title("licenses") },
  { path: "/logs", titleKey: title("logs") },
  { path: "/tokens", titleKey: title("tokens") },
];

/** Public pages that take a language; the bare path redirects to the English one. */
export const PUBLIC_LANG_PAGES = ["signin", "signup", "forgot-password"] as const;

/** Plain redirects of SPEC §2. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  "/": "/dashboard",
  "/signin": "/signin/en",
  "/signup": "/signup/en",
  "/forgot-password": "/forgot-password/en",
  "/status": "/status/404",
};
