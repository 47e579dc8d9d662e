/**
 * The license calls of docs/API.md ("Licenses"), built on the shared transport: list,
 * read, purchase (public edition), activate and validate a token (private edition), extend /
 * expire / distribute, a team's seats and the price list. Used by the license islands and the
 * CLI. Replies are parsed with the shared schemas; unknown extra fields are dropped.
 */
import {
  LicenseCreateResponseSchema,
  LicensePackSchema,
  LicensePriceListSchema,
  LicenseUpdateResponseSchema,
  LicenseValidateResponseSchema,
  TeamSeatsSchema,
  type LicenseActivateReq,
  type LicenseCreateResponse,
  type LicenseListQuery,
  type LicensePack,
  type LicensePriceList,
  type LicensePurchaseReq,
  type LicenseUpdateReq,
  type LicenseUpdateResponse,
  type LicenseValidateResponse,
} from "../schemas/license";
import { listResponseSchema, type ListResponse } from "../schemas/list";
import type { TeamSeats } from "../domain/licenses";
import { listQueryString } from "./query";
import { createTransport, type ApiClientOptions } from "./transport";

/** `GET /v2/licenses`: a page of packs. */
export const LicenseListResponseSchema = listResponseSchema(LicensePackSchema);
/** A page of packs. */
export type LicenseListResponse = ListResponse<LicensePack>;

/** The list query as a client may give it: every part optional. */
export type LicenseListParams = Partial<LicenseListQuery>;

/** The license calls. */
export interface LicensesApi {
  /** `GET /v2/licenses`: scoped, filtered by team, state and type, sorted by expiration, keyset paging. */
  list(params?: LicenseListParams): Promise<LicenseListResponse>;
  /** `GET /v2/license/:id`. */
  get(id: string): Promise<LicensePack>;
  /** `POST /v2/license` in the public edition: buy seats (invoice provider). */
  purchase(body: LicensePurchaseReq): Promise<LicenseCreateResponse>;
  /** `POST /v2/license` in the private edition: activate a vendor-signed token (root only). */
  activate(body: LicenseActivateReq): Promise<LicenseCreateResponse>;
  /** `POST /v2/license/validate`: valid or invalid with why, and what it grants; no side effect. */
  validate(token: string): Promise<LicenseValidateResponse>;
  /** `PUT /v2/license`: extend, expire or distribute (root only). */
  update(body: LicenseUpdateReq): Promise<LicenseUpdateResponse>;
  /** `GET /v2/teams/:slug/seats`: capacity, users, invites, available. */
  seats(slug: string): Promise<TeamSeats>;
  /** `GET /v2/license/prices`: the configured price list (per seat, minor units). */
  prices(): Promise<LicensePriceList>;
}

/** Builds the license calls bound to one server and one credential. */
export function createLicensesApi(options: ApiClientOptions = {}): LicensesApi {
  const call = createTransport(options);
  return {
    list: (params = {}) => call("licenseList", "GET", `/v2/licenses${listQueryString(params)}`, LicenseListResponseSchema),
    get: (id) => call("licenseRead", "GET", `/v2/license/${encodeURIComponent(id)}`, LicensePackSchema),
    purchase: (body) => call("licenseCreate", "POST", "/v2/license", LicenseCreateResponseSchema, body),
    activate: (body) => call("licenseActivate", "POST", "/v2/license", LicenseCreateResponseSchema, body),
    validate: (token) => call("licenseValidate", "POST", "/v2/license/validate", LicenseValidateResponseSchema, { token }),
    update: (body) => call("licenseEdit", "PUT", "/v2/license", LicenseUpdateResponseSchema, body),
    seats: (slug) => call("seatsRead", "GET", `/v2/teams/${encodeURIComponent(slug)}/seats`, TeamSeatsSchema),
    prices: () => call("licensePrices", "GET", "/v2/license/prices", LicensePriceListSchema),
  };
}
