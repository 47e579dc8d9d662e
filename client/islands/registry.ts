import type { ComponentType } from "react";

/**
 * Island name → lazy import of its own chunk. The server renders islands by name and the
 * hydrator imports only the chunks a page uses; a name missing here cannot be rendered.
 */
export const islandRegistry = {
  LanguageSwitcher: () => import("./LanguageSwitcher").then((m) => m.LanguageSwitcher),
  // Sudo mode's one prompt (issue #29), on every console page: it lives with its parts in components/reauth.
  ReauthPrompt: () => import("./ReauthPrompt").then((m) => m.ReauthPrompt),
  SignInForm: () => import("./SignInForm").then((m) => m.SignInForm),
  SignUpForm: () => import("./SignUpForm").then((m) => m.SignUpForm),
  ForgotPasswordForm: () => import("./ForgotPasswordForm").then((m) => m.ForgotPasswordForm),
  NewPasswordForm: () => import("./NewPasswordForm").then((m) => m.NewPasswordForm),
  ProfileForm: () => import("./ProfileForm").then((m) => m.ProfileForm),
  PasswordChangeForm: () => import("./PasswordChangeForm").then((m) => m.PasswordChangeForm),
  TerminateAccount: () => import("./TerminateAccount").then((m) => m.TerminateAccount),
  MfaSettings: () => import("./MfaSettings").then((m) => m.MfaSettings),
  AdminCreateForm: () => import("./AdminCreateForm").then((m) => m.AdminCreateForm),
  AdminDetailsForm: () => import("./AdminDetailsForm").then((m) => m.AdminDetailsForm),
  AdminTeamsForm: () => import("./AdminTeamsForm").then((m) => m.AdminTeamsForm),
  AdminActions: () => import("./AdminActions").then((m) => m.AdminActions),
  UsersTable: () => import("./UsersTable").then((m) => m.UsersTable),
  UserEditForm: () => import("./UserEditForm").then((m) => m.UserEditForm),
  UserResetButton: () => import("./UserResetButton").then((m) => m.UserResetButton),
  UserActions: () => import("./UserActions").then((m) => m.UserActions),
  DeviceActions: () => import("./DeviceActions").then((m) => m.DeviceActions),
  UserCreateForm: () => import("./UserCreateForm").then((m) => m.UserCreateForm),
  UserImportForm: () => import("./UserImportForm").then((m) => m.UserImportForm),
  TeamForm: () => import("./TeamForm").then((m) => m.TeamForm),
  TeamSettingsEditor: () => import("./TeamSettingsEditor").then((m) => m.TeamSettingsEditor),
  TeamDelete: () => import("./TeamDelete").then((m) => m.TeamDelete),
  LicenseGauge: () => import("./LicenseGauge").then((m) => m.LicenseGauge),
  LicensesTable: () => import("./LicensesTable").then((m) => m.LicensesTable),
  PurchaseForm: () => import("./PurchaseForm").then((m) => m.PurchaseForm),
  ActivateForm: () => import("./ActivateForm").then((m) => m.ActivateForm),
  SettingsForm: () => import("./SettingsForm").then((m) => m.SettingsForm),
  DomainsEditor: () => import("./DomainsEditor").then((m) => m.DomainsEditor),
  InviteWizard: () => import("./InviteWizard").then((m) => m.InviteWizard),
  InvitesTable: () => import("./InvitesTable").then((m) => m.InvitesTable),
  AssociationsManager: () => import("./AssociationsManager").then((m) => m.AssociationsManager),
  AssociationCreate: () => import("./AssociationCreate").then((m) => m.AssociationCreate),
  LogsTable: () => import("./LogsTable").then((m) => m.LogsTable),
  ListFilters: () => import("./ListFilters").then((m) => m.ListFilters),
  TokenCreateForm: () => import("./TokenCreateForm").then((m) => m.TokenCreateForm),
  TokenRevoke: () => import("./TokenRevoke").then((m) => m.TokenRevoke),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

/** The names an Island marker may carry. */
export type IslandName = keyof typeof islandRegistry;

/** Narrows a marker's name attribute to a known island. */
export function isIslandName(name: string | null): name is IslandName {
  return name !== null && Object.prototype.hasOwnProperty.call(islandRegistry, name);
}
