import { Router } from "express";
import { TokenOwnerQuerySchema, TokenCreateSchema, TokenRevokeAllQuerySchema } from "../../../shared/schemas/accessToken";
import { TokenCreatedSchema, TokenListSchema, TokensRevokedSchema } from "../../../shared/api/tokens";
import { OkResponseSchema } from "../../../shared/api";
import { isUid } from "../../../shared/schemas/primitives";
import { AppError } from "../../errors";
import { assertMayCreateToken } from "../../services/mfa";
import { createAccessToken, listAccessTokens, revokeAccessToken, revokeAllAccessTokens } from "../../services/accessTokens";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentTokenCreated, presentTokenList } from "./present";

/**
 * `/v2/tokens`: an admin's access tokens for automation (create, list, revoke one or all); root
 * also lists and revokes another admin's. Sessions only: no token may manage tokens.
 */
export function tokensRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Access tokens", permission: "full" });

  router.post(
    "/tokens",
    ...api.admin(
      {
        body: TokenCreateSchema,
        invalid: "tokenCreate400",
        response: TokenCreatedSchema,
        action: "tokenCreate",
        created: true,
        summary: "Create an access token",
        permission: "never",
        // Only from an MFA-verified session (issue #29): a recent verification, with the factor when the admin has one.
        reauth: true,
      },
      async ({ services, scope, auth, input, origin, res }) => {
        await assertMayCreateToken(services, auth.admin);
        res.status(201);
        return presentTokenCreated(await createAccessToken(services, scope, input, origin));
      },
    ),
  );
  router.get(
    "/tokens",
    ...api.admin(
      {
        query: TokenOwnerQuerySchema,
        response: TokenListSchema,
        action: "tokenList",
        summary: "List an admin's access tokens",
        permission: "never",
      },
      async ({ services, scope, input }) => presentTokenList(await listAccessTokens(services, scope, input.admin)),
    ),
  );
  router.delete(
    "/tokens/:id",
    ...api.admin(
      { response: OkResponseSchema, action: "tokenRevoke", summary: "Revoke an access token", permission: "never" },
      async ({ services, scope, origin, req }) => {
        const id = req.params.id;
        if (!isUid(id)) throw new AppError("tokenRevoke404", 404);
        await revokeAccessToken(services, scope, id, origin);
      },
    ),
  );
  router.delete(
    "/tokens",
    ...api.admin(
      {
        query: TokenRevokeAllQuerySchema,
        response: TokensRevokedSchema,
        action: "tokenRevoke",
        summary: "Revoke all of an admin's access tokens",
        permission: "never",
      },
      async ({ services, scope, input, origin }) => ({ revoked: await revokeAllAccessTokens(services, scope, input.admin, origin) }),
    ),
  );
  return router;
}
