import { createUsersApi, type UsersApi } from "../../../shared/api/users";
import type { BulkResponse } from "../../../shared/schemas/list";
import type { UserFilter } from "../../../shared/schemas/user";
import type { BulkReview } from "../../../shared/schemas/userBulk";
import type { BulkAction } from "./types";

/** Whom a bulk call acts on: listed users, or every user the list's filter matches. */
export type BulkTarget = { uids: string[] } | { filter: UserFilter };

/** The users calls the islands make, with the bulk action and device calls by name. */
export interface UsersCalls extends Pick<UsersApi, "list" | "create" | "update"> {
  /** Runs a bulk action (`move` needs the target team's slug). */
  bulk(action: BulkAction, target: BulkTarget, team?: string): Promise<BulkResponse>;
  /** What that bulk action would do, asked before the confirmation (nothing is written). */
  review(action: BulkAction, target: BulkTarget, team?: string): Promise<BulkReview>;
  reset(uid: string): Promise<unknown>;
  wipe(uid: string, deviceId: string): Promise<unknown>;
  deleteDevice(uid: string, deviceId: string): Promise<unknown>;
}

/** The users API client (shared/api/users.ts) bound to the session's CSRF token. */
export function usersCalls(csrfToken: string): UsersCalls {
  const api = createUsersApi({ csrfToken });
  return {
    list: (params) => api.list(params),
    create: (body) => api.create(body),
    update: (body) => api.update(body),
    bulk: (action, target, team) => {
      switch (action) {
        case "block":
          return api.block(target);
        case "activate":
          return api.activate(target);
        case "delete":
          return api.remove(target);
        case "move":
          return api.move({ ...target, team: team ?? "" });
      }
    },
    review: (action, target, team) => api.review({ action, ...target, ...(action === "move" ? { team: team ?? "" } : {}) }),
    reset: (uid) => api.reset({ uid }),
    wipe: (uid, deviceId) => api.wipeDevice({ uid, deviceId }),
    deleteDevice: (uid, deviceId) => api.deleteDevice({ uid, deviceId }),
  };
}
