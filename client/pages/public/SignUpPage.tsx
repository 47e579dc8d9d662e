import { maxLength } from "../../../shared/limits";
import { TextField } from "../../components/forms/Field";
import { useT } from "../../components/render-context";

/** The registration form of /signup/{lang}: the SPEC §3 registration payload. */
export function SignUpPage({ lang }: { lang: string }) {
  const t = useT();
  return (
    <form className="form" method="post" action={`/signup/${lang}`} noValidate>
      <TextField id="name" name="name" label={t("auth:fields.company")} required maxLength={maxLength.teamName} autoComplete="organization" />
      <div className="form-row">
        <TextField id="first_name" name="first_name" label={t("auth:fields.firstName")} required maxLength={maxLength.firstName} autoComplete="given-name" />
        <TextField id="last_name" name="last_name" label={t("auth:fields.lastName")} required maxLength={maxLength.lastName} autoComplete="family-name" />
      </div>
      <TextField id="username" name="username" type="email" label={t("auth:fields.email")} required maxLength={maxLength.username} autoComplete="email" />
      <div className="form-row">
        <TextField id="country" name="country" label={t("auth:fields.country")} required maxLength={maxLength.country} autoComplete="country" />
        <TextField id="timezone" name="timezone" label={t("auth:fields.timezone")} required maxLength={maxLength.timezone} />
      </div>
      <input type="hidden" name="lang" value={lang} />
      <button type="submit" className="button button-primary button-block">
        {t("auth:signup.submit")}
      </button>
      <p className="form-links">
        <a href={`/signin/${lang}`}>{t("auth:signup.haveAccount")}</a>
      </p>
    </form>
  );
}
