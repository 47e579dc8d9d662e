import { Island } from "../../components/Island";
import { NeedsScript } from "../../components/forms/NeedsScript";
import { useT } from "../../components/render-context";
import { SignUpForm } from "../../islands/SignUpForm";

/** Props of /signup/{lang}: the captcha kind, the time zones offered and whether sign-up is open. */
export interface SignUpPageProps {
  lang: string;
  captcha: "altcha" | "off";
  timezones: string[];
  registrationEnabled: boolean;
}

/**
 * The registration page body (SPEC §3 registration payload). When self-registration is off the
 * page says so and sends no form and no script.
 */
export function SignUpPage({ lang, captcha, timezones, registrationEnabled }: SignUpPageProps) {
  const t = useT();
  if (!registrationEnabled) {
    return (
      <div className="form">
        <p className="notice" role="note">
          {t("auth:signup.disabled")}
        </p>
        <p className="form-links">
          <a href={`/signin/${lang}`}>{t("auth:forgot.back")}</a>
        </p>
      </div>
    );
  }
  return (
    <>
      <NeedsScript />
      <Island name="SignUpForm" component={SignUpForm} props={{ lang, captcha, timezones }} namespaces={["auth", "validation"]} />
    </>
  );
}
