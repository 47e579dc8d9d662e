import { solveChallenge } from "altcha-lib/v1";
import { useEffect, useState } from "react";
import { createApiClient } from "../../shared/api/client";
import type { CaptchaChallenge } from "../../shared/api/responses";
import { maxLength } from "../../shared/limits";
import { RegisterSchema } from "../../shared/schemas/auth";
import { Alert } from "../components/forms/Alert";
import { SelectField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";
import { PublicFormDone } from "../components/forms/BackToSignIn";

/** Props of the sign-up island: the page language, the captcha kind and the time zones offered. */
export interface SignUpFormProps {
  lang: string;
  captcha: "altcha" | "off";
  timezones: string[];
}

/** Everything but the captcha is checked before the proof of work is spent. */
const SignUpFormSchema = RegisterSchema.omit({ captcha: true });

/** Sent as `captcha` when the server runs with CAPTCHA=off (the field is required but then ignored). */
const NO_CAPTCHA = "off";

/** Thrown when the ALTCHA step fails, so the form shows the catalogue's recaptchaError. */
class CaptchaFailure extends Error {
  override name = "CaptchaFailure";
}

/** Solves an ALTCHA challenge and encodes the payload the server verifies (base64 JSON). */
async function solveAltcha(challenge: CaptchaChallenge): Promise<string> {
  const { promise } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  const solution = await promise;
  if (!solution) throw new CaptchaFailure("no ALTCHA solution found");
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }));
}

/**
 * /signup/{lang}: registers a company and its first admin (SPEC §3 registration payload). When
 * the server asks for ALTCHA, the browser fetches a challenge and solves it before submitting.
 */
export function SignUpForm({ lang, captcha, timezones }: SignUpFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ name: "", first_name: "", last_name: "", username: "", country: "", timezone: "" });
  const [phase, setPhase] = useState<"idle" | "captcha" | "sent">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const { setDefault } = form;

  // The browser's zone is only known after hydration; reading it during render would mismatch.
  // A default only: a zone chosen before hydration (adopted by useForm) is kept.
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && timezones.includes(zone)) setDefault("timezone", zone);
  }, [timezones, setDefault]);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const checked = validateForm(SignUpFormSchema, { ...form.values, username: form.values.username.trim(), lang }, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    const api = createApiClient();
    let payload = NO_CAPTCHA;
    if (captcha === "altcha") {
      setPhase("captcha");
      try {
        payload = await solveAltcha(await api.captchaChallenge());
      } catch {
        setPhase("idle");
        return setFailure(t("errors:recaptchaError"));
      }
    }
    try {
      await api.register({ ...checked.data, captcha: payload });
      setPhase("sent");
    } catch (error) {
      setPhase("idle");
      setFailure(messageFor(error));
    }
  });

  if (phase === "sent") {
    return <PublicFormDone lang={lang} message={t("errors:register200")} />;
  }

  return (
    <form id={form.id} className="form" method="post" noValidate onSubmit={submit}>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {phase === "captcha" ? <Alert variant="info">{t("auth:signup.captchaSolving")}</Alert> : null}
      <TextField
        label={t("auth:fields.company")}
        required
        maxLength={maxLength.teamName}
        autoComplete="organization"
        {...form.bind("name")}
      />
      <div className="form-row">
        <TextField
          label={t("auth:fields.firstName")}
          required
          maxLength={maxLength.firstName}
          autoComplete="given-name"
          {...form.bind("first_name")}
        />
        <TextField
          label={t("auth:fields.lastName")}
          required
          maxLength={maxLength.lastName}
          autoComplete="family-name"
          {...form.bind("last_name")}
        />
      </div>
      <TextField
        type="email"
        label={t("auth:fields.email")}
        hint={t("auth:signup.emailHint")}
        required
        maxLength={maxLength.username}
        autoComplete="email"
        spellCheck={false}
        {...form.bind("username")}
      />
      <div className="form-row">
        <TextField
          label={t("auth:fields.country")}
          hint={t("auth:signup.countryHint")}
          required
          minLength={2}
          maxLength={maxLength.country}
          autoComplete="country"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.bind("country", (value) => value.toUpperCase())}
        />
        <SelectField
          label={t("auth:fields.timezone")}
          required
          placeholder={t("auth:signup.timezonePlaceholder")}
          options={timezones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))}
          {...form.bind("timezone")}
        />
      </div>
      {captcha === "altcha" ? (
        <p className="captcha-note" data-captcha="altcha">
          {t("auth:signup.captchaNote")}
        </p>
      ) : null}
      <SubmitButton busy={form.busy} block>
        {t("auth:signup.submit")}
      </SubmitButton>
      <p className="form-links">
        <a href={`/signin/${lang}`}>{t("auth:signup.haveAccount")}</a>
      </p>
    </form>
  );
}
