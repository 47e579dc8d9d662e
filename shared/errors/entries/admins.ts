import type { ActionEntrySpecs } from "../types";

/** Administrator management (SPEC §8: Admin create, edit, delete, Activate and block, Team permissions). */
export const ADMIN_ENTRIES = {
  adminCreate200: { status: 200, kind: "success", en: "Administrator created" },
  adminCreate403: { status: 403, kind: "error", en: "You are not allowed to add an administrator to this company" },
  adminCreate404: { status: 404, kind: "error", en: "Company not found. Choose an existing company" },
  adminCreate409: { status: 409, kind: "error", en: "This username already exists. Choose another one" },
  adminCreate501: {
    status: 501,
    kind: "error",
    en: "E-mailing is disabled. Define a password instead of sending an e-mail invitation",
  },
  adminCreate509: {
    status: 509,
    kind: "error",
    en: "Could not send the invitation e-mail. Try again or define a password instead",
  },
  adminEdit200: { status: 200, kind: "success", en: "Administrator updated successfully" },
  adminEdit404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
  adminEdit409: { status: 409, kind: "error", en: "This username already exists. Choose another one" },
  adminDelete200: { status: 200, kind: "success", en: "Administrator deleted" },
  adminDelete403: { status: 403, kind: "error", en: "You are not allowed to delete this administrator" },
  adminDelete409: {
    status: 409,
    kind: "error",
    en: "You cannot delete your own account here. Use account termination in your profile",
  },
  adminDelete404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
  adminActivate200: { status: 200, kind: "success", en: "Administrator activated" },
  adminActivate403: { status: 403, kind: "error", en: "You are not authorized to activate this administrator" },
  adminActivate404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
  adminActivate422: {
    status: 422,
    kind: "error",
    en: "This administrator has not set a password yet. They must accept their invitation first",
  },
  adminBlock200: { status: 200, kind: "success", en: "Administrator blocked" },
  adminBlock403: { status: 403, kind: "error", en: "You are not authorized to block this administrator" },
  adminBlock404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
  adminUnlock200: { status: 200, kind: "success", en: "Lock lifted. The administrator can sign in again" },
  adminUnlock403: { status: 403, kind: "error", en: "Only a super administrator can lift a lock" },
  adminUnlock404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
  adminTeams200: { status: 200, kind: "success", en: "Company membership updated" },
  adminTeams400: { status: 400, kind: "error", en: "Invalid list of companies. Choose existing companies" },
  adminTeams403: {
    status: 403,
    kind: "error",
    en: "You are not allowed to include this administrator in these companies",
  },
  adminTeams404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
  adminTeams409: {
    status: 409,
    kind: "error",
    en: "A super administrator manages every company. Companies cannot be assigned to them",
  },
  adminRead404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
} as const satisfies ActionEntrySpecs;
