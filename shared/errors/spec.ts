/**
 * SPEC §8's per-action codes, each with the call that answers it, so that one table drives the
 * OpenAPI document (a code the server never sends is not documented), docs/API.md's SPEC code
 * table and the SPEC conformance test. A code is `notSent` only where DESIGN outranks SPEC (hiding
 * which accounts exist, DESIGN §5) or where the case cannot arise; the reason says which, and
 * names the code an admin meets instead.
 */
import type { CatalogueCode } from "./catalogue";

/** One SPEC §8 code: the call (method and /v2 path as the OpenAPI document writes it) and, when never sent, why. */
export interface SpecCode {
  code: CatalogueCode;
  call: string;
  notSent?: string;
}

const HIDDEN_USERS =
  "DESIGN §5: users that are unknown or outside the caller's companies are reported per item as userRead404, alike, so the answer tells nothing about users the caller cannot see";

/** Every per-action code SPEC §8 lists, in SPEC's order. */
export const SPEC_CODES: readonly SpecCode[] = [
  { code: "register200", call: "POST /v2/public/register" },
  { code: "register501", call: "POST /v2/public/register" },
  { code: "register509", call: "POST /v2/public/register" },
  { code: "signin401", call: "POST /v2/public/auth" },
  { code: "signin403", call: "POST /v2/public/auth" },
  { code: "signin422", call: "POST /v2/public/auth" },
  { code: "reset200", call: "POST /v2/public/reset" },
  {
    code: "reset401",
    call: "POST /v2/public/reset",
    notSent:
      "the reset call takes only a username, so there are no credentials to be wrong; a used or unknown link is confirm404, an expired one confirm410",
  },
  {
    code: "reset404",
    call: "POST /v2/public/reset",
    notSent:
      "DESIGN §5: the reset answers the same for every username (200, or 501 while e-mail is off), so nobody learns which accounts exist",
  },
  { code: "reset422", call: "POST /v2/public/confirm" },
  { code: "inviteCreate400", call: "POST /v2/invite" },
  { code: "inviteCreate404", call: "POST /v2/invite" },
  { code: "inviteCreate409", call: "POST /v2/invite" },
  { code: "inviteCreate422", call: "POST /v2/invite" },
  { code: "inviteResend400", call: "PUT /v2/invite" },
  { code: "inviteResend404", call: "PUT /v2/invite" },
  { code: "inviteResend410", call: "PUT /v2/invite" },
  { code: "inviteResend422", call: "PUT /v2/invite" },
  { code: "inviteDelete403", call: "DELETE /v2/invite" },
  { code: "inviteDelete404", call: "DELETE /v2/invite" },
  { code: "inviteDelete422", call: "DELETE /v2/invite" },
  { code: "userCreate409", call: "POST /v2/user" },
  { code: "userCreate501", call: "POST /v2/user" },
  { code: "userCreate502", call: "POST /v2/user" },
  {
    code: "userCreate422",
    call: "POST /v2/user",
    notSent:
      "a new user has no password history; a recently used password is userEdit422 (PUT /v2/user) or userPassword422 (the service's password call)",
  },
  { code: "usersActivate403", call: "PUT /v2/users/activate", notSent: HIDDEN_USERS },
  { code: "usersDelete403", call: "DELETE /v2/users", notSent: HIDDEN_USERS },
  { code: "userDelete403", call: "DELETE /v2/users", notSent: HIDDEN_USERS },
  { code: "userDelete404", call: "DELETE /v2/users", notSent: HIDDEN_USERS },
  { code: "deviceDelete404", call: "DELETE /v2/device" },
  { code: "settingsGeneral400", call: "PUT /v2/settings/general" },
  { code: "settingsCerts400", call: "PUT /v2/settings/certs" },
  { code: "teamEdit404", call: "PUT /v2/team" },
  { code: "teamDelete403", call: "DELETE /v2/team" },
  { code: "teamDelete409", call: "DELETE /v2/team" },
  { code: "domainsEdit400", call: "PUT /v2/team/domains" },
  { code: "adminCreate403", call: "POST /v2/admin" },
  { code: "adminCreate404", call: "POST /v2/admin" },
  { code: "adminCreate409", call: "POST /v2/admin" },
  { code: "adminCreate501", call: "POST /v2/admin" },
  { code: "adminCreate509", call: "POST /v2/admin" },
  { code: "adminEdit404", call: "PUT /v2/admin" },
  { code: "adminDelete403", call: "DELETE /v2/admin" },
  { code: "adminDelete409", call: "DELETE /v2/admin" },
  { code: "terminate403", call: "DELETE /v2/admin/terminate" },
  { code: "adminActivate403", call: "PUT /v2/admin/activate" },
  { code: "adminActivate404", call: "PUT /v2/admin/activate" },
  { code: "adminBlock403", call: "PUT /v2/admin/block" },
  { code: "adminBlock404", call: "PUT /v2/admin/block" },
  { code: "adminTeams403", call: "PUT /v2/admin/teams" },
  { code: "adminTeams404", call: "PUT /v2/admin/teams" },
  { code: "associationCreate403", call: "POST /v2/association" },
  { code: "associationCreate404", call: "POST /v2/association" },
  { code: "associationEdit400", call: "PUT /v2/association" },
  { code: "associationEdit403", call: "PUT /v2/association" },
  { code: "associationEdit404", call: "PUT /v2/association" },
  { code: "associationDelete403", call: "DELETE /v2/association" },
  { code: "associationDelete404", call: "DELETE /v2/association" },
  { code: "licenseCreate403", call: "POST /v2/license" },
  { code: "licenseCreate404", call: "POST /v2/license" },
  { code: "licenseEdit403", call: "PUT /v2/license" },
  { code: "licenseEdit404", call: "PUT /v2/license" },
];

/** The SPEC codes the server never sends (the OpenAPI document leaves them out). */
export const SPEC_CODES_NOT_SENT: ReadonlySet<CatalogueCode> = new Set(SPEC_CODES.filter((c) => c.notSent).map((c) => c.code));
