import type { InputHTMLAttributes, ReactNode } from "react";

/** A labelled form control with an optional hint, wired for screen readers. */
export function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A text input inside a Field. */
export function TextField({
  id,
  label,
  hint,
  ...input
}: { id: string; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input id={id} className="input" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
    </Field>
  );
}
