import { z } from "zod";
import { useState } from "react";
import { createApiClient } from "../../shared/api/client";
import { isMfaRequired } from "../../shared/api/mfa";
import { sha512Hex } from "../../shared/crypto";
import { maxLength } from "../../shared/limits";
import { str } from "../../shared/schemas/builders";
import { V } from "../../shared/schemas/messages";
import { username } from "../../shared/schemas/primitives";
import { Alert } from "../components/forms/Alert";
import { PasswordField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";
import { describeBrowser } from "../lib/browser";
import { MfaChallengeForm } from "../components/mfa/MfaChallengeForm";

/** Props of the sign-in island: the page language, where to go after, and whether sign-up is offered. */
export interface SignInFormProps {
  lang: string;
  next: string | null;
  registrationEnabled: boolean;
}

/** Sign-in needs any non-empty password (the rules apply when one is chosen, not when it is typed). */
const SignInFormSchema = z.object({
  username,
  password: str().min(1, { error: V.required }),
});

/** Only a same-origin path is followed after sign-in, whatever the server answered. */
function safeRedirect(redirect: string): string {
  return redirect.startsWith("/") && !redirect.startsWith("//") && !redirect.startsWith("/\\") ? redirect : "/dashboard";
}

/**
 * /signin/{lang}: checks the username locally, hashes the password (it never leaves the browser
 * in plain text, SPEC §5), posts to the browser sign-in route and follows its redirect.
 */
export function SignInForm({ lang, next, registrationEnabled }: SignInFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ username: "", password: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<{ token: string; passkey: boolean } | null>(null);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const checked = validateForm(SignInFormSchema, { username: form.values.username.trim(), password: form.values.password }, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    try {
      const password = await sha512Hex(checked.data.password);
      const api = createApiClient();
      const answer = await api.browserSignIn(lang, {
        username: checked.data.username,
        password,
        browser: describeBrowser(navigator.userAgent),
        next,
      });
      // An admin with a second factor has no session yet: the second step takes this form's place.
      if (isMfaRequired(answer)) return setChallenge({ token: answer.challenge, passkey: answer.methods.includes("passkey") });
      window.location.assign(safeRedirect(answer.redirect));
    } catch (error) {
      form.setValue("password", "");
      setFailure(messageFor(error));
    }
  });

  if (challenge) return <MfaChallengeForm lang={lang} next={next} challenge={challenge.token} passkey={challenge.passkey} />;
  return (
    <form id={form.id} className="form" method="post" noValidate onSubmit={submit}>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField
        label={t("auth:fields.username")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={maxLength.username}
        {...form.bind("username")}
      />
      <PasswordField label={t("auth:fields.password")} autoComplete="current-password" required {...form.bind("password")} />
      <SubmitButton busy={form.busy} block>
        {t("auth:signin.submit")}
      </SubmitButton>
      <p className="form-links">
        <a href={`/forgot-password/${lang}`}>{t("auth:signin.forgot")}</a>
        {registrationEnabled ? <a href={`/signup/${lang}`}>{t("auth:signin.signup")}</a> : null}
      </p>
    </form>
  );
}
