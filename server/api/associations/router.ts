import { Router, type RequestHandler } from "express";
import {
  AssociationCreateSchema,
  AssociationDeleteSchema,
  AssociationListQuerySchema,
  AssociationUpdateSchema,
} from "../../../shared/schemas/association";
import { AppError } from "../../errors";
import { createAssociation, deleteAssociation, updateAssociation } from "../../services/associations";
import { listAssociations, readAssociation } from "../../services/associations";
import { AssociationListSchema, AssociationSchema, OkResponseSchema } from "../../../shared/api";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentAssociation, presentAssociationPage } from "./present";

/**
 * SPEC §8's own 400 for an association: a team list with fewer than two teams or a repeated one
 * is 'invalid team list', not generic bad parameters (any other malformed field still is).
 */
function teamList(code: "associationCreate400" | "associationEdit400"): RequestHandler {
  return (req, _res, next) => {
    const teams: unknown = (req.body as { teams?: unknown } | undefined)?.teams;
    // Only a list of strings is judged here (anything else is the schema's badParameters): a
    // hostile body may nest arrays thousands deep, which nothing here may walk recursively.
    const invalid =
      Array.isArray(teams) && teams.every((t) => typeof t === "string") && (teams.length < 2 || new Set(teams).size !== teams.length);
    next(
      invalid
        ? new AppError(code, 400, [{ path: ["teams"], message: teams.length < 2 ? "validation.tooFew" : "validation.duplicate" }])
        : undefined,
    );
  };
}

/** Company associations (docs/API.md "Domains and associations"), root only: list, read, create, edit, delete. */
export function associationsRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Associations", permission: "full" });

  router.get(
    "/associations",
    api.rootFirstAs("associationList403"),
    ...api.admin(
      { query: AssociationListQuerySchema, response: AssociationListSchema, action: "associationList", summary: "List associations" },
      async ({ services, scope, input }) => presentAssociationPage(await listAssociations(services, scope, input)),
    ),
  );
  router.get(
    "/association/:id",
    api.rootFirstAs("associationList403"),
    ...api.admin(
      { response: AssociationSchema, action: "associationRead", summary: "Read an association" },
      async ({ services, scope, req }) => presentAssociation(await readAssociation(services, scope, String(req.params.id))),
    ),
  );
  router.post(
    "/association",
    api.rootFirstAs("associationCreate403"),
    teamList("associationCreate400"),
    ...api.admin(
      { body: AssociationCreateSchema, response: AssociationSchema, action: "associationCreate", summary: "Create an association" },
      async ({ services, scope, input, origin }) => presentAssociation(await createAssociation(services, scope, input, origin)),
    ),
  );
  router.put(
    "/association",
    api.rootFirstAs("associationEdit403"),
    teamList("associationEdit400"),
    ...api.admin(
      { body: AssociationUpdateSchema, response: AssociationSchema, action: "associationEdit", summary: "Edit an association" },
      async ({ services, scope, input, origin }) => presentAssociation(await updateAssociation(services, scope, input, origin)),
    ),
  );
  router.delete(
    "/association",
    api.rootFirstAs("associationDelete403"),
    ...api.admin(
      { body: AssociationDeleteSchema, response: OkResponseSchema, action: "associationDelete", summary: "Delete an association" },
      async ({ services, scope, input, origin }) => {
        await deleteAssociation(services, scope, input, origin);
      },
    ),
  );
  return router;
}
