import { createAdminsApi } from "../../shared/api/admins";
import { PersonalDetailsForm, type PersonalDetails } from "../components/forms/PersonalDetailsForm";
import { useT } from "../components/render-context";

/** Props of the admin-details island: whose details, their current values and the zones offered. */
export interface AdminDetailsFormProps {
  csrfToken: string;
  uid: string;
  details: PersonalDetails;
  timezones: string[];
  /** The admin's access level when the viewer may change it (root, #31); absent: not in the form. */
  accessLevel?: number | null;
}

/**
 * Another admin's profile → personal details: name, console language, time zone and, for a root
 * viewer, the access level (`PUT /v2/admin`).
 */
export function AdminDetailsForm({ csrfToken, uid, details, timezones, accessLevel }: AdminDetailsFormProps) {
  const t = useT();
  return (
    <PersonalDetailsForm
      initial={details}
      timezones={timezones}
      ownAccount={false}
      accessLevel={accessLevel}
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
