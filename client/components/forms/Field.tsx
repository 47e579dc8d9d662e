import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";
import { useId } from "../hooks";

/**
 * The ids a control must point at with aria-describedby: its hint and its error, when shown
 * (the ids FieldMessages gives them). Every field kind uses this one, so they cannot drift.
 */
export function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((v): v is string => v !== null);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/**
 * A labelled form control with an optional hint and error, wired for screen readers: the control
 * gets `aria-invalid` and `aria-describedby` pointing at both texts (see TextField, SelectField).
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? "field field-invalid" : "field"}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * The hint and error lines under a control, with the ids `describedBy` points at: every field
 * kind (text, checkbox, textarea, custom) renders them the same way through this.
 */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** Props shared by the labelled controls: the id is generated (useId) when not given. */
interface LabelledProps {
  id?: string;
  label: string;
  hint?: string;
  error?: string;
}

/** A text input inside a Field; islands get a unique id per island root from useId. */
export function TextField({ id, label, hint, error, ...input }: LabelledProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field id={fieldId} label={label} hint={hint} error={error}>
      <input
        id={fieldId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...input}
      />
    </Field>
  );
}

/**
 * A password input: never echoed, with the autocomplete hint password managers need
 * (`current-password` to fill, `new-password` to generate and save).
 */
export function PasswordField(
  props: LabelledProps & { autoComplete: "current-password" | "new-password" } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">,
) {
  return <TextField {...props} type="password" spellCheck={false} autoCapitalize="none" />;
}

/** One choice of a SelectField. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A select inside a Field, with an optional empty first choice shown as `placeholder`. */
export function SelectField({
  id,
  label,
  hint,
  error,
  options,
  placeholder,
  ...select
}: LabelledProps & { options: readonly SelectOption[]; placeholder?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field id={fieldId} label={label} hint={hint} error={error}>
      <select
        id={fieldId}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
