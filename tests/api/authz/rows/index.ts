import type { MatrixRow } from "../types";
import { adminsRows } from "./admins";
import { identityRows } from "./identity";
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

/** Every /v2 endpoint's row; each resource adds its own file and list here. */
export const MATRIX_ROWS: MatrixRow[] = [
  ...identityRows,
  ...adminsRows,
  ...logsRows,
  ...teamsRows,
  ...usersRows,
  ...serviceRows,
  ...dashboardRows,
  ...licensesRows,
  ...settingsRows,
  ...domainsRows,
  ...invitesRows,
  ...exportRows,
  ...userImportRows,
];
