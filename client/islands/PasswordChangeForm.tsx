import { z } from "zod";
import { createApiClient } from "../../shared/api/client";
import { sha512Hex } from "../../shared/crypto";
import { str } from "../../shared/schemas/builders";
import { V } from "../../shared/schemas/messages";
import { password, passwordConfirmation, repeatedPassword } from "../../shared/schemas/primitives";
import { PasswordField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";

/** Props of the password-change island. */
export interface PasswordChangeFormProps {
  csrfToken: string;
}

/** Current password (any), a new one under the shared rules, its confirmation, and a real change. */
const PasswordChangeFormSchema = z
  .object({ current: str().min(1, { error: V.required }), password, confirmPassword: repeatedPassword })
  .superRefine(passwordConfirmation("password", "confirmPassword"))
  .superRefine((value, ctx) => {
    if (value.current !== "" && value.current === value.password) {
      ctx.addIssue({ code: "custom", message: V.passwordUnchanged, path: ["password"], input: value.password });
    }
  });

const EMPTY = { current: "", password: "", confirmPassword: "" };

/**
 * My profile → password: both passwords are hashed before sending. The server ends every other
 * session and token and re-issues this one, so the admin stays signed in here.
 */
export function PasswordChangeForm({ csrfToken }: PasswordChangeFormProps) {
  const t = useT();
  const { outcome, clear, succeed, fail } = useOutcome();
  const form = useForm(EMPTY);

  const submit = form.handleSubmit(async () => {
    clear();
    const checked = validateForm(PasswordChangeFormSchema, form.values, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    try {
      const [current, next] = await Promise.all([sha512Hex(checked.data.current), sha512Hex(checked.data.password)]);
      await createApiClient({ csrfToken }).changePassword({ password: current, new_password: next });
      form.setValues(EMPTY);
      succeed(t("errors:passwordChange200"));
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form id={form.id} className="form" method="post" noValidate onSubmit={submit}>
      <OutcomeAlert outcome={outcome} successNote={<span className="alert-note">{t("profile:password.otherSessions")}</span>} />
      <PasswordField label={t("profile:fields.currentPassword")} autoComplete="current-password" required {...form.bind("current")} />
      <div className="form-row">
        <PasswordField
          label={t("profile:fields.newPassword")}
          hint={t("profile:password.rules")}
          autoComplete="new-password"
          required
          {...form.bind("password")}
        />
        <PasswordField label={t("profile:fields.confirmPassword")} autoComplete="new-password" required {...form.bind("confirmPassword")} />
      </div>
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("profile:password.submit")}</SubmitButton>
      </div>
    </form>
  );
}
