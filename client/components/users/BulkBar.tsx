import { useId, useRef, useState } from "react";
import type { BulkFailure } from "../../../shared/schemas/list";
import type { UserFilter } from "../../../shared/schemas/user";
import { formatNumber } from "../../lib/datetime";
import { Alert } from "../forms/Alert";
import { useCallMessage } from "../forms/useCallMessage";
import { useLang, useT, type Translate } from "../render-context";
import { usersCalls } from "./api";
import { ConfirmDialog } from "./ConfirmDialog";
import type { BulkAction, TeamOption } from "./types";

/** What a finished bulk call reports to the list: the action, its target and per-item results. */
export interface BulkOutcome {
  action: BulkAction;
  team: TeamOption | null;
  ok: string[];
  failed: BulkFailure[];
}

/** 'Select all matching': the list's filter and how many users the list counted for it. */
export interface MatchingSelection {
  filter: UserFilter;
  total: number;
}

/** Props of {@link BulkBar}. */
export interface BulkBarProps {
  selected: ReadonlySet<string>;
  /** Set when every user matching the filter is selected: the calls then carry the filter. */
  matching: MatchingSelection | null;
  teams: readonly TeamOption[];
  csrfToken: string;
  onClear: () => void;
  onDone: (outcome: BulkOutcome) => void;
}

const ACTIONS: readonly BulkAction[] = ["block", "activate", "move", "delete"];

/** The confirmation question of a bulk action: how many users it affects (plural-aware), and the target team of a move. */
export function bulkConfirmText(t: Translate, action: BulkAction, count: number, teamName = ""): string {
  return t(`users:bulk.confirm.${action}`, { count, team: teamName });
}
/** Plural keys are built, not literal, so the key checker does not look for a base key. */
const SELECTED_KEY = ["users:selection", "count"].join(".");
const ALL_MATCHING_ON_KEY = ["users:selection", "allMatchingOn"].join(".");

/**
 * The selection bar of the users list: how many users are selected (across pages, or every user
 * matching the filter), the bulk actions, and a confirmation dialog that states how many users
 * the action affects (for a filter, counted again with the same filter just before asking). With
 * nothing selected the actions are disabled and the hint beside them says why; the call's failure
 * stays in the dialog.
 */
export function BulkBar({ selected, matching, teams, csrfToken, onClear, onDone }: BulkBarProps) {
  const t = useT();
  const lang = useLang();
  const hintId = useId();
  const messageFor = useCallMessage();
  const moveId = useId();
  const moveSelect = useRef<HTMLSelectElement>(null);
  const [action, setAction] = useState<BulkAction | null>(null);
  const [target, setTarget] = useState("");
  const [targetError, setTargetError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [counting, setCounting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [askError, setAskError] = useState<string | null>(null);
  /** The count the confirmation states: the selection's size, or the filter's count just taken. */
  const [confirmCount, setConfirmCount] = useState(0);
  const count = matching ? matching.total : selected.size;
  const team = teams.find((candidate) => candidate.slug === target) ?? null;

  // A refusal to ask is about the selection it was given: a new selection or filter clears it.
  const [askedAbout, setAskedAbout] = useState({ count, matching });
  if (askedAbout.count !== count || askedAbout.matching !== matching) {
    setAskedAbout({ count, matching });
    setAskError(null);
  }

  const ask = (next: BulkAction) => {
    if (count === 0 || counting) return;
    if (next === "move" && !team) {
      setTargetError(true);
      moveSelect.current?.focus();
      return;
    }
    setFailure(null);
    setAskError(null);
    if (!matching) {
      setConfirmCount(selected.size);
      setAction(next);
      return;
    }
    // The exact number the call will change: the same filter counted now (docs/API.md).
    setCounting(true);
    usersCalls(csrfToken)
      .list({ ...matching.filter, sort: "name", order: "asc", limit: 1 })
      .then((result) => {
        setConfirmCount(result.total);
        setAction(next);
      })
      .catch((error: unknown) => setAskError(messageFor(error)))
      .finally(() => setCounting(false));
  };

  const confirm = () => {
    if (!action) return;
    const running = action;
    setBusy(true);
    setFailure(null);
    usersCalls(csrfToken)
      .bulk(running, matching ? { filter: matching.filter } : { uids: [...selected] }, team?.slug)
      .then((result) => {
        setAction(null);
        onDone({ action: running, team: running === "move" ? team : null, ok: result.ok, failed: result.failed });
      })
      .catch((error: unknown) => setFailure(messageFor(error)))
      .finally(() => setBusy(false));
  };

  return (
    <div className={count > 0 ? "bulk-bar has-selection" : "bulk-bar"} role="group" aria-label={t("users:bulk.label")}>
      <div className="selection-status">
        <p className="selection-count" aria-live="polite">
          {matching ? (
            t(ALL_MATCHING_ON_KEY, { count, total: formatNumber(count, lang) })
          ) : count > 0 ? (
            t(SELECTED_KEY, { count })
          ) : (
            <span id={hintId}>{t("users:selection.hint")}</span>
          )}
        </p>
        {count > 0 ? (
          <button type="button" className="button button-small" onClick={onClear}>
            {t("users:selection.clear")}
          </button>
        ) : null}
      </div>
      <div className="bulk-actions">
        {ACTIONS.map((name) =>
          name === "move" ? (
            <span key={name} className="bulk-move">
              <label className="visually-hidden" htmlFor={moveId}>
                {t("users:bulk.moveTarget")}
              </label>
              <select
                id={moveId}
                ref={moveSelect}
                className="input"
                value={target}
                aria-invalid={targetError ? true : undefined}
                aria-describedby={targetError ? `${moveId}-error` : undefined}
                onChange={(event) => {
                  setTarget(event.target.value);
                  setTargetError(false);
                }}
              >
                <option value="">{t("users:bulk.moveTarget")}</option>
                {teams.map((option) => (
                  <option key={option.slug} value={option.slug}>
                    {option.teamName}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button"
                disabled={count === 0 || counting}
                aria-describedby={count === 0 ? hintId : undefined}
                onClick={() => ask("move")}
              >
                {t("users:bulk.move")}
              </button>
              {targetError ? (
                <span className="field-error" id={`${moveId}-error`}>
                  {t("validation:required")}
                </span>
              ) : null}
            </span>
          ) : (
            <button
              key={name}
              type="button"
              className={name === "delete" ? "button button-danger" : "button"}
              disabled={count === 0 || counting}
              aria-describedby={count === 0 ? hintId : undefined}
              onClick={() => ask(name)}
            >
              {t(`users:bulk.${name}`)}
            </button>
          ),
        )}
      </div>
      {counting ? <p className="selection-counting">{t("users:selection.counting")}</p> : null}
      {askError ? <Alert variant="error">{askError}</Alert> : null}
      <ConfirmDialog
        open={action !== null}
        title={action ? t(`users:bulk.titles.${action}`) : ""}
        confirmLabel={action ? t(`users:bulk.${action}`) : ""}
        tone={action === "delete" || action === "block" ? "danger" : "primary"}
        busy={busy}
        error={failure}
        onConfirm={confirm}
        onClose={() => setAction(null)}
      >
        <p>{action ? bulkConfirmText(t, action, confirmCount, team?.teamName) : null}</p>
      </ConfirmDialog>
    </div>
  );
}
