import { Router, type RequestHandler } from "express";
import { DeviceActionSchema } from "../../../shared/schemas/device";
import {
  UserCreateSchema,
  UserListQuerySchema,
  UserResetSchema,
  UsersBulkSchema,
  type UsersBulkReq,
  UsersMoveSchema,
  UserUpdateSchema,
} from "../../../shared/schemas/user";
import { BulkReviewSchema, UsersBulkReviewSchema } from "../../../shared/schemas/userBulk";
import { AppError } from "../../errors";
import { SUDO_BULK_THRESHOLD } from "../../services/mfa";
import {
  bulkUserAction,
  createUser,
  deleteDevice,
  listUsers,
  loadUserDetails,
  requestDeviceWipe,
  reviewBulkUserAction,
  sendUserPasswordReset,
  updateUser,
  type UserBulkAction,
  type UserBulkSelection,
} from "../../services/users";
import { OkResponseSchema, UserDetailsSchema, UserListResponseSchema } from "../../../shared/api";
import { BulkResponseSchema } from "../../../shared/schemas/list";
import type { ApiDeps } from "../deps";
import { handlers } from "../handler";
import { presentUserDetails, presentUserPage } from "./present";

/** An empty selection is 'No user selected' (SPEC §8), not a validation error. */
const requireSelection: RequestHandler = (req, _res, next) => {
  const uids: unknown = (req.body as { uids?: unknown } | undefined)?.uids;
  next(Array.isArray(uids) && uids.length === 0 ? new AppError("noUserSelected", 400) : undefined);
};

/** A bulk body's selection: its uids, or the list filter the server resolves (the schema allows exactly one). */
/** A bulk delete of more users than SUDO_BULK_THRESHOLD, or of a filter's matches, is a sudo call. */
function isLargeSelection(body: Pick<UsersBulkReq, "uids" | "filter">): boolean {
  return body.filter !== undefined || (body.uids?.length ?? 0) > SUDO_BULK_THRESHOLD;
}

function selectionOf(body: Pick<UsersBulkReq, "uids" | "filter">): UserBulkSelection {
  return body.filter ? { filter: body.filter } : { uids: body.uids ?? [] };
}

/**
 * End users and their devices (docs/API.md "Users and devices"): list, read, create, edit,
 * password reset, bulk block / activate / move / delete, device wipe and deletion. Every call
 * works within the caller's scope (DESIGN §5).
 */
export function usersRouter(deps: ApiDeps): Router {
  const router = Router({ caseSensitive: true });
  const api = handlers(deps, { tag: "Users", permission: "users" });

  router.get(
    "/users",
    ...api.admin(
      { query: UserListQuerySchema, response: UserListResponseSchema, action: "userList", summary: "List users" },
      async ({ services, scope, input }) => presentUserPage(await listUsers(services, scope, input)),
    ),
  );
  router.get(
    "/user/:uid",
    ...api.admin({ response: UserDetailsSchema, action: "userRead", summary: "Read a user" }, async ({ services, scope, req }) =>
      presentUserDetails(await loadUserDetails(services, scope, String(req.params.uid))),
    ),
  );
  router.post(
    "/user",
    ...api.admin(
      { body: UserCreateSchema, response: UserDetailsSchema, action: "userCreate", setsPassword: true, summary: "Create a user" },
      async ({ services, scope, input, origin }) => presentUserDetails(await createUser(services, scope, input, origin)),
    ),
  );
  router.put(
    "/user",
    ...api.admin(
      { body: UserUpdateSchema, response: UserDetailsSchema, action: "userEdit", setsPassword: true, summary: "Edit a user" },
      async ({ services, scope, input, origin }) => presentUserDetails(await updateUser(services, scope, input, origin)),
    ),
  );
  router.post(
    "/user/reset",
    ...api.admin(
      {
        body: UserResetSchema,
        response: OkResponseSchema,
        action: "userReset",
        codes: ["emailDisabled"],
        summary: "Send a user a password reset link",
      },
      async ({ services, scope, input, origin }) => {
        await sendUserPasswordReset(services, scope, input.uid, origin);
      },
    ),
  );

  const BULK = {
    block: { action: "usersBlock", summary: "Block users" },
    activate: { action: "usersActivate", summary: "Activate users" },
    delete: { action: "usersDelete", summary: "Delete users" },
  } as const;
  const bulk = (action: Exclude<UserBulkAction, "move">): RequestHandler[] => [
    requireSelection,
    ...api.admin(
      // Sudo mode (issue #29): deleting more than a few users, or everyone a filter matches, needs a recent verification.
      {
        body: UsersBulkSchema,
        response: BulkResponseSchema,
        ...BULK[action],
        ...(action === "delete" ? { reauth: isLargeSelection } : {}),
      },
      ({ services, scope, input, origin }) => bulkUserAction(services, scope, action, selectionOf(input), origin),
    ),
  ];
  router.put("/users/block", ...bulk("block"));
  router.put("/users/activate", ...bulk("activate"));
  router.delete("/users", ...bulk("delete"));
  router.put(
    "/users/move",
    requireSelection,
    ...api.admin(
      { body: UsersMoveSchema, response: BulkResponseSchema, action: "usersMove", summary: "Move users to another team" },
      ({ services, scope, input, origin }) => bulkUserAction(services, scope, "move", selectionOf(input), origin, input.team),
    ),
  );

  // What a bulk action would do, before the admin confirms it: the same plan, nothing written.
  router.post(
    "/users/bulk/review",
    requireSelection,
    ...api.admin(
      { body: UsersBulkReviewSchema, response: BulkReviewSchema, action: "usersReview", summary: "Review a bulk action on users" },
      ({ services, scope, input }) => reviewBulkUserAction(services, scope, input.action, selectionOf(input), input.team),
    ),
  );

  router.put(
    "/device/wipe",
    ...api.admin(
      { body: DeviceActionSchema, response: OkResponseSchema, action: "deviceWipe", summary: "Wipe a user's device", reauth: true },
      async ({ services, scope, input, origin }) => {
        await requestDeviceWipe(services, scope, input, origin);
      },
    ),
  );
  router.delete(
    "/device",
    ...api.admin(
      { body: DeviceActionSchema, response: OkResponseSchema, action: "deviceDelete", summary: "Delete a user's device" },
      async ({ services, scope, input, origin }) => {
        await deleteDevice(services, scope, input, origin);
      },
    ),
  );
  return router;
}
