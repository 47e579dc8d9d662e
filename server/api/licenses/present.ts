import type {
  LicenseCreateResponse,
  LicensePack,
  LicenseUpdateResponse,
  LicenseValidateResponse,
  TokenGrant,
} from "../../../shared/schemas/license";
import type { ListResponse } from "../../../shared/schemas/list";
import { isoUtc } from "../../lib/isoTime";
import type { Pack, PackPurchase, PackUpdate, TokenCheck, TokenPayload } from "../../services/licenses";

/** A pack as the API, the pages and the export show it: public id, team slug, ISO dates. */
export function presentPack(pack: Pack): LicensePack {
  return {
    id: pack.uid ?? "",
    team: pack.team,
    licenseType: pack.licenseType === "trial" ? "trial" : "subscription",
    licenseCount: Number(pack.licenseCount),
    status: pack.state,
    state: pack.state,
    expiration: isoUtc(Number(pack.expiresAt ?? pack.createdAt)),
    issuedOn: isoUtc(Number(pack.createdAt)),
    source: pack.source,
    tokenId: pack.tokenId,
  };
}

/** A page of packs in the list shape of DESIGN §3. */
export function presentPackPage(page: ListResponse<Pack>): ListResponse<LicensePack> {
  return { items: page.items.map(presentPack), total: page.total, nextCursor: page.nextCursor };
}

/** A purchase answers the new pack with the provider's order. */
export function presentPurchase({ pack, order }: PackPurchase): LicenseCreateResponse {
  return { ...presentPack(pack), order };
}

/** An update answers the pack as it now stands and, after a distribution, the pack it created. */
export function presentPackUpdate({ pack, created }: PackUpdate): LicenseUpdateResponse {
  return { ...presentPack(pack), ...(created ? { created: presentPack(created) } : {}) };
}

/** What a token grants, as `POST /v2/license/validate` shows it before activation. */
export function presentGrant(payload: TokenPayload): TokenGrant {
  return {
    tokenId: payload.id,
    team: payload.team,
    licenseType: payload.type,
    licenseCount: payload.count,
    expiration: payload.exp ? new Date(payload.exp).toISOString() : null,
    termMonths: payload.term ?? null,
    installationId: payload.inst ?? null,
    issuedAt: new Date(payload.iat).toISOString(),
  };
}

/** A token check: valid or why not, and what the token grants when the vendor signed it. */
export function presentTokenCheck({ valid, reason, payload }: TokenCheck): LicenseValidateResponse {
  return { valid, ...(reason ? { reason } : {}), ...(payload ? { grants: presentGrant(payload) } : {}) };
}
