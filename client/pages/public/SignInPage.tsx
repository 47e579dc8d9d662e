import { maxLength } from "../../../shared/limits";
import { TextField } from "../../components/forms/Field";
import { useT } from "../../components/render-context";

/** The sign-in form of /signin/{lang}. */
export function SignInPage({ lang, next }: { lang: string; next: string | null }) {
  const t = useT();
  return (
    <form className="form" method="post" action={`/signin/${lang}`} noValidate>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <TextField
        id="username"
        name="username"
        label={t("auth:fields.username")}
        autoComplete="username"
        required
        maxLength={maxLength.username}
      />
      <TextField
        id="password"
        name="password"
        type="password"
        label={t("auth:fields.password")}
        autoComplete="current-password"
        required
      />
      <button type="submit" className="button button-primary button-block">
        {t("auth:signin.submit")}
      </button>
      <p className="form-links">
        <a href={`/forgot-password/${lang}`}>{t("auth:signin.forgot")}</a>
        <a href={`/signup/${lang}`}>{t("auth:signin.signup")}</a>
      </p>
    </form>
  );
}
