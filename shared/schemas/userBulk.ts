/**
 * The review of a bulk user action (`POST /v2/users/bulk/review`): what block, activate, move or
 * delete would do to a selection, computed by the code that applies the action and writing
 * nothing, so the confirmation can show how many users change, how many are refused and why,
 * and a move's licences before and after, before the admin confirms.
 */
import { z } from "zod";
import { obj, oneOf, str, typeError } from "./builders";
import { V } from "./messages";
import { slug } from "./primitives";
import { bulkUids, exactlyOneTarget, UserFilterSchema } from "./user";

/** The bulk actions of the users list. */
export const USER_BULK_ACTIONS = ["block", "activate", "move", "delete"] as const;

/** `POST /v2/users/bulk/review` body: the action, `{uids}` or `{filter}`, and a move's target team. */
export const UsersBulkReviewSchema = obj({
  action: oneOf(USER_BULK_ACTIONS),
  uids: bulkUids.optional(),
  filter: UserFilterSchema.optional(),
  team: slug.optional(),
}).superRefine((body, ctx) => {
  exactlyOneTarget(body, ctx);
  if (body.action === "move" && body.team === undefined)
    ctx.addIssue({ code: "custom", message: V.required, path: ["team"], input: undefined });
});
/** Bulk review body. */
export type UsersBulkReviewReq = z.infer<typeof UsersBulkReviewSchema>;

/** How many examples a refused group names. */
export const REVIEW_EXAMPLES = 3;

const count = z.int({ error: typeError }).min(0, { error: V.tooSmall });

/** Refused items of one catalogue code: how many, and a few usernames (only users in the caller's scope are named). */
export const BulkRefusalSchema = z.object({ code: str(), count, examples: z.array(str(), { error: typeError }) }, { error: typeError });

/** The answer of a bulk review (a reply: unknown extra fields are dropped, so the server may add some). */
export const BulkReviewSchema = z.object(
  {
    /** Users the action would apply to. */
    changing: count,
    /** Users it would refuse, grouped by code, largest group first. */
    refused: z.array(BulkRefusalSchema, { error: typeError }),
    /** A move: the target's used seats before and after, and its capacity (the move is refused as a whole when after > limit). */
    seats: z.object({ before: count, after: count, limit: count }, { error: typeError }).optional(),
  },
  { error: typeError },
);
/** A bulk review. */
export type BulkReview = z.infer<typeof BulkReviewSchema>;
