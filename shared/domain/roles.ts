/**
 * Admin roles (SPEC §1, §6): root is shown as "super administrator", admin as "admin".
 */

/** Every admin role, least privileged last; the server stores these strings. */
export const ROLES = ["root", "admin"] as const;

/** An admin role. */
export type Role = (typeof ROLES)[number];

/** The profile-menu label of each role (SPEC §2: "the label superAdmin or admin"); also an i18n key suffix. */
export const ROLE_LABELS = { root: "superAdmin", admin: "admin" } as const satisfies Record<Role, string>;

/** A role label. */
export type RoleLabel = (typeof ROLE_LABELS)[Role];

/** Narrows an unknown value (e.g. a JWT claim) to a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The label shown for a role. */
export function roleLabel(role: Role): RoleLabel {
  return ROLE_LABELS[role];
}

/**
 * The i18n key of a role's translated name ("Super administrator", "Superadministrador"): one
 * key in `common` (inlined for every island) so the header, lists and profiles say the same.
 */
export function roleTextKey(role: Role): `common:roles.${RoleLabel}` {
  return `common:roles.${ROLE_LABELS[role]}`;
}

/** True for the super administrator, who sees and changes everything (DESIGN §5). */
export function isRoot(role: Role): boolean {
  return role === "root";
}
