import { createMfaSignInApi } from "../../../shared/api/mfa";
import { PasskeySignInButton } from "./PasskeySignInButton";
import { CodeField } from "./CodeField";
import { useT } from "../render-context";
import { describeBrowser } from "../../lib/browser";

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
  return (
    <CodeField
      intro={<p>{t("auth:mfa.intro")}</p>}
      label={t("auth:mfa.code")}
      hint={t("auth:mfa.recoveryHint")}
      submitLabel={t("auth:mfa.submit")}
      block
      autoFocus
      onCode={async (code) => {
        const { redirect } = await createMfaSignInApi().browser(lang, {
          challenge,
          code,
          browser: describeBrowser(navigator.userAgent),
          next,
        });
        window.location.assign(safeRedirect(redirect));
      }}
    >
      {(reportFailure) => (
        <>
          {passkey ? (
            <PasskeySignInButton
              lang={lang}
              next={next}
              challenge={challenge}
              onFailure={reportFailure}
              onDone={(redirect) => window.location.assign(safeRedirect(redirect))}
            />
          ) : null}
          <p className="form-links">
            <a href={`/signin/${lang}`}>{t("auth:mfa.back")}</a>
          </p>
        </>
      )}
    </CodeField>
  );
}
