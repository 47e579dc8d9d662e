import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useId } from "../hooks";
import type { FieldErrors } from "./validation";

/** The props a bound input or select spreads: its value, change handler and current error. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

/** Form state shared by the islands' forms (see {@link useForm}). */
export interface FormState<V extends Record<string, string>> {
  values: V;
  errors: FieldErrors;
  busy: boolean;
  setValue: (name: keyof V & string, value: string) => void;
  setValues: (values: V) => void;
  /** Sets a value only while the field is still empty: a default found after hydration never overrides what was typed. */
  setDefault: (name: keyof V & string, value: string) => void;
  /** Shows errors and moves focus to the first invalid control, so keyboard and screen-reader users land on it. */
  showErrors: (errors: FieldErrors) => void;
  bind: (name: keyof V & string, transform?: (value: string) => string) => BoundField;
  /** Wraps a submit handler: prevents the page submit, ignores double submits and tracks `busy`. */
  handleSubmit: (run: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;
  /**
   * The id to give the `<form>`: with it, the form adopts at hydration what was typed (or filled
   * by a password manager) into its server-rendered inputs before the island loaded.
   */
  id: string;
}

/** A control's current text, when it is one useForm binds (text-like input, select, textarea). */
function typedValue(control: Element | RadioNodeList | null): string | null {
  if (control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) return control.value;
  if (control instanceof HTMLInputElement && control.type !== "checkbox" && control.type !== "radio" && control.type !== "file")
    return control.value;
  return null;
}

/**
 * What the server-rendered controls of `form` hold that `values` does not: text typed before
 * hydration. React keeps such text in the DOM while hydrating but not in state, so the next render
 * would wipe it and a submit would send the empty state.
 */
export function typedBeforeHydration<V extends Record<string, string>>(form: HTMLFormElement, values: V): Partial<V> {
  const typed: Record<string, string> = {};
  for (const name of Object.keys(values)) {
    const value = typedValue(form.elements.namedItem(name));
    if (value !== null && value !== values[name]) typed[name] = value;
  }
  return typed as Partial<V>;
}

/**
 * Small controlled-form state for islands: string values, per-field localized errors (cleared as
 * the user edits that field), a busy flag while a request runs and focus on the first error.
 */
export function useForm<V extends Record<string, string>>(initial: V): FormState<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const running = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  const id = useId();

  // Once, at hydration: adopt what was typed into the server-rendered inputs (see typedBeforeHydration).
  const initialRef = useRef(initial);
  useLayoutEffect(() => {
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) return;
    const typed = typedBeforeHydration(form, initialRef.current);
    if (Object.keys(typed).length > 0) setValues((prev) => ({ ...prev, ...typed }));
  }, [id]);

  useEffect(() => {
    if (focusTick === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
  }, [focusTick]);

  const setValue = useCallback((name: keyof V & string, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => {
      if (!(name in prev)) return prev;
      const next: Record<string, string> = { ...prev };
      delete next[name];
      return next;
    });
  }, []);

  const setDefault = useCallback((name: keyof V & string, value: string) => {
    setValues((prev) => (prev[name] ? prev : { ...prev, [name]: value }));
  }, []);

  const showErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    setFocusTick((n) => n + 1);
  }, []);

  const bind = (name: keyof V & string, transform?: (value: string) => string): BoundField => ({
    name,
    value: values[name] ?? "",
    error: errors[name],
    onChange: (event) => setValue(name, transform ? transform(event.target.value) : event.target.value),
  });

  const handleSubmit = (run: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    if (running.current) return;
    running.current = true;
    setBusy(true);
    void run()
      .catch((error: unknown) => console.error("Form submit failed", error))
      .finally(() => {
        running.current = false;
        setBusy(false);
      });
  };

  return { values, errors, busy, setValue, setValues, setDefault, showErrors, bind, handleSubmit, id };
}
