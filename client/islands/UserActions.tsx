import { useState } from "react";
import type { UserStatus } from "../../shared/domain/statuses";
import { Alert } from "../components/forms/Alert";
import { useT } from "../components/render-context";
import { reloadWithStatus } from "../components/status/pageStatus";
import { MoveTargetPicker, useMoveTarget } from "../components/users/MoveTargetPicker";
import { BulkConfirm, type NamedUser } from "../components/users/BulkConfirm";
import { BulkSummary } from "../components/users/BulkSummary";
import type { BulkAction, BulkOutcome, TeamOption } from "../components/users/types";
import { useBulkAction } from "../components/users/useBulkAction";

/** Props of the user-profile actions island. */
export interface UserActionsProps {
  user: NamedUser & { status: UserStatus; team: TeamOption };
  /** Teams in the admin's scope: the move targets (the user's own team is left out). */
  teams: TeamOption[];
  csrfToken: string;
}

/**
 * User profile → block, activate, move to another company, delete: the list's bulk actions on
 * this one user, with the same confirmation (the user named, the server's review: refusals and a
 * move's licenses). A change reloads the profile with the outcome in the page's status region;
 * a delete returns to the list; a refusal is summed up here.
 */
export function UserActions({ user, teams, csrfToken }: UserActionsProps) {
  const t = useT();
  const { picker: movePicker, selectRef: moveSelect, chosen: chosenTarget } = useMoveTarget();
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const targets = teams.filter((team) => team.slug !== user.team.slug);
  const bulk = useBulkAction(csrfToken, (result) => {
    if (!result.ok.includes(user.uid)) {
      setOutcome(result);
      return;
    }
    if (result.action === "delete") window.location.assign("/users/manage");
    else reloadWithStatus(t(`users:bulk.done.${result.action}`, { count: 1, team: result.team?.teamName ?? "" }));
  });
  const ask = (action: BulkAction) => {
    const team = action === "move" ? chosenTarget(targets) : null;
    if (action === "move" && !team) return;
    setOutcome(null);
    bulk.ask(action, { uids: [user.uid] }, team);
  };
  const button = (action: Exclude<BulkAction, "move">) => (
    <button
      type="button"
      className={action === "delete" ? "button button-danger" : "button"}
      aria-haspopup="dialog"
      disabled={bulk.reviewing}
      onClick={() => ask(action)}
    >
      {/* The page also lists devices with their own Delete: this one says whose. */}
      {action === "delete" ? t("users:profile.deleteUser") : t(`users:bulk.${action}`)}
    </button>
  );

  return (
    <div className="user-actions">
      <p className="card-note">{t("users:profile.actionsIntro")}</p>
      <div className="form-actions form-actions-start">
        {user.status !== "blocked" ? button("block") : null}
        {user.status !== "active" ? button("activate") : null}
        {targets.length > 0 ? (
          <MoveTargetPicker {...movePicker} selectRef={moveSelect} teams={targets}>
            <button type="button" className="button" aria-haspopup="dialog" disabled={bulk.reviewing} onClick={() => ask("move")}>
              {t("users:bulk.move")}
            </button>
          </MoveTargetPicker>
        ) : null}
        {button("delete")}
      </div>
      {bulk.reviewing ? <p className="selection-counting">{t("users:selection.counting")}</p> : null}
      {bulk.askError ? <Alert variant="error">{bulk.askError}</Alert> : null}
      {outcome ? <BulkSummary outcome={outcome} onDismiss={() => setOutcome(null)} /> : null}
      <BulkConfirm state={bulk} subject={{ users: [user] }} />
    </div>
  );
}
