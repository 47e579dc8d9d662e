import { createApiClient } from "../../shared/api/client";
import { PersonalDetailsForm, type PersonalDetails } from "../components/forms/PersonalDetailsForm";
import { useT } from "../components/render-context";

/** The editable part of the signed-in admin. */
export type EditableProfile = PersonalDetails;

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
  return (
    <PersonalDetailsForm
      initial={profile}
      timezones={timezones}
      ownAccount
      failureFallback="profileUpdateFailed"
      texts={{
        firstName: t("profile:fields.firstName"),
        lastName: t("profile:fields.lastName"),
        language: t("profile:fields.language"),
        timezone: t("profile:fields.timezone"),
        submit: t("profile:details.submit"),
        saved: t("errors:profileUpdate200"),
      }}
      save={async (details) => {
        const me = await createApiClient({ csrfToken }).updateMe(details);
        if (me.lang === profile.lang) return me;
        window.location.reload();
        return null;
      }}
    />
  );
}
