import { useId } from "../hooks";
import { useT } from "../render-context";
import { FieldMessages } from "../forms/Field";

/** The ECS / SIP / Cellcrypt flags of a user (SPEC §3). */
export interface UserFlags {
  ecs: boolean;
  sip: boolean;
  cellcrypt: boolean;
}

const FLAGS = ["ecs", "sip", "cellcrypt"] as const;

/** The user flags as three labelled checkboxes in a fieldset with a legend. */
export function FlagFields({
  legend,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  value: UserFlags;
  onChange: (next: UserFlags) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="checkbox-group">
      <legend className="field-label">{legend}</legend>
      {FLAGS.map((flag) => (
        <label key={flag} className="checkbox" htmlFor={`${id}-${flag}`}>
          <input
            id={`${id}-${flag}`}
            type="checkbox"
            name={flag}
            checked={value[flag]}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, [flag]: event.target.checked })}
          />
          {t(`users:flags.${flag}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** Aliases typed one per line or separated by commas, trimmed, empty entries dropped. */
export function parseAliases(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((alias) => alias.trim())
    .filter((alias) => alias !== "");
}

/** Folds per-item errors (`aliases.2`) into the aliases field's error. */
export function foldListErrors(errors: Readonly<Record<string, string>>, field: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const name = key.startsWith(`${field}.`) ? field : key;
    if (!(name in out)) out[name] = message;
  }
  return out;
}

/** A labelled multi-line text box (aliases), wired like TextField for hints and errors. */
export function TextAreaField({
  label,
  hint,
  error,
  name,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="input textarea"
        rows={3}
        value={value}
        spellCheck={false}
        autoCapitalize="none"
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
