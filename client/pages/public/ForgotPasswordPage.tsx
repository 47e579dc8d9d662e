import { maxLength } from "../../../shared/limits";
import { TextField } from "../../components/forms/Field";
import { useT } from "../../components/render-context";

/** /forgot-password/{lang}: asks for the username a reset link is sent to. */
export function ForgotPasswordPage({ lang }: { lang: string }) {
  const t = useT();
  return (
    <form className="form" method="post" action={`/forgot-password/${lang}`} noValidate>
      <p className="form-intro">{t("auth:forgot.intro")}</p>
      <TextField id="username" name="username" type="email" label={t("auth:fields.email")} required maxLength={maxLength.username} autoComplete="username" />
      <button type="submit" className="button button-primary button-block">
        {t("auth:forgot.submit")}
      </button>
      <p className="form-links">
        <a href={`/signin/${lang}`}>{t("auth:forgot.back")}</a>
      </p>
    </form>
  );
}
