import type { PageLoaders } from "./types";
import { ADMIN_PAGES } from "./admins";
import { USERS_PAGES } from "./users";
import { dashboardPages } from "./dashboard";
import { teamPages } from "./teams";
import { licensePages } from "./licenses";
import { settingsPages } from "./settings";
import { domainPages } from "./domains";
import { invitePages } from "./invites";
import { logPages } from "./logs";
import { tokenPages } from "./tokens";

/**
 * Every signed-in page that has content, by route path. A path not listed here renders its title
 * in the layout only (its feature arrives with a later issue). Section modules add their maps.
 */
export const PAGE_LOADERS: PageLoaders = {
  ...USERS_PAGES,
  ...dashboardPages,
  ...teamPages,
  ...ADMIN_PAGES,
  ...licensePages,
  ...settingsPages,
  ...domainPages,
  ...invitePages,
  ...logPages,
  ...tokenPages,
};
