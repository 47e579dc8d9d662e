import { EXIT_CODES } from "../exitCodes";
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
  licenseCreate422: {
    status: 422,
    kind: "error",
    en: "This license type cannot be purchased for this term - Choose another term",
  },
  licenseEdit200: { status: 200, kind: "success", en: "License updated successfully" },
  licenseEdit400: { status: 400, kind: "error", en: "The license pack already belongs to this company - Choose another company" },
  licenseEdit403: { status: 403, kind: "error", en: "You are not allowed to change this license pack" },
  licenseEdit404: { status: 404, kind: "error", en: "License pack or company not found - Check it and try again" },
  licenseEdit409: {
    status: 409,
    kind: "error",
    en: "The company would have fewer licenses than it uses - Distribute fewer licenses",
  },
  licenseEdit422: { status: 422, kind: "error", en: "The license pack has expired - Extend it first" },
  licenseRead404: { status: 404, kind: "error", en: "License pack not found" },
  seatsRead404: { status: 404, kind: "error", en: "Company not found - Choose an existing company" },
  licenseActivate200: { status: 200, kind: "success", en: "License activated successfully" },
  licenseActivate400: { status: 400, kind: "error", en: "Choose the company for these licenses" },
  licenseActivate403: { status: 403, kind: "error", en: "Only a super administrator can activate licenses" },
  licenseActivate404: {
    status: 404,
    kind: "error",
    exit: EXIT_CODES.invalidToken,
    en: "Invalid activation token - Check the token and try again",
  },
  licenseActivate409: { status: 409, kind: "error", exit: EXIT_CODES.invalidToken, en: "This activation token has already been used" },
  licenseActivate410: {
    status: 410,
    kind: "error",
    exit: EXIT_CODES.invalidToken,
    en: "This activation offer has expired - Ask your vendor for a new token",
  },
  licenseActivate422: {
    status: 422,
    kind: "error",
    exit: EXIT_CODES.invalidToken,
    en: "This activation token is for another installation or company",
  },
  licenseValidate403: { status: 403, kind: "error", en: "Only a super administrator can check activation tokens" },
} as const satisfies ActionEntrySpecs;
