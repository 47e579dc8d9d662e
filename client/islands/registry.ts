import type { ComponentType } from "react";

/**
 * Island name → lazy import of its own chunk. The server renders islands by name and the
 * hydrator imports only the chunks a page uses; a name missing here cannot be rendered.
 */
export const islandRegistry = {
  LanguageSwitcher: () => import("./LanguageSwitcher").then((m) => m.LanguageSwitcher),
  SignInForm: () => import("./SignInForm").then((m) => m.SignInForm),
  SignUpForm: () => import("./SignUpForm").then((m) => m.SignUpForm),
  ForgotPasswordForm: () => import("./ForgotPasswordForm").then((m) => m.ForgotPasswordForm),
  NewPasswordForm: () => import("./NewPasswordForm").then((m) => m.NewPasswordForm),
  ProfileForm: () => import("./ProfileForm").then((m) => m.ProfileForm),
  PasswordChangeForm: () => import("./PasswordChangeForm").then((m) => m.PasswordChangeForm),
  TerminateAccount: () => import("./TerminateAccount").then((m) => m.TerminateAccount),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

/** The names an Island marker may carry. */
export type IslandName = keyof typeof islandRegistry;

/** Narrows a marker's name attribute to a known island. */
export function isIslandName(name: string | null): name is IslandName {
  return name !== null && Object.prototype.hasOwnProperty.call(islandRegistry, name);
}
