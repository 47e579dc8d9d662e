import type { RoutePermission } from "../../../../server/api/handler";
import type { MatrixRow } from "../types";
import { tokensRows } from "./tokens";
import { adminsRows } from "./admins";
import { identityRows } from "./identity";
import { mfaRows } from "./mfa";
import { mfaPasskeyRows } from "./mfaPasskeys";
import { logsRows } from "./logs";
import { teamsRows } from "./teams";
import { usersRows } from "./users";
import { serviceRows } from "./service";
import { dashboardRows } from "./dashboard";
import { licensesRows } from "./licenses";
import { settingsRows } from "./settings";
import { domainsRows } from "./domains";
import { invitesRows } from "./invites";

import { exportRows } from "./exports";
import { userImportRows } from "./userImport";

/** What an access token needs for a resource's writes: the area's permission (a row's own `permission` wins). */
const needing = (permission: RoutePermission, rows: MatrixRow[]): MatrixRow[] => rows.map((row) => ({ permission, ...row }));

/** Every /v2 endpoint's row; each resource adds its own file and list here. */
export const MATRIX_ROWS: MatrixRow[] = [
  ...identityRows,
  ...mfaRows,
  ...mfaPasskeyRows,
  ...adminsRows,
  ...logsRows,
  ...teamsRows,
  ...needing("users", usersRows),
  ...serviceRows,
  ...dashboardRows,
  ...needing("licenses", licensesRows),
  ...settingsRows,
  ...domainsRows,
  ...needing("invites", invitesRows),
  ...exportRows,
  ...needing("users", userImportRows),
  ...tokensRows,
];
