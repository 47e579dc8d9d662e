/**
 * The ask → review → confirm → run cycle of a bulk user action, shared by the users list's bar
 * and the user profile's actions: asking first fetches the server's review of the action
 * (`POST /v2/users/bulk/review`, the same plan the action applies), so the confirmation can say
 * how many users change, who is refused and why, and a move's licenses, before the admin confirms.
 */
import { useState } from "react";
import type { BulkReview } from "../../../shared/schemas/userBulk";
import { useCallMessage } from "../forms/useCallMessage";
import { usersCalls, type BulkTarget } from "./api";
import type { BulkAction, BulkOutcome, TeamOption } from "./types";

/** The action being confirmed, with the review it was asked with. */
export interface PendingBulk {
  action: BulkAction;
  target: BulkTarget;
  team: TeamOption | null;
  review: BulkReview;
}

/** State and steps of {@link useBulkAction}. */
export interface BulkActionState {
  pending: PendingBulk | null;
  /** The review is being fetched (the confirmation opens once it arrives). */
  reviewing: boolean;
  /** The action runs. */
  busy: boolean;
  /** The action's failure, shown in the dialog. */
  failure: string | null;
  /** The review's failure, shown beside the buttons that asked. */
  askError: string | null;
  ask: (action: BulkAction, target: BulkTarget, team: TeamOption | null) => void;
  confirm: () => void;
  close: () => void;
  clearAskError: () => void;
}

/** Runs bulk actions for one island; `onDone` gets each finished action's per-user result. */
export function useBulkAction(csrfToken: string, onDone: (outcome: BulkOutcome) => void): BulkActionState {
  const messageFor = useCallMessage();
  const [pending, setPending] = useState<PendingBulk | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [askError, setAskError] = useState<string | null>(null);

  const ask = (action: BulkAction, target: BulkTarget, team: TeamOption | null) => {
    if (reviewing) return;
    setReviewing(true);
    setFailure(null);
    setAskError(null);
    usersCalls(csrfToken)
      .review(action, target, team?.slug)
      .then((review) => setPending({ action, target, team, review }))
      .catch((error: unknown) => setAskError(messageFor(error)))
      .finally(() => setReviewing(false));
  };

  const confirm = () => {
    if (!pending || busy) return;
    const { action, target, team } = pending;
    setBusy(true);
    setFailure(null);
    usersCalls(csrfToken)
      .bulk(action, target, team?.slug)
      .then((result) => {
        setPending(null);
        onDone({ action, team: action === "move" ? team : null, ok: result.ok, failed: result.failed });
      })
      .catch((error: unknown) => setFailure(messageFor(error)))
      .finally(() => setBusy(false));
  };

  return {
    pending,
    reviewing,
    busy,
    failure,
    askError,
    ask,
    confirm,
    close: () => setPending(null),
    clearAskError: () => setAskError(null),
  };
}
