import { useState } from "react";
import { createAdminsApi } from "../../shared/api/admins";
import { languages, maxLength } from "../../shared/limits";
import { obj } from "../../shared/schemas/builders";
import { firstName, language, lastName, timezone } from "../../shared/schemas/primitives";
import { Alert } from "../components/forms/Alert";
import { SelectField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";

/** Props of the admin-details island: whose details, their current values and the zones offered. */
export interface AdminDetailsFormProps {
  csrfToken: string;
  uid: string;
  details: { firstName: string; lastName: string; lang: string; timezone: string };
  timezones: string[];
}

const DetailsSchema = obj({ firstName, lastName, lang: language, timezone });

/** Another admin's profile → personal details: name, console language and time zone (`PUT /v2/admin`). */
export function AdminDetailsForm({ csrfToken, uid, details, timezones }: AdminDetailsFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ ...details });
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const zones = timezones.includes(details.timezone) ? timezones : [details.timezone, ...timezones];

  const submit = form.handleSubmit(async () => {
    setOutcome(null);
    const checked = validateForm(DetailsSchema, form.values, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    try {
      const admin = await createAdminsApi({ csrfToken }).update({ uid, ...checked.data });
      form.setValues({ firstName: admin.firstName, lastName: admin.lastName, lang: admin.lang, timezone: admin.timezone });
      setOutcome({ ok: true, text: t("errors:adminEdit200") });
    } catch (error) {
      setOutcome({ ok: false, text: messageFor(error) });
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      {outcome ? <Alert variant={outcome.ok ? "success" : "error"}>{outcome.text}</Alert> : null}
      <div className="form-row">
        <TextField label={t("admins:create.firstName")} required maxLength={maxLength.firstName} autoComplete="off" {...form.bind("firstName")} />
        <TextField label={t("admins:create.lastName")} required maxLength={maxLength.lastName} autoComplete="off" {...form.bind("lastName")} />
      </div>
      <div className="form-row">
        <SelectField label={t("admins:profile.language")} required options={languages.map((l) => ({ value: l, label: t(`common:language.${l}`) }))} {...form.bind("lang")} />
        <SelectField label={t("admins:profile.timezone")} required options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))} {...form.bind("timezone")} />
      </div>
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("admins:details.submit")}</SubmitButton>
      </div>
    </form>
  );
}
