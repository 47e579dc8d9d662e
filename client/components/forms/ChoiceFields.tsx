import { type TextareaHTMLAttributes } from "react";
import { useId } from "../hooks";
import { describedBy, Field, FieldMessages } from "./Field";

/** A multi-line text input inside a Field (hint and error wired as in TextField). */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  ...textarea
}: { id?: string; label: string; hint?: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field id={fieldId} label={label} hint={hint} error={error}>
      <textarea
        id={fieldId}
        className="input textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...textarea}
      />
    </Field>
  );
}

/** A checkbox with its label beside it; `checked` and `onChange` speak booleans. */
export function CheckboxField({
  label,
  hint,
  error,
  name,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** One choice of a RadioGroupField. */
export interface RadioOption {
  value: string;
  label: string;
}

/** A group of radio buttons in a fieldset whose legend is the label (keyboard: arrows move the choice). */
export function RadioGroupField({
  legend,
  name,
  value,
  options,
  error,
  onChange,
}: {
  legend: string;
  name: string;
  value: string;
  options: readonly RadioOption[];
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <fieldset
      className={error ? "field radio-group field-invalid" : "field radio-group"}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field-label">{legend}</legend>
      <div className="radio-options">
        {options.map((option) => (
          <label key={option.value} className="checkbox radio-option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
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
