/**
 * How user ids reach the users API: `<uid|username>` resolved to a uid, and bulk batches that
 * fail a malformed id on its own instead of sending it.
 */
import { ApiError, type UsersApi } from "../../shared/api";
import { listLimit } from "../../shared/limits";
import type { BulkResponse } from "../../shared/schemas/list";
import { uid as uidSchema } from "../../shared/schemas/primitives";
import type { BatchFn, BulkResult } from "../bulk";
import { collectPages } from "./common";

/** The catalogue code of an id that is not a uid at all: never sent, reported like a 400. */
export const MALFORMED_UID_CODE = "badParameters";

/**
 * A batch for a bulk users call: ids that are not uids fail at once with `badParameters` (so one
 * typo in a file does not fail its whole batch with a 400); the others go in one call whose
 * `{ ok, failed }` answer is reported per item.
 */
export function usersBatch(call: (uids: string[]) => Promise<BulkResponse>): BatchFn {
  return async (items) => {
    const uids: string[] = [];
    const result: BulkResult = { ok: [], failed: [] };
    for (const item of items) {
      if (uidSchema.safeParse(item.id).success) uids.push(item.id);
      else result.failed.push({ id: item.id, code: MALFORMED_UID_CODE });
    }
    if (uids.length === 0) return result;
    const answer = await call(uids);
    return { ok: [...answer.ok], failed: [...result.failed, ...answer.failed] };
  };
}

/**
 * The uid of `<uid|username>`: a uid as given; otherwise the user whose username is exactly that
 * (a search of the list in the caller's scope). None is a `userRead404` (exit 5), as for a uid.
 */
export async function resolveUid(api: UsersApi, idOrName: string): Promise<string> {
  if (uidSchema.safeParse(idOrName).success) return idOrName;
  const wanted = idOrName.trim().toLowerCase();
  const { items } = await collectPages(
    (cursor) => api.list({ search: idOrName.trim(), limit: listLimit.max, ...(cursor ? { cursor } : {}) }),
    true,
  );
  const found = items.find((u) => u.username.toLowerCase() === wanted);
  if (!found) throw new ApiError({ status: 404, prefix: "userRead" });
  return found.uid;
}
