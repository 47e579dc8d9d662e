import { MyProfilePage } from "../../../client/pages/MyProfilePage";
import { loadMyProfile } from "../../services/admins";
import { factorRequired } from "../../services/mfa";
import { TIMEZONES } from "../timezones";
import type { PageContext, PageResult } from "./types";

/** The signed-in admin's own profile page (/admins/profile/{own uid}). */
export async function ownProfilePage({ services, admin, csrfToken }: PageContext): Promise<PageResult> {
  const profile = await loadMyProfile(services.db, admin.id);
  const mfaRequired = await factorRequired(services, admin.role);
  return {
    titleKey: "pages:titles.myProfile",
    body: <MyProfilePage profile={profile} csrfToken={csrfToken} timezones={[...TIMEZONES]} mfaRequired={mfaRequired} />,
  };
}
