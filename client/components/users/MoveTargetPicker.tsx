import { useRef, useState, type ReactNode, type RefObject } from "react";
import { useId } from "../hooks";
import { useT } from "../render-context";
import type { TeamOption } from "./types";

/** What the picker shows: the select's id, the slug chosen, and whether Move was pressed without one. */
export interface MovePickerState {
  id: string;
  value: string;
  missing: boolean;
  onChange: (slug: string) => void;
}

/**
 * The company a move goes to, chosen beside the Move button (the list's bulk bar and the user
 * profile): the picker's state, its select's ref, and `chosen(teams)`, the company picked or null
 * after marking the picker and focusing it.
 */
export function useMoveTarget(): {
  picker: MovePickerState;
  selectRef: RefObject<HTMLSelectElement | null>;
  chosen: (teams: readonly TeamOption[]) => TeamOption | null;
} {
  const id = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [value, setValue] = useState("");
  const [missing, setMissing] = useState(false);
  const onChange = (slug: string) => {
    setValue(slug);
    setMissing(false);
  };
  const chosen = (teams: readonly TeamOption[]): TeamOption | null => {
    const team = teams.find((candidate) => candidate.slug === value) ?? null;
    if (!team) {
      setMissing(true);
      selectRef.current?.focus();
    }
    return team;
  };
  return { picker: { id, value, missing, onChange }, selectRef, chosen };
}

/** The target select, the Move button given as `children`, and the 'required' message when Move was pressed without a target. */
export function MoveTargetPicker({
  id,
  value,
  missing,
  onChange,
  selectRef,
  teams,
  children,
}: MovePickerState & { selectRef: RefObject<HTMLSelectElement | null>; teams: readonly TeamOption[]; children: ReactNode }) {
  const t = useT();
  return (
    <span className="bulk-move">
      <label className="visually-hidden" htmlFor={id}>
        {t("users:bulk.moveTarget")}
      </label>
      <select
        id={id}
        ref={selectRef}
        className="input"
        value={value}
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t("users:bulk.moveTarget")}</option>
        {teams.map((option) => (
          <option key={option.slug} value={option.slug}>
            {option.teamName}
          </option>
        ))}
      </select>
      {children}
      {missing ? (
        <span className="field-error" id={`${id}-error`}>
          {t("validation:required")}
        </span>
      ) : null}
    </span>
  );
}
