/**
 * The one filter form of every list ("The list pattern", issue 27): a GET form named as a
 * search landmark, its search box and `<select>` filters, and a submit button that sends it
 * without script and hides once the list filters as you type. ListFilters (server-rendered
 * lists) and the users, logs and invites islands draw their toolbars with these parts, so a
 * filter looks and behaves the same on every list.
 */
import type { ChangeEvent, FormEvent, ReactNode, Ref } from "react";
import { useT } from "../render-context";

/** Props of {@link FilterForm}. */
export interface FilterFormProps {
  /** The list's path: where the form is sent without script. */
  action: string;
  /** The form's accessible name ('Filter users'). */
  label: string;
  /** Filters apply as they change (script loaded): the submit button is hidden. */
  live: boolean;
  formRef?: Ref<HTMLFormElement>;
  /** An island's lists apply changes themselves: it cancels the submit (Enter in the search box). */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}

/** The form: fields as children, then the submit button a page without script needs. */
export function FilterForm({ action, label, live, formRef, onSubmit, className, children }: FilterFormProps) {
  const t = useT();
  const classes = ["list-filters", live ? "is-live" : null, className].filter(Boolean).join(" ");
  return (
    <form ref={formRef} className={classes} method="get" action={action} role="search" aria-label={label} onSubmit={onSubmit}>
      {children}
      <button type="submit" className="button list-submit">
        {t("common:list.apply")}
      </button>
    </form>
  );
}

/** The search box of a filter form. Controlled with `value`, or uncontrolled with `defaultValue`. */
export function FilterSearch(props: {
  id: string;
  label: string;
  placeholder?: string;
  maxLength: number;
  value?: string;
  defaultValue?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { id, label, ...input } = props;
  return (
    <div className="field list-search">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="input" type="search" name="search" autoComplete="off" {...input} />
    </div>
  );
}

/** One `<select>` filter: '' is the unset value, labelled `anyLabel` ('Any'). */
export function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  value?: string;
  defaultValue?: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const { id, name, label, anyLabel, options, ...select } = props;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input" name={name} {...select}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
