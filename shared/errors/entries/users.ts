import type { ActionEntrySpecs } from "../types";

/**
 * Users, bulk user actions and devices (SPEC §8: User — username exists, unknown team, team not
 * allowed, password recently used, activation not authorized, user and device deletion failures).
 */
export const USER_ENTRIES = {
  userCreate200: { status: 200, kind: "success", en: "User created successfully" },
  userCreate409: { status: 409, kind: "error", en: "This username already exists. Choose another one" },
  userCreate422: { status: 422, kind: "error", en: "This password was used recently. Choose a different password" },
  userCreate501: { status: 501, kind: "error", en: "The chosen company does not exist. Choose another company" },
  userCreate502: {
    status: 502,
    kind: "error",
    en: "This user is not allowed in this company. Choose another company",
  },
  userEdit200: { status: 200, kind: "success", en: "User updated successfully" },
  userEdit404: { status: 404, kind: "error", en: "User not found. It may have been deleted" },
  userEdit409: { status: 409, kind: "error", en: "This username already exists. Choose another one" },
  userEdit422: { status: 422, kind: "error", en: "This password was used recently. Choose a different password" },
  userRead404: { status: 404, kind: "error", en: "User not found. It may have been deleted" },
  userReset200: { status: 200, kind: "success", en: "Password reset sent to the user" },
  userReset404: { status: 404, kind: "error", en: "User not found. It may have been deleted" },
  // The service's redemption of a user's reset or registration link (POST v2/service/users/password).
  userPassword200: { status: 200, kind: "success", en: "Password set. Sign in with your new password" },
  userPassword404: {
    status: 404,
    kind: "error",
    en: "This link is invalid or has already been used. Ask your administrator for a new one",
  },
  userPassword410: { status: 410, kind: "error", en: "This link has expired. Ask your administrator for a new one" },
  userPassword422: { status: 422, kind: "error", en: "This password was used recently. Choose a different password" },
  userPassword429: { status: 429, kind: "error", en: "Too many attempts. Wait a moment and try again" },
  userDelete200: { status: 200, kind: "success", en: "User deleted" },
  userDelete403: { status: 403, kind: "error", en: "Unable to delete user. You are not allowed to delete this user" },
  userDelete404: { status: 404, kind: "error", en: "Unable to delete user. The user no longer exists" },
  usersBlock200: { status: 200, kind: "success", en: "Users blocked" },
  usersBlock403: { status: 403, kind: "error", en: "You are not authorized to block these users" },
  usersActivate200: { status: 200, kind: "success", en: "Users activated" },
  usersActivate403: { status: 403, kind: "error", en: "You are not authorized to activate these users" },
  usersMove200: { status: 200, kind: "success", en: "Users moved" },
  usersMove403: { status: 403, kind: "error", en: "You are not allowed to move users to this company" },
  usersMove404: { status: 404, kind: "error", en: "Company not found. Choose an existing company" },
  usersMove502: {
    status: 502,
    kind: "error",
    en: "This user is not allowed in this company. The e-mail domain is not one of the company's domains",
  },
  usersDelete200: { status: 200, kind: "success", en: "Users deleted" },
  usersDelete403: { status: 403, kind: "error", en: "Unable to delete users. You are not allowed to delete these users" },
  usersImport200: { status: 200, kind: "success", en: "Import finished" },
  usersImport400: {
    status: 400,
    kind: "error",
    en: "This file cannot be imported. It must be a CSV file with a header row naming the required columns",
  },
  usersImport404: { status: 404, kind: "error", en: "Import not found. Start a new import" },
  usersImport409: {
    status: 409,
    kind: "error",
    en: "This import is running or was started with another file. Wait for it or start a new import",
  },
  // Issue #32: imports running at once are bounded per administrator and per process (gate.ts).
  usersImport429: { status: 429, kind: "error", en: "Another import is running. Wait a moment and try again" },
  usersImportRead404: { status: 404, kind: "error", en: "Import not found. Start a new import" },
  deviceWipe200: { status: 200, kind: "success", en: "Wipe requested. The device is wiped the next time it connects" },
  deviceWipe403: { status: 403, kind: "error", en: "You are not allowed to wipe this device" },
  deviceWipe404: { status: 404, kind: "error", en: "Device not found. It may have been removed" },
  deviceDelete200: { status: 200, kind: "success", en: "Device deleted" },
  deviceDelete403: {
    status: 403,
    kind: "error",
    en: "Unable to delete device. You are not allowed to delete this device",
  },
  deviceDelete404: { status: 404, kind: "error", en: "Unable to delete device. The device no longer exists" },
} as const satisfies ActionEntrySpecs;
