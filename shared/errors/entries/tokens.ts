import type { EntrySpec } from "../types";

/** Access tokens for automation: their management calls, and the refusal of session-only calls made with one. */
export const TOKEN_ENTRIES = {
  tokenNotAllowed: { status: 403, kind: "error", en: "This call cannot be made with an access token. Sign in" },
  tokenPermission: { status: 403, kind: "error", en: "This access token does not have the permission this call needs" },
  tokenCreate200: { status: 200, kind: "success", en: "Access token created. Copy it now, it will not be shown again" },
  tokenCreate400: { status: 400, kind: "error", en: "Invalid access token. Check the name, expiry and permissions" },
  tokenCreate404: { status: 404, kind: "error", en: "Company not found. Choose one of your companies" },
  tokenCreate409: { status: 409, kind: "error", en: "You already have an access token with this name. Choose another one" },
  tokenList404: { status: 404, kind: "error", en: "Administrator not found. It may have been deleted" },
  tokenRevoke200: { status: 200, kind: "success", en: "Access token revoked" },
  tokenRevoke404: { status: 404, kind: "error", en: "Access token not found. It may have been revoked" },
} as const satisfies Record<string, EntrySpec>;
