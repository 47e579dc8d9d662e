import { useState } from "react";
import { createMfaSignInApi } from "../../../shared/api/mfa";
import { PasskeySignInButton } from "./PasskeySignInButton";
import { Alert } from "../forms/Alert";
import { TextField } from "../forms/Field";
import { SubmitButton } from "../forms/SubmitButton";
import { useCallMessage } from "../forms/useCallMessage";
import { useForm } from "../forms/useForm";
import { useT } from "../render-context";
import { describeBrowser } from "../../lib/browser";

/** A recovery code with spaces is the longest answer the server takes (shared/schemas/mfa). */
const MAX_CODE_LENGTH = 32;

/** Props of the sign-in second step: the page language, where to go after, and the first step's challenge. */
export interface MfaChallengeFormProps {
  lang: string;
  next: string | null;
  challenge: string;
  /** Whether the admin has a passkey: "Use a passkey" is offered next to the code field. */
  passkey?: boolean;
}

/** Only a same-origin path is followed after sign-in, whatever the server answered. */
function safeRedirect(redirect: string): string {
  return redirect.startsWith("/") && !redirect.startsWith("//") && !redirect.startsWith("/\\") ? redirect : "/dashboard";
}

/**
 * The sign-in second step (issue #29): shown by SignInForm in its place when the password step
 * answered `mfaRequired`. Takes a code of the authenticator app or a recovery code, posts it with
 * the challenge to POST /signin/{lang}/mfa and follows the redirect; the session starts only there.
 * An admin with a passkey may use it instead (PasskeySignInButton).
 */
export function MfaChallengeForm({ lang, next, challenge, passkey = false }: MfaChallengeFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ code: "" });
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const code = form.values.code.trim();
    if (code === "") return form.showErrors({ code: t("validation:required") });
    try {
      const { redirect } = await createMfaSignInApi().browser(lang, {
        challenge,
        code,
        browser: describeBrowser(navigator.userAgent),
        next,
      });
      window.location.assign(safeRedirect(redirect));
    } catch (error) {
      form.setValue("code", "");
      setFailure(messageFor(error));
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <p>{t("auth:mfa.intro")}</p>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField
        label={t("auth:mfa.code")}
        hint={t("auth:mfa.recoveryHint")}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        maxLength={MAX_CODE_LENGTH}
        {...form.bind("code")}
      />
      <SubmitButton busy={form.busy} block>
        {t("auth:mfa.submit")}
      </SubmitButton>
      {passkey ? (
        <PasskeySignInButton
          lang={lang}
          next={next}
          challenge={challenge}
          onFailure={setFailure}
          onDone={(redirect) => window.location.assign(safeRedirect(redirect))}
        />
      ) : null}
      <p className="form-links">
        <a href={`/signin/${lang}`}>{t("auth:mfa.back")}</a>
      </p>
    </form>
  );
}
