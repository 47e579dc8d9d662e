import type { CatalogueCode } from "../../../shared/errors";
import { languages, maxLength } from "../../../shared/limits";
import { ProfileUpdateSchema, type ProfileUpdateReq } from "../../../shared/schemas/admin";
import { accessLevel as accessLevelRule } from "../../../shared/schemas/accessLevel";
import { AccessLevelField, accessLevelChoice, accessLevelOfChoice } from "./AccessLevelField";
import { useT } from "../render-context";
import { SelectField, TextField } from "./Field";
import { SubmitButton } from "./SubmitButton";
import { OutcomeAlert, useOutcome } from "./useOutcome";
import { useForm } from "./useForm";
import { validateForm } from "./validation";

/** An admin's name, console language and time zone: what the own-profile and admin-details forms both edit (a type alias, so useForm takes it as string values). */
export type PersonalDetails = {
  firstName: string;
  lastName: string;
  lang: string;
  timezone: string;
};

/**
 * The translated texts of the form. Each page passes its own namespace's wording (My profile
 * says `profile:…`, another admin's profile `admins:…`), so the form keeps no keys of its own.
 */
export interface PersonalDetailsTexts {
  firstName: string;
  lastName: string;
  language: string;
  timezone: string;
  submit: string;
  /** The success message shown after a save. */
  saved: string;
}

/** Props of {@link PersonalDetailsForm}: what differs between one's own details and another admin's. */
export interface PersonalDetailsFormProps {
  initial: PersonalDetails;
  /** The zones offered; the current one is added first when the list lacks it, so saving keeps it. */
  timezones: readonly string[];
  texts: PersonalDetailsTexts;
  /** One's own names may be autofilled by the browser (given-name / family-name); another admin's may not. */
  ownAccount: boolean;
  /** A form-specific text for a generic failure (see useCallMessage). */
  failureFallback?: CatalogueCode;
  /**
   * Sends the checked values; resolves with the details as stored (shown in the form with the
   * success message), or with null when the page is being reloaded and nothing should be shown.
   */
  save: (details: ProfileUpdateReq & { accessLevel?: number | null }) => Promise<PersonalDetails | null>;
  /** Another admin's access level, when the viewer may change it (root, #31); absent: not in the form. */
  accessLevel?: number | null | undefined;
}

/** The form's schema: the four fields, and the access level when the form carries it. */
const WithAccessLevelSchema = ProfileUpdateSchema.extend({ accessLevel: accessLevelRule });

/** The four edited fields of anything that carries them (an API reply has more). */
function pick({ firstName, lastName, lang, timezone }: PersonalDetails): PersonalDetails {
  return { firstName, lastName, lang, timezone };
}

/**
 * The personal-details form shared by My profile (`PUT /v2/me`) and another admin's profile
 * (`PUT /v2/admin`): the same fields, validation and outcome message, so both stay alike.
 * Validated with ProfileUpdateSchema, which is exactly these four fields.
 */
export function PersonalDetailsForm({
  initial,
  timezones,
  texts,
  ownAccount,
  failureFallback,
  save,
  accessLevel,
}: PersonalDetailsFormProps) {
  const t = useT();
  const { outcome, clear, succeed, fail } = useOutcome({ fallback: failureFallback });
  const withLevel = accessLevel !== undefined;
  const form = useForm({ ...pick(initial), accessLevel: accessLevelChoice(accessLevel ?? null) });
  const zones = timezones.includes(initial.timezone) ? timezones : [initial.timezone, ...timezones];

  const submit = form.handleSubmit(async () => {
    clear();
    const { accessLevel: choice, ...details } = form.values;
    const checked = withLevel
      ? validateForm(WithAccessLevelSchema, { ...details, accessLevel: accessLevelOfChoice(choice) }, t)
      : validateForm(ProfileUpdateSchema, details, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    try {
      const stored = await save(checked.data);
      if (!stored) return;
      form.setValues({ ...pick(stored), accessLevel: choice });
      // Reloaded: the header's name and the profile's cards show what the server now holds.
      succeed(texts.saved, { reload: true });
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <OutcomeAlert outcome={outcome} />
      <div className="form-row">
        <TextField
          label={texts.firstName}
          required
          maxLength={maxLength.firstName}
          autoComplete={ownAccount ? "given-name" : "off"}
          {...form.bind("firstName")}
        />
        <TextField
          label={texts.lastName}
          required
          maxLength={maxLength.lastName}
          autoComplete={ownAccount ? "family-name" : "off"}
          {...form.bind("lastName")}
        />
      </div>
      <div className="form-row">
        <SelectField
          label={texts.language}
          required
          options={languages.map((lang) => ({ value: lang, label: t(`common:language.${lang}`) }))}
          {...form.bind("lang")}
        />
        <SelectField
          label={texts.timezone}
          required
          options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))}
          {...form.bind("timezone")}
        />
      </div>
      {withLevel ? (
        <div className="form-row">
          <AccessLevelField {...form.bind("accessLevel")} disabled={form.busy} />
        </div>
      ) : null}
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{texts.submit}</SubmitButton>
      </div>
    </form>
  );
}
