/**
 * The domain white-list and company association calls of docs/API.md, on the shared
 * transport; used by the /domains and /associations islands and the CLI.
 */
import { z } from "zod";
import { ASSOCIATION_STATUSES } from "../domain/statuses";
import type { AssociationCreateReq, AssociationDeleteReq, AssociationListQuery, AssociationUpdateReq } from "../schemas/association";
import type { TeamDomainsDeleteReq, TeamDomainsUpdateReq } from "../schemas/domain";
import { listResponseSchema, type ListResponse } from "../schemas/list";
import type { TeamListQuery } from "../schemas/team";
import { OkResponseSchema, type OkResponse } from "./responses";
import { listQueryString } from "./query";
import { createTransport, type ApiClientOptions } from "./transport";

/** One row of `GET /v2/domains`: a team, its domains, its users and how many are outside them. */
export const TeamDomainsItemSchema = z.object({
  slug: z.string(),
  teamName: z.string(),
  domains: z.array(z.string()),
  userCount: z.number().int(),
  usersOutside: z.number().int(),
});
/** A team's white-list as the /domains view shows it. */
export type TeamDomainsItem = z.infer<typeof TeamDomainsItemSchema>;

/** What `PUT/DELETE /v2/team/domains` answer: the team's domains now. */
export const TeamDomainsResultSchema = z.object({ slug: z.string(), domains: z.array(z.string()), usersOutside: z.number().int() });
/** A domain change's result. */
export type TeamDomainsResult = z.infer<typeof TeamDomainsResultSchema>;

/** What a team profile shows root about its domains and associations. */
export interface TeamDomainsView {
  slug: string;
  teamName: string;
  domains: string[];
  usersOutside: number;
  associations: { id: string; name: string; status: "open" | "closed" }[];
}

/** A company association as `GET /v2/associations` and the changes answer it. */
export const AssociationSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(ASSOCIATION_STATUSES),
  closedCommunications: z.boolean(),
  teams: z.array(z.object({ slug: z.string(), teamName: z.string() })),
  createdOn: z.string(),
  updatedOn: z.string(),
});
/** One association. */
export type Association = z.infer<typeof AssociationSchema>;

/** `GET /v2/domains`: a page of teams with their domains. */
export const DomainsListSchema = listResponseSchema(TeamDomainsItemSchema);
/** `GET /v2/associations`: a page of associations. */
export const AssociationListSchema = listResponseSchema(AssociationSchema);

/** The domain and association calls. */
export interface DomainsApi {
  /** `GET /v2/domains` (root): every team with its domains. */
  list(params?: Partial<TeamListQuery>): Promise<ListResponse<TeamDomainsItem>>;
  /** `PUT /v2/team/domains`: add domains (password confirms). */
  add(body: TeamDomainsUpdateReq): Promise<TeamDomainsResult>;
  /** `DELETE /v2/team/domains`: remove domains (`confirm` when users are left outside). */
  remove(body: TeamDomainsDeleteReq): Promise<TeamDomainsResult>;
  /** `GET /v2/associations` (root). */
  listAssociations(params?: Partial<AssociationListQuery>): Promise<ListResponse<Association>>;
  /** `GET /v2/association/:id`. */
  getAssociation(id: string): Promise<Association>;
  /** `POST /v2/association`. */
  createAssociation(body: AssociationCreateReq): Promise<Association>;
  /** `PUT /v2/association`. */
  updateAssociation(body: AssociationUpdateReq): Promise<Association>;
  /** `DELETE /v2/association`. */
  deleteAssociation(body: AssociationDeleteReq): Promise<OkResponse>;
}

/** Builds the domain and association calls on one transport. */
export function createDomainsApi(options: ApiClientOptions = {}): DomainsApi {
  const call = createTransport(options);
  return {
    list: (params = {}) => call("domainsList", "GET", `/v2/domains${listQueryString(params)}`, DomainsListSchema),
    add: (body) => call("domainsEdit", "PUT", "/v2/team/domains", TeamDomainsResultSchema, body),
    remove: (body) => call("domainsDelete", "DELETE", "/v2/team/domains", TeamDomainsResultSchema, body),
    listAssociations: (params = {}) => call("associationList", "GET", `/v2/associations${listQueryString(params)}`, AssociationListSchema),
    getAssociation: (id) => call("associationRead", "GET", `/v2/association/${encodeURIComponent(id)}`, AssociationSchema),
    createAssociation: (body) => call("associationCreate", "POST", "/v2/association", AssociationSchema, body),
    updateAssociation: (body) => call("associationEdit", "PUT", "/v2/association", AssociationSchema, body),
    deleteAssociation: (body) => call("associationDelete", "DELETE", "/v2/association", OkResponseSchema, body),
  };
}
