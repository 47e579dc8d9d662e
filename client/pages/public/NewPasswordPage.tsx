import { TextField } from "../../components/forms/Field";
import { useT } from "../../components/render-context";

/**
 * /verify/{lang}/{token} and /reset/{lang}/{token}: choose a password with its confirmation.
 * The token stays in the path; it is never echoed into the page or the log.
 */
export function NewPasswordPage({ lang, mode }: { lang: string; mode: "verify" | "reset" }) {
  const t = useT();
  return (
    <form className="form" method="post" noValidate>
      <p className="form-intro">{t(`auth:${mode}.intro`)}</p>
      <TextField id="new_password" name="new_password" type="password" label={t("auth:fields.newPassword")} hint={t("auth:passwordRules")} required autoComplete="new-password" />
      <TextField id="confirm_password" name="confirm_password" type="password" label={t("auth:fields.confirmPassword")} required autoComplete="new-password" />
      <button type="submit" className="button button-primary button-block">
        {t(`auth:${mode}.submit`)}
      </button>
      <p className="form-links">
        <a href={`/signin/${lang}`}>{t("auth:forgot.back")}</a>
      </p>
    </form>
  );
}
