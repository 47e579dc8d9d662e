import { Router, type RequestHandler } from "express";
import {
  AssociationCreateSchema,
  AssociationDeleteSchema,
  AssociationListQuerySchema,
  AssociationUpdateSchema,
} from "../../../shared/schemas/association";
import { scopeOf } from "../../http/auth";
import { AppError } from "../../errors";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { createAssociation, deleteAssociation, updateAssociation } from "../../services/associations";
import { listAssociations, readAssociation } from "../../services/associations";
import type { ApiDeps } from "../deps";

/**
 * SPEC §8's own 400 for an association: a team list with fewer than two teams or a repeated one
 * is 'invalid team list', not generic bad parameters (any other malformed field still is).
 */
function teamList(code: "associationCreate400" | "associationEdit400"): RequestHandler {
  return (req, _res, next) => {
    const teams: unknown = (req.body as { teams?: unknown } | undefined)?.teams;
    // Only a list of strings is judged here (anything else is the schema's badParameters): a
    // hostile body may nest arrays thousands deep, which nothing here may walk recursively.
    const invalid = Array.isArray(teams) && teams.every((t) => typeof t === "string") && (teams.length < 2 || new Set(teams).size !== teams.length);
    next(invalid ? new AppError(code, 400, [{ path: ["teams"], message: teams.length < 2 ? "validation.tooFew" : "validation.duplicate" }]) : undefined);
  };
}

/** Company associations (docs/API.md "Domains and associations"), root only: list, read, create, edit, delete. */
export function associationsRouter({ services }: ApiDeps): Router {
  const router = Router();
  const { db } = services;

  router.get("/associations", validate(AssociationListQuerySchema, "query"), async (_req, res) => {
    res.json(await listAssociations(db, await scopeOf(res, db), inputOf(res, AssociationListQuerySchema)));
  });

  router.get("/association/:id", async (req, res) => {
    res.json(await readAssociation(db, await scopeOf(res, db), String(req.params.id)));
  });

  router.post("/association", teamList("associationCreate400"), validate(AssociationCreateSchema), async (req, res) => {
    res.json(await createAssociation(services, await scopeOf(res, db), inputOf(res, AssociationCreateSchema), originOf(req)));
  });

  router.put("/association", teamList("associationEdit400"), validate(AssociationUpdateSchema), async (req, res) => {
    res.json(await updateAssociation(services, await scopeOf(res, db), inputOf(res, AssociationUpdateSchema), originOf(req)));
  });

  router.delete("/association", validate(AssociationDeleteSchema), async (req, res) => {
    await deleteAssociation(services, await scopeOf(res, db), inputOf(res, AssociationDeleteSchema), originOf(req));
    res.json({ ok: true });
  });
  return router;
}
