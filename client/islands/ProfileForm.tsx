import { useState } from "react";
import { createApiClient } from "../../shared/api/client";
import { languages, maxLength } from "../../shared/limits";
import { ProfileUpdateSchema } from "../../shared/schemas/admin";
import { Alert } from "../components/forms/Alert";
import { SelectField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";

/** The editable part of the signed-in admin. */
export interface EditableProfile {
  firstName: string;
  lastName: string;
  lang: string;
  timezone: string;
}

/** Props of the profile island: current values, the session's CSRF token and the zones offered. */
export interface ProfileFormProps {
  profile: EditableProfile;
  csrfToken: string;
  timezones: string[];
}

/**
 * My profile → personal details: name, console language and time zone (the session claims an
 * admin may change). A new language reloads the page so the whole console switches to it.
 */
export function ProfileForm({ profile, csrfToken, timezones }: ProfileFormProps) {
  const t = useT();
  const messageFor = useCallMessage({ fallback: "profileUpdateFailed" });
  const form = useForm({ ...profile });
  const [saved, setSaved] = useState(profile);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const zones = timezones.includes(profile.timezone) ? timezones : [profile.timezone, ...timezones];

  const submit = form.handleSubmit(async () => {
    setOutcome(null);
    const checked = validateForm(ProfileUpdateSchema, form.values, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    try {
      const me = await createApiClient({ csrfToken }).updateMe(checked.data);
      if (me.lang !== saved.lang) {
        window.location.reload();
        return;
      }
      const next = { firstName: me.firstName, lastName: me.lastName, lang: me.lang, timezone: me.timezone };
      setSaved(next);
      form.setValues(next);
      setOutcome({ ok: true, text: t("errors:profileUpdate200") });
    } catch (error) {
      setOutcome({ ok: false, text: messageFor(error) });
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      {outcome ? <Alert variant={outcome.ok ? "success" : "error"}>{outcome.text}</Alert> : null}
      <div className="form-row">
        <TextField label={t("profile:fields.firstName")} required maxLength={maxLength.firstName} autoComplete="given-name" {...form.bind("firstName")} />
        <TextField label={t("profile:fields.lastName")} required maxLength={maxLength.lastName} autoComplete="family-name" {...form.bind("lastName")} />
      </div>
      <div className="form-row">
        <SelectField
          label={t("profile:fields.language")}
          required
          options={languages.map((lang) => ({ value: lang, label: t(`common:language.${lang}`) }))}
          {...form.bind("lang")}
        />
        <SelectField
          label={t("profile:fields.timezone")}
          required
          options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))}
          {...form.bind("timezone")}
        />
      </div>
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("profile:details.submit")}</SubmitButton>
      </div>
    </form>
  );
}
