import { useState } from "react";
import { useId } from "../hooks";
import type { UserFilter } from "../../../shared/schemas/user";
import { formatTotal } from "../../lib/datetime";
import { Alert } from "../forms/Alert";
import { useLang, useT } from "../render-context";
import { MoveTargetPicker, useMoveTarget } from "./MoveTargetPicker";
import { BulkConfirm, type BulkSubject, type NamedUser } from "./BulkConfirm";
import type { BulkAction, BulkOutcome, TeamOption } from "./types";
import { useBulkAction } from "./useBulkAction";

export { bulkConfirmText } from "./BulkConfirm";
export type { BulkOutcome } from "./types";

/** 'Select all matching': the list's filter, how many users the list counted for it, and the filter in words. */
export interface MatchingSelection {
  filter: UserFilter;
  total: number;
  /** `total` is the list count's bound ("10,000+"), not the count: the call acts on every match all the same. */
  capped: boolean;
  /** The filter as the confirmation states it ("Status: Active; Company: Boreal"); empty for no filter. */
  words: string;
}

/** Props of {@link BulkBar}. */
export interface BulkBarProps {
  selected: ReadonlySet<string>;
  /** The selected users as the list shows them (the selection is always of the shown page): the confirmation names them. */
  selectedUsers: readonly NamedUser[];
  /** Set when every user matching the filter is selected: the calls then carry the filter. */
  matching: MatchingSelection | null;
  /** The list changed under a selection and cleared it: the bar says so (politely) until the next selection. */
  cleared?: boolean;
  teams: readonly TeamOption[];
  csrfToken: string;
  onClear: () => void;
  onDone: (outcome: BulkOutcome) => void;
}

const ACTIONS: readonly BulkAction[] = ["block", "activate", "move", "delete"];
/** Plural keys are built, not literal, so the key checker does not look for a base key. */
const SELECTED_KEY = ["users:selection", "count"].join(".");
const ALL_MATCHING_ON_KEY = ["users:selection", "allMatchingOn"].join(".");

/**
 * The selection bar of the users list: how many users are selected (on the shown page, or every
 * user matching the filter), the bulk actions, and a confirmation that names whom the action acts
 * on and shows the server's review (how many change, who is refused and why, a move's licenses).
 * With nothing selected the actions are disabled and the hint beside them says why; the call's
 * failure stays in the dialog.
 */
export function BulkBar({ selected, selectedUsers, matching, cleared = false, teams, csrfToken, onClear, onDone }: BulkBarProps) {
  const t = useT();
  const lang = useLang();
  const hintId = useId();
  const { picker: movePicker, selectRef: moveSelect, chosen: chosenTarget } = useMoveTarget();
  const bulk = useBulkAction(csrfToken, onDone);
  const count = matching ? matching.total : selected.size;

  // A refusal to ask is about the selection it was given: a new selection or filter clears it.
  const [askedAbout, setAskedAbout] = useState({ count, matching });
  if (askedAbout.count !== count || askedAbout.matching !== matching) {
    setAskedAbout({ count, matching });
    bulk.clearAskError();
  }

  const ask = (next: BulkAction) => {
    if (count === 0 || bulk.reviewing) return;
    const team = next === "move" ? chosenTarget(teams) : null;
    if (next === "move" && !team) return;
    bulk.ask(next, matching ? { filter: matching.filter } : { uids: [...selected] }, team);
  };
  const subject: BulkSubject = matching
    ? { matching: { total: matching.total, capped: matching.capped, words: matching.words } }
    : { users: selectedUsers };

  return (
    <div className={count > 0 ? "bulk-bar has-selection" : "bulk-bar"} role="group" aria-label={t("users:bulk.label")}>
      {/* The status keeps one size whatever it says (a hidden copy of the hint sizes it, and the
          Clear button's place is kept), so ticking the first row does not move the table. */}
      <div className="selection-status">
        <p className="selection-count" aria-live="polite">
          {matching ? (
            t(ALL_MATCHING_ON_KEY, { count, total: formatTotal(count, lang, matching.capped) })
          ) : count > 0 ? (
            t(SELECTED_KEY, { count })
          ) : (
            <>
              {cleared ? <span className="visually-hidden">{t("users:selection.cleared")} </span> : null}
              <span id={hintId}>{t("users:selection.hint")}</span>
            </>
          )}
        </p>
        <p className="selection-sizer" aria-hidden="true">
          {t("users:selection.hint")}
        </p>
        {count > 0 ? (
          <button type="button" className="button button-small selection-clear" onClick={onClear}>
            {t("users:selection.clear")}
          </button>
        ) : (
          <span className="button button-small selection-clear selection-clear-space" aria-hidden="true">
            {t("users:selection.clear")}
          </span>
        )}
      </div>
      <div className="bulk-actions">
        {ACTIONS.map((name) =>
          name === "move" ? (
            <MoveTargetPicker key={name} {...movePicker} selectRef={moveSelect} teams={teams}>
              <button
                type="button"
                className="button"
                disabled={count === 0 || bulk.reviewing}
                aria-describedby={count === 0 ? hintId : undefined}
                onClick={() => ask("move")}
              >
                {t("users:bulk.move")}
              </button>
            </MoveTargetPicker>
          ) : (
            <button
              key={name}
              type="button"
              className={name === "delete" ? "button button-danger" : "button"}
              disabled={count === 0 || bulk.reviewing}
              aria-describedby={count === 0 ? hintId : undefined}
              onClick={() => ask(name)}
            >
              {t(`users:bulk.${name}`)}
            </button>
          ),
        )}
      </div>
      {bulk.reviewing ? <p className="selection-counting">{t("users:selection.counting")}</p> : null}
      {bulk.askError ? <Alert variant="error">{bulk.askError}</Alert> : null}
      <BulkConfirm state={bulk} subject={subject} />
    </div>
  );
}
