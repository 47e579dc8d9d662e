/**
 * The teams (companies) calls of docs/API.md, built on the shared transport: list, read, create,
 * edit, delete and custom settings. Used by the team islands and the CLI. Replies are parsed
 * with the schemas below; unknown extra fields are dropped so the server may add fields.
 */
import { z } from "zod";
import { ROLES } from "../domain/roles";
import { CERT_REVOCATION_STRATEGIES } from "../domain/statuses";
import { listResponseSchema, type ListResponse } from "../schemas/list";
import type { TeamCreateReq, TeamDeleteReq, TeamListQuery, TeamSettingsReq, TeamUpdateReq } from "../schemas/team";
import { OkResponseSchema, type OkResponse } from "./responses";
import { listQueryString } from "./query";
import { createTransport, type ApiClientOptions } from "./transport";

const text = z.string().nullable();

/** One row of `GET /v2/teams`. */
export const TeamListItemSchema = z.object({
  slug: z.string(),
  teamName: z.string(),
  institution: text,
  city: text,
  country: text,
  language: z.string(),
  adminCount: z.number().int(),
  userCount: z.number().int(),
  createdOn: z.string(),
});
/** A team as the list shows it. */
export type TeamListItem = z.infer<typeof TeamListItemSchema>;

/** `GET /v2/teams`: a page of teams. */
export const TeamListResponseSchema = listResponseSchema(TeamListItemSchema);
/** A page of teams. */
export type TeamListResponse = ListResponse<TeamListItem>;

/** An administrator of a team, as the team profile lists them. */
export const TeamAdminSchema = z.object({
  uid: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  status: z.string(),
});
/** A team's administrator. */
export type TeamAdmin = z.infer<typeof TeamAdminSchema>;

/** A license pack assigned to a team; `id` is the pack's id of the license calls (a UUID). */
export const TeamLicensePackSchema = z.object({
  id: z.string(),
  licenseType: z.string(),
  licenseCount: z.number().int(),
  status: z.string(),
  expiresOn: text,
  createdOn: z.string(),
});
/** A team's license pack. */
export type TeamLicensePack = z.infer<typeof TeamLicensePackSchema>;

/** `GET /v2/team/:slug` (and the reply of create, edit and settings): every team field of SPEC §3. */
export const TeamDetailsSchema = z.object({
  slug: z.string(),
  teamName: z.string(),
  institution: text,
  notes: text,
  contactEmail: z.object({ finance: text, operations: text, support: text }),
  city: text,
  country: text,
  language: z.string(),
  timezone: text,
  customSettings: z.record(z.string(), z.unknown()),
  emailTheme: z
    .object({ name: z.string(), primaryColor: z.string(), logoUrl: z.string().optional(), footer: z.string().optional() })
    .nullable(),
  authentication: z.object({
    oauthClientId: text,
    authority: text,
    discovery: text,
    version: text,
    tenantId: text,
    azureAdSync: z.boolean(),
    certRevocation: z.enum(CERT_REVOCATION_STRATEGIES),
  }),
  domains: z.array(z.string()),
  admins: z.array(TeamAdminSchema),
  userCount: z.number().int(),
  licensePacks: z.array(TeamLicensePackSchema),
  createdOn: z.string(),
  updatedOn: z.string(),
});
/** A team with every field. */
export type TeamDetails = z.infer<typeof TeamDetailsSchema>;

/** The list query as a client may give it: every part optional. */
export type TeamListParams = Partial<TeamListQuery>;

/** The teams calls. */
export interface TeamsApi {
  /** `GET /v2/teams`: search, sort and keyset paging within the caller's scope. */
  list(params?: TeamListParams): Promise<TeamListResponse>;
  /** `GET /v2/team/:slug`. */
  get(slug: string): Promise<TeamDetails>;
  /** `POST /v2/team` (root only). */
  create(body: TeamCreateReq): Promise<TeamDetails>;
  /** `PUT /v2/team`. */
  update(body: TeamUpdateReq): Promise<TeamDetails>;
  /** `DELETE /v2/team` (root only; a team with users is refused). */
  remove(body: TeamDeleteReq): Promise<OkResponse>;
  /** `PUT /v2/team/settings`: replace the team's custom settings. */
  updateSettings(body: TeamSettingsReq): Promise<TeamDetails>;
}

/** Builds the teams calls bound to one server and one credential. */
export function createTeamsApi(options: ApiClientOptions = {}): TeamsApi {
  const call = createTransport(options);
  return {
    list: (params = {}) => call("teamList", "GET", `/v2/teams${listQueryString(params)}`, TeamListResponseSchema),
    get: (slug) => call("teamRead", "GET", `/v2/team/${encodeURIComponent(slug)}`, TeamDetailsSchema),
    create: (body) => call("teamCreate", "POST", "/v2/team", TeamDetailsSchema, body),
    update: (body) => call("teamEdit", "PUT", "/v2/team", TeamDetailsSchema, body),
    remove: (body) => call("teamDelete", "DELETE", "/v2/team", OkResponseSchema, body),
    updateSettings: (body) => call("teamSettings", "PUT", "/v2/team/settings", TeamDetailsSchema, body),
  };
}
