/**
 * The database schema as Kysely sees it: every table type, re-exported from the files that
 * declare them, and the row helpers services use.
 */
import type { Insertable, Selectable, Updateable } from "kysely";
import type {
  TeamsTable,
  TeamDomainsTable,
  AdminsTable,
  AdminPasswordHistoryTable,
  AdminTeamsTable,
  AccessTokensTable,
  UsersTable,
  TeamCountersTable,
  UserAliasesTable,
  UserPasswordHistoryTable,
  UserTokensTable,
  DevicesTable,
  LocationsTable,
} from "./account-tables";
import type {
  LicensePacksTable,
  LicenseOrdersTable,
  LicenseRemindersTable,
  InvitesTable,
  AssociationsTable,
  AssociationTeamsTable,
  UserImportsTable,
  UserImportRowsTable,
} from "./business-tables";
import type { LastSeenSummaryTable, LastSeenSummaryStateTable } from "./summary-tables";
import type {
  AppSettingsTable,
  SystemSettingsTable,
  OneTimeTokensTable,
  SessionsTable,
  RateLimitsTable,
  IdempotencyKeysTable,
  CaptchaRedemptionsTable,
  AccessLogTable,
  MailOutboxTable,
  ServiceTokensTable,
  InstallationSecretsTable,
} from "./system-tables";
import type { AdminTotpTable, AdminRecoveryCodesTable, AdminPasskeysTable, MfaChallengesTable, MfaGraceTable } from "./mfa-tables";

export type * from "./columns";
export type * from "./account-tables";
export type * from "./business-tables";
export type * from "./system-tables";
export type * from "./mfa-tables";

/** The whole schema, keyed by table name as Kysely sees it. */
export interface Database {
  teams: TeamsTable;
  teamDomains: TeamDomainsTable;
  admins: AdminsTable;
  adminPasswordHistory: AdminPasswordHistoryTable;
  adminTeams: AdminTeamsTable;
  accessTokens: AccessTokensTable;
  adminTotp: AdminTotpTable;
  adminRecoveryCodes: AdminRecoveryCodesTable;
  adminPasskeys: AdminPasskeysTable;
  mfaChallenges: MfaChallengesTable;
  mfaGrace: MfaGraceTable;
  users: UsersTable;
  teamCounters: TeamCountersTable;
  lastSeenSummary: LastSeenSummaryTable;
  lastSeenSummaryState: LastSeenSummaryStateTable;
  userAliases: UserAliasesTable;
  userPasswordHistory: UserPasswordHistoryTable;
  userTokens: UserTokensTable;
  devices: DevicesTable;
  locations: LocationsTable;
  licensePacks: LicensePacksTable;
  licenseOrders: LicenseOrdersTable;
  licenseReminders: LicenseRemindersTable;
  invites: InvitesTable;
  associations: AssociationsTable;
  associationTeams: AssociationTeamsTable;
  userImports: UserImportsTable;
  userImportRows: UserImportRowsTable;
  appSettings: AppSettingsTable;
  systemSettings: SystemSettingsTable;
  oneTimeTokens: OneTimeTokensTable;
  sessions: SessionsTable;
  accessLog: AccessLogTable;
  mailOutbox: MailOutboxTable;
  serviceTokens: ServiceTokensTable;
  rateLimits: RateLimitsTable;
  idempotencyKeys: IdempotencyKeysTable;
  captchaRedemptions: CaptchaRedemptionsTable;
  installationSecrets: InstallationSecretsTable;
}

/** A selected row of table T, e.g. `Row<"admins">`. */
export type Row<T extends keyof Database> = Selectable<Database[T]>;
/** The insert shape of table T. */
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
/** The update shape of table T. */
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
