import { CodeField } from "./CodeField";
import { useT } from "../render-context";

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
  return (
    <CodeField
      className="mfa-code-form"
      label={t("profile:mfa.code")}
      hint={hint ? `${t("profile:mfa.codeHint")} ${hint}` : t("profile:mfa.codeHint")}
      submitLabel={submitLabel}
      variant={variant}
      onCode={onSubmit}
    />
  );
}
