import { useState } from "react";
import { createApiClient } from "../../shared/api/client";
import { maxLength } from "../../shared/limits";
import { obj } from "../../shared/schemas/builders";
import { usernameViaEmail } from "../../shared/schemas/primitives";
import { Alert } from "../components/forms/Alert";
import { TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";
import { BackToSignIn, PublicFormDone } from "../components/forms/BackToSignIn";

/** Props of the forgot-password island. */
export interface ForgotPasswordFormProps {
  lang: string;
}

/** The reset link is e-mailed, so the form asks for the account's e-mail address. */
const ForgotPasswordSchema = obj({ username: usernameViaEmail });

/**
 * /forgot-password/{lang}: asks for a reset link. The server answers the same whether or not the
 * account exists (no account enumeration), so success always reads "reset sent".
 */
export function ForgotPasswordForm({ lang }: ForgotPasswordFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ username: "" });
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const checked = validateForm(ForgotPasswordSchema, { username: form.values.username.trim() }, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    try {
      await createApiClient().reset(checked.data);
      setSent(true);
    } catch (error) {
      setFailure(messageFor(error));
    }
  });

  if (sent) {
    return <PublicFormDone lang={lang} message={t("errors:reset200")} />;
  }

  return (
    <form id={form.id} className="form" method="post" noValidate onSubmit={submit}>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField
        type="email"
        label={t("auth:fields.email")}
        required
        maxLength={maxLength.username}
        autoComplete="username"
        spellCheck={false}
        {...form.bind("username")}
      />
      <SubmitButton busy={form.busy} block>
        {t("auth:forgot.submit")}
      </SubmitButton>
      <BackToSignIn lang={lang} />
    </form>
  );
}
