import { EXIT_CODES } from "../exitCodes";
import type { ActionEntrySpecs } from "../types";

/**
 * Teams (companies), their white-listed domains and company associations (SPEC §8: Team,
 * Domains, Association). A bad password on a domain change is an authentication failure (exit 3).
 */
export const TEAM_ENTRIES = {
  teamCreate200: { status: 200, kind: "success", en: "Company created" },
  teamCreate403: { status: 403, kind: "error", en: "You are not allowed to create companies. Ask a super administrator" },
  teamCreate409: {
    status: 409,
    kind: "error",
    en: "A company with this identifier already exists. Choose another name or identifier",
  },
  teamEdit200: { status: 200, kind: "success", en: "Company updated successfully" },
  // A company admin changing the identifier or the authentication group (root-only fields).
  teamEdit403: { status: 403, kind: "error", en: "Only a super administrator can change the identifier or the authentication settings" },
  teamEdit404: { status: 404, kind: "error", en: "Company not found. It may have been deleted" },
  teamEdit409: {
    status: 409,
    kind: "error",
    en: "A company with this identifier already exists. Choose another identifier",
  },
  teamDelete200: { status: 200, kind: "success", en: "Company deleted" },
  teamDelete403: { status: 403, kind: "error", en: "You are not allowed to delete this company" },
  teamDelete409: { status: 409, kind: "error", en: "This company does not exist. It may already have been deleted" },
  // A team's users must be moved first (users.team_id is ON DELETE RESTRICT).
  teamDelete422: {
    status: 422,
    kind: "error",
    en: "This company still has users. Move them to another company before deleting it",
  },
  teamSettings200: { status: 200, kind: "success", en: "Company settings saved" },
  teamSettings400: { status: 400, kind: "error", en: "Invalid settings. Check the highlighted fields" },
  teamSettings404: { status: 404, kind: "error", en: "Company not found. It may have been deleted" },
  teamRead404: { status: 404, kind: "error", en: "Company not found. It may have been deleted" },
  domainsList403: { status: 403, kind: "error", en: "Only a super administrator can manage domains" },
  domainsEdit200: { status: 200, kind: "success", en: "Domains updated" },
  domainsEdit400: {
    status: 400,
    kind: "error",
    exit: EXIT_CODES.authentication,
    en: "Bad password. The domains were not changed",
  },
  domainsEdit403: { status: 403, kind: "error", en: "Only a super administrator can change domains" },
  domainsEdit404: { status: 404, kind: "error", en: "Company not found. It may have been deleted" },
  domainsEdit429: {
    status: 429,
    kind: "error",
    exit: EXIT_CODES.authentication,
    en: "Too many wrong passwords. This account is locked for a while; a super administrator can lift the lock",
  },
  domainsDelete200: { status: 200, kind: "success", en: "Domains deleted" },
  domainsDelete400: {
    status: 400,
    kind: "error",
    exit: EXIT_CODES.authentication,
    en: "Bad password. The domains were not deleted",
  },
  domainsDelete403: { status: 403, kind: "error", en: "Only a super administrator can delete domains" },
  domainsDelete404: { status: 404, kind: "error", en: "Company not found. It may have been deleted" },
  domainsDelete409: { status: 409, kind: "error", en: "Some users of this company have these domains. Confirm to remove them anyway" },
  domainsDelete429: {
    status: 429,
    kind: "error",
    exit: EXIT_CODES.authentication,
    en: "Too many wrong passwords. This account is locked for a while; a super administrator can lift the lock",
  },
  associationCreate200: { status: 200, kind: "success", en: "Association created" },
  associationCreate400: { status: 400, kind: "error", en: "Invalid list of companies. Check the selected companies" },
  associationCreate403: { status: 403, kind: "error", en: "You are not allowed to create this association" },
  associationCreate404: { status: 404, kind: "error", en: "Company not found. Choose existing companies" },
  associationEdit200: { status: 200, kind: "success", en: "Association updated" },
  associationEdit400: { status: 400, kind: "error", en: "Invalid list of companies. Check the selected companies" },
  associationEdit403: { status: 403, kind: "error", en: "You are not allowed to edit this association" },
  associationEdit404: { status: 404, kind: "error", en: "Association not found. It may have been deleted" },
  associationDelete200: { status: 200, kind: "success", en: "Association deleted" },
  associationDelete403: { status: 403, kind: "error", en: "You are not allowed to delete this association" },
  associationDelete404: { status: 404, kind: "error", en: "Association not found. It may have been deleted" },
  associationRead404: { status: 404, kind: "error", en: "Association not found. It may have been deleted" },
  associationList403: { status: 403, kind: "error", en: "Only a super administrator can manage associations" },
} as const satisfies ActionEntrySpecs;
