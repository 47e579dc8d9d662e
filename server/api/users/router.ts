import { Router, type RequestHandler } from "express";
import { DeviceActionSchema } from "../../../shared/schemas/device";
import { UserCreateSchema, UserListQuerySchema, UserResetSchema, UsersBulkSchema, type UsersBulkReq, UsersMoveSchema, UserUpdateSchema } from "../../../shared/schemas/user";
import { scopeOf } from "../../http/auth";
import { AppError } from "../../errors";
import { originOf } from "../../http/origin";
import { inputOf, validate } from "../../http/validate";
import { createUser, updateUser } from "../../services/users";
import { bulkUserAction, type UserBulkAction, type UserBulkSelection } from "../../services/users";
import { loadUserDetails } from "../../services/users";
import { deleteDevice, requestDeviceWipe } from "../../services/users";
import { listUsers } from "../../services/users";
import { sendUserPasswordReset } from "../../services/users";
import type { ApiDeps } from "../deps";

/** An empty selection is 'No user selected' (SPEC §8), not a validation error. */
const requireSelection: RequestHandler = (req, _res, next) => {
  const uids: unknown = (req.body as { uids?: unknown } | undefined)?.uids;
  next(Array.isArray(uids) && uids.length === 0 ? new AppError("noUserSelected", 400) : undefined);
};

/** A bulk body's selection: its uids, or the list filter the server resolves (the schema allows exactly one). */
function selectionOf(body: UsersBulkReq): UserBulkSelection {
  return body.filter ? { filter: body.filter } : { uids: body.uids ?? [] };
}

/**
 * End users and their devices (docs/API.md "Users and devices"): list, read, create, edit,
 * password reset, bulk block / activate / move / delete, device wipe and deletion. Every call
 * works within the caller's scope (DESIGN §5).
 */
export function usersRouter({ services }: ApiDeps): Router {
  const router = Router();

  router.get("/users", validate(UserListQuerySchema, "query"), async (_req, res) => {
    res.json(await listUsers(services.db, await scopeOf(res, services.db), inputOf(res, UserListQuerySchema)));
  });

  router.get("/user/:uid", async (req, res) => {
    res.json(await loadUserDetails(services.db, await scopeOf(res, services.db), String(req.params.uid)));
  });

  router.post("/user", validate(UserCreateSchema), async (req, res) => {
    res.json(await createUser(services, await scopeOf(res, services.db), inputOf(res, UserCreateSchema), originOf(req)));
  });

  router.put("/user", validate(UserUpdateSchema), async (req, res) => {
    res.json(await updateUser(services, await scopeOf(res, services.db), inputOf(res, UserUpdateSchema), originOf(req)));
  });

  router.post("/user/reset", validate(UserResetSchema), async (req, res) => {
    await sendUserPasswordReset(services, await scopeOf(res, services.db), inputOf(res, UserResetSchema).uid, originOf(req));
    res.json({ ok: true });
  });

  const bulk = (action: Exclude<UserBulkAction, "move">): RequestHandler[] => [
    requireSelection,
    validate(UsersBulkSchema),
    async (req, res) => {
      res.json(await bulkUserAction(services, await scopeOf(res, services.db), action, selectionOf(inputOf(res, UsersBulkSchema)), originOf(req)));
    },
  ];
  router.put("/users/block", ...bulk("block"));
  router.put("/users/activate", ...bulk("activate"));
  router.delete("/users", ...bulk("delete"));
  router.put("/users/move", requireSelection, validate(UsersMoveSchema), async (req, res) => {
    const body = inputOf(res, UsersMoveSchema);
    res.json(await bulkUserAction(services, await scopeOf(res, services.db), "move", selectionOf(body), originOf(req), body.team));
  });

  router.put("/device/wipe", validate(DeviceActionSchema), async (req, res) => {
    await requestDeviceWipe(services, await scopeOf(res, services.db), inputOf(res, DeviceActionSchema), originOf(req));
    res.json({ ok: true });
  });

  router.delete("/device", validate(DeviceActionSchema), async (req, res) => {
    await deleteDevice(services, await scopeOf(res, services.db), inputOf(res, DeviceActionSchema), originOf(req));
    res.json({ ok: true });
  });
  return router;
}
