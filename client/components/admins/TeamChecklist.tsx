import { useId } from "../hooks";
import { describedBy } from "../forms/Field";

/** A team a checklist offers. */
export interface TeamOption {
  slug: string;
  teamName: string;
}

/** Props of {@link TeamChecklist}. */
export interface TeamChecklistProps {
  legend: string;
  hint?: string;
  empty: string;
  options: readonly TeamOption[];
  selected: readonly string[];
  error?: string;
  onChange: (selected: string[]) => void;
  disabled?: boolean;
  /** Keeps the legend for screen readers only (when a visible heading already names the list). */
  hideLegend?: boolean;
}

/**
 * A fieldset of team checkboxes (slug values, name labels) with a hint and an error wired for
 * screen readers; the first box carries `aria-invalid` so focus lands there on a failed submit.
 */
export function TeamChecklist({ legend, hint, empty, options, selected, error, onChange, disabled, hideLegend }: TeamChecklistProps) {
  const id = useId();
  const toggle = (slug: string, on: boolean) => onChange(on ? [...selected, slug] : selected.filter((s) => s !== slug));
  return (
    <fieldset
      className={error ? "field team-checklist field-invalid" : "field team-checklist"}
      aria-describedby={describedBy(id, hint, error)}
    >
      <legend className={hideLegend ? "visually-hidden" : "field-label"}>{legend}</legend>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {options.length === 0 ? <p className="field-hint">{empty}</p> : null}
      <div className="team-checklist-options">
        {options.map((team, index) => (
          <label key={team.slug} className="check">
            <input
              type="checkbox"
              name="teams"
              value={team.slug}
              checked={selected.includes(team.slug)}
              disabled={disabled}
              aria-invalid={error && index === 0 ? true : undefined}
              onChange={(event) => toggle(team.slug, event.target.checked)}
            />
            <span>{team.teamName}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
