import { useT } from "../render-context";
import { Alert } from "./Alert";
import { TakesFocus } from "./TakesFocus";

/** The "Back to sign in" link every public form ends with. */
export function BackToSignIn({ lang }: { lang: string }) {
  const t = useT();
  return (
    <p className="form-links">
      <a href={`/signin/${lang}`}>{t("auth:forgot.back")}</a>
    </p>
  );
}

/** What a public form becomes once it succeeded: the success message and the way back. */
export function PublicFormDone({ lang, message }: { lang: string; message: string }) {
  return (
    <TakesFocus className="form">
      <Alert variant="success">{message}</Alert>
      <BackToSignIn lang={lang} />
    </TakesFocus>
  );
}
