/**
 * The invitation calls of docs/API.md ("Invitations"), built on the shared transport:
 * create (up to 10 000 addresses, atomic in seats), resend, delete and the scoped list. Used by
 * the `/invites` wizard and list islands and by `bulwark invites`. Replies are parsed with the
 * shared schemas; unknown extra fields are dropped so the server may add fields.
 */
import {
  InviteCreateResponseSchema,
  InviteListItemSchema,
  InviteResendResponseSchema,
  InviteReviewResponseSchema,
  InviteTeamsResponseSchema,
  type InviteCreateInput,
  type InviteCreateResponse,
  type InviteListItem,
  type InviteListQuery,
  type InviteResendResponse,
  type InviteReviewResponse,
  type InviteTeamsQuery,
  type InviteTeamsResponse,
} from "../schemas/invite";
import { BulkResponseSchema, listResponseSchema, type BulkResponse, type ListResponse } from "../schemas/list";
import { listQueryString } from "./query";
import { createTransport, type ApiClientOptions } from "./transport";

/** `GET /v2/invites`: a page of invitations. */
export const InviteListResponseSchema = listResponseSchema(InviteListItemSchema);
/** A page of invitations. */
export type InviteListResponse = ListResponse<InviteListItem>;

/** The list query as a client may give it: every part optional. */
export type InviteListParams = Partial<InviteListQuery>;

/** The invitation calls. */
export interface InvitesApi {
  /** `GET /v2/invites`: scoped, filtered by team, state, type and search, sorted by expiry, keyset paging. */
  list(params?: InviteListParams): Promise<InviteListResponse>;
  /** `POST /v2/invite`: per-address results; handles' codes appear here once. */
  create(body: InviteCreateInput): Promise<InviteCreateResponse>;
  /** `POST /v2/invite/review`: what create would do (valid, per-address failures, seats before and after); writes nothing. */
  review(body: InviteCreateInput): Promise<InviteReviewResponse>;
  /** `GET /v2/invite/teams`: the companies in scope with available licenses (and their domains), searched by name. */
  teams(params?: Partial<InviteTeamsQuery>): Promise<InviteTeamsResponse>;
  /** `PUT /v2/invite`: new code and expiry per invitation; per-id results. */
  resend(ids: string[]): Promise<InviteResendResponse>;
  /** `DELETE /v2/invite`: per-id results; the seats are freed. */
  remove(ids: string[]): Promise<BulkResponse>;
}

/** Builds the invitation calls bound to one server and one credential. */
export function createInvitesApi(options: ApiClientOptions = {}): InvitesApi {
  const call = createTransport(options);
  return {
    list: (params = {}) => call("inviteList", "GET", `/v2/invites${listQueryString(params)}`, InviteListResponseSchema),
    create: (body) => call("inviteCreate", "POST", "/v2/invite", InviteCreateResponseSchema, body),
    review: (body) => call("inviteCreate", "POST", "/v2/invite/review", InviteReviewResponseSchema, body),
    teams: (params = {}) => call("inviteList", "GET", `/v2/invite/teams${listQueryString(params)}`, InviteTeamsResponseSchema),
    resend: (ids) => call("inviteResend", "PUT", "/v2/invite", InviteResendResponseSchema, { ids }),
    remove: (ids) => call("inviteDelete", "DELETE", "/v2/invite", BulkResponseSchema, { ids }),
  };
}
