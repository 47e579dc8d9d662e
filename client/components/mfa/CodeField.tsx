import { useState, type ReactNode } from "react";
import { Alert } from "../forms/Alert";
import { TextField } from "../forms/Field";
import { SubmitButton } from "../forms/SubmitButton";
import { useCallMessage } from "../forms/useCallMessage";
import { useForm } from "../forms/useForm";
import { useT } from "../render-context";

/** A recovery code with spaces is the longest answer the server takes (shared/schemas/mfa). */
const MAX_CODE_LENGTH = 32;

/** Props of a code form: its texts, the button's look, and the call the trimmed code goes to. */
export interface CodeFieldProps {
  label: string;
  hint: string;
  submitLabel: string;
  variant?: "primary" | "danger" | "default";
  /** A full-width button right under the field (the sign-in step) rather than a form-actions row. */
  block?: boolean;
  autoFocus?: boolean;
  className?: string;
  /** Shown above the field. */
  intro?: ReactNode;
  /** Resolves when the code was taken; a rejection is said above the field. */
  onCode: (code: string) => Promise<void>;
  /** Rendered after the button; may report a failure of its own in the same place. */
  children?: (reportFailure: (message: string | null) => void) => ReactNode;
}

/**
 * The one code form of the second factor (sign-in's step, removing the authenticator app, new
 * recovery codes): an authenticator or recovery code field and its button. An empty code is
 * refused beside the field; any answer clears the field, and a refusal is said above it.
 */
export function CodeField({
  label,
  hint,
  submitLabel,
  variant = "primary",
  block = false,
  autoFocus,
  className,
  intro,
  onCode,
  children,
}: CodeFieldProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ code: "" });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const code = form.values.code.trim();
    if (code === "") return form.showErrors({ code: t("validation:required") });
    try {
      await onCode(code);
      form.setValue("code", "");
    } catch (error) {
      form.setValue("code", "");
      setFailure(messageFor(error));
    }
  });

  const button = (
    <SubmitButton busy={form.busy} variant={variant} block={block}>
      {submitLabel}
    </SubmitButton>
  );
  return (
    <form className={className ? `form ${className}` : "form"} noValidate onSubmit={submit}>
      {intro}
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField
        label={label}
        hint={hint}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={autoFocus}
        required
        maxLength={MAX_CODE_LENGTH}
        {...form.bind("code")}
      />
      {block ? button : <div className="form-actions">{button}</div>}
      {children?.(setFailure)}
    </form>
  );
}
