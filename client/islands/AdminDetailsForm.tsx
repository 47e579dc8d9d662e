import { createAdminsApi } from "../../shared/api/admins";
import { PersonalDetailsForm, type PersonalDetails } from "../components/forms/PersonalDetailsForm";
import { useT } from "../components/render-context";

/** Props of the admin-details island: whose details, their current values and the zones offered. */
export interface AdminDetailsFormProps {
  csrfToken: string;
  uid: string;
  details: PersonalDetails;
  timezones: string[];
}

/** Another admin's profile → personal details: name, console language and time zone (`PUT /v2/admin`). */
export function AdminDetailsForm({ csrfToken, uid, details, timezones }: AdminDetailsFormProps) {
  const t = useT();
  return (
    <PersonalDetailsForm
      initial={details}
      timezones={timezones}
      ownAccount={false}
      texts={{
        firstName: t("admins:create.firstName"),
        lastName: t("admins:create.lastName"),
        language: t("admins:profile.language"),
        timezone: t("admins:profile.timezone"),
        submit: t("admins:details.submit"),
        saved: t("errors:adminEdit200"),
      }}
      save={(checked) => createAdminsApi({ csrfToken }).update({ uid, ...checked })}
    />
  );
}
