import type { ActionEntrySpecs } from "../types";

/** Invitations and license packs (SPEC §8: Invite create, resend, delete; License create or edit). */
export const INVITE_LICENSE_ENTRIES = {
  inviteCreate200: { status: 200, kind: "success", en: "Invitations sent" },
  inviteCreate400: {
    status: 400,
    kind: "error",
    en: "Insufficient licenses - Reduce the number of invitations or add licenses",
  },
  inviteCreate404: { status: 404, kind: "error", en: "Invalid license pack - Choose another license pack" },
  inviteCreate409: { status: 409, kind: "error", en: "Some users are already onboard - Remove them from the list" },
  inviteCreate422: { status: 422, kind: "error", en: "The license pack has expired - Choose another license pack" },
  inviteResend200: { status: 200, kind: "success", en: "Invitation resent" },
  inviteResend400: { status: 400, kind: "error", en: "Insufficient licenses - Add licenses before resending" },
  inviteResend404: { status: 404, kind: "error", en: "Invalid license pack - The invitation cannot be resent" },
  inviteResend410: { status: 410, kind: "error", en: "The user is already onboarded - The invitation was not resent" },
  inviteResend422: {
    status: 422,
    kind: "error",
    en: "The license pack has expired - The invitation cannot be resent",
  },
  inviteDelete200: { status: 200, kind: "success", en: "Invitation deleted" },
  inviteDelete403: { status: 403, kind: "error", en: "You are not authorized to delete this invitation" },
  inviteDelete404: { status: 404, kind: "error", en: "Invalid license pack - The invitation cannot be deleted" },
  inviteDelete422: {
    status: 422,
    kind: "error",
    en: "The license pack has expired - The invitation cannot be deleted",
  },
  licenseCreate200: { status: 200, kind: "success", en: "License purchased successfully" },
  licenseCreate403: {
    status: 403,
    kind: "error",
    en: "You are not allowed to create license packs for this company",
  },
  licenseCreate404: { status: 404, kind: "error", en: "Company not found - Choose an existing company" },
  licenseEdit200: { status: 200, kind: "success", en: "License updated successfully" },
  licenseEdit403: { status: 403, kind: "error", en: "You are not allowed to change this license pack" },
  licenseEdit404: { status: 404, kind: "error", en: "Company not found - Choose an existing company" },
  licenseActivate200: { status: 200, kind: "success", en: "License activated successfully" },
  licenseActivate404: { status: 404, kind: "error", en: "Invalid activation token - Check the token and try again" },
  licenseActivate409: { status: 409, kind: "error", en: "This activation token has already been used" },
} as const satisfies ActionEntrySpecs;
