import { useState } from "react";
import { Alert } from "../forms/Alert";
import { TextField } from "../forms/Field";
import { SubmitButton } from "../forms/SubmitButton";
import { useCallMessage } from "../forms/useCallMessage";
import { useForm } from "../forms/useForm";
import { useT } from "../render-context";

/** A recovery code with spaces is the longest answer the server takes (shared/schemas/mfa). */
const MAX_CODE_LENGTH = 32;

/** Props: the button's text and look, an optional hint, and the call the code goes to. */
export interface CodeActionFormProps {
  submitLabel: string;
  hint?: string;
  variant?: "primary" | "danger" | "default";
  onSubmit: (code: string) => Promise<void>;
}

/**
 * A factor change that must prove the factor is at hand (removing the authenticator app, new
 * recovery codes): one code field and one button; a refused code is said beside the field.
 */
export function CodeActionForm({ submitLabel, hint, variant = "default", onSubmit }: CodeActionFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ code: "" });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const code = form.values.code.trim();
    if (code === "") return form.showErrors({ code: t("validation:required") });
    try {
      await onSubmit(code);
      form.setValue("code", "");
    } catch (error) {
      form.setValue("code", "");
      setFailure(messageFor(error));
    }
  });

  return (
    <form className="form mfa-code-form" noValidate onSubmit={submit}>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField
        label={t("profile:mfa.code")}
        hint={hint ? `${t("profile:mfa.codeHint")} ${hint}` : t("profile:mfa.codeHint")}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={MAX_CODE_LENGTH}
        required
        {...form.bind("code")}
      />
      <div className="form-actions">
        <SubmitButton busy={form.busy} variant={variant}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
