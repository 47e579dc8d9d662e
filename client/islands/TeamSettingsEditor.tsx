import { useState, type FormEvent } from "react";
import { isApiError } from "../../shared/api/errors";
import { createTeamsApi } from "../../shared/api/teams";
import { maxLength } from "../../shared/limits";
import { CustomSettingsInputSchema, OVERRIDABLE_SETTINGS_GROUPS, type OverridableSettingsGroup } from "../../shared/schemas/customSettings";
import { toI18nKey, validationKeyOf, validationMessageParams, type IssueLike } from "../../shared/schemas/messages";
import { Alert } from "../components/forms/Alert";
import { CheckboxField } from "../components/forms/ChoiceFields";
import { SubmitButton } from "../components/forms/SubmitButton";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { useT, type Translate } from "../components/render-context";
import { flatten, groupFields, patchOf } from "../components/settings/fieldModel";
import { OverrideField } from "../components/teams/OverrideField";

/** Props of the custom-settings editor: the team, its current overrides and the system values beside them. */
export interface TeamSettingsEditorProps {
  slug: string;
  customSettings: Record<string, unknown>;
  /** The system settings of the groups a team may override (secrets masked): an override starts from them. */
  system: Partial<Record<OverridableSettingsGroup, Record<string, unknown>>>;
  csrfToken: string;
}

/** The overrides object of a team, group by group. */
type Overrides = Partial<Record<OverridableSettingsGroup, Record<string, unknown>>>;

/** Fields edited here: every overridable one (the TURN relay's password is write-only: blank keeps it). */
const editable = (group: OverridableSettingsGroup) => groupFields(group);

/** The zod issues a 400 envelope carries, when it has them. */
function detailIssues(error: unknown): (IssueLike & { path: PropertyKey[] })[] {
  if (!isApiError(error) || !Array.isArray(error.details)) return [];
  const details: readonly unknown[] = error.details;
  return details.filter(
    (d): d is IssueLike & { path: PropertyKey[] } =>
      typeof d === "object" && d !== null && "message" in d && "path" in d && Array.isArray(d.path),
  );
}

/** Issues as messages keyed `group.field` (the path after `skip` leading parts); one without a field is the form's. */
function errorsOf(issues: readonly (IssueLike & { path?: readonly PropertyKey[] })[], t: Translate, skip = 0): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).slice(skip).map(String);
    const key = path.length >= 2 ? `${path[0]}.${path[1]}` : "";
    out[key] ??= t(toI18nKey(validationKeyOf(issue)), validationMessageParams(issue));
  }
  return out;
}

/**
 * Team → custom settings as typed fields, like /settings: each overridable setting has an
 * 'Override' switch; switched on, its field (a checkbox, a number, a text or the sub-fields of a
 * banner) starts from the team's value, else the system's. The overrides are checked with the
 * shared schema before `PUT v2/team/settings`; each problem is shown on its field. A TURN relay
 * override's password is write-only: left blank, the server keeps the stored one.
 */
export function TeamSettingsEditor({ slug, customSettings, system, csrfToken }: TeamSettingsEditorProps) {
  const t = useT();
  const { outcome, clear, succeed, fail } = useOutcome();
  const current = customSettings as Overrides;
  const [on, setOn] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(
      OVERRIDABLE_SETTINGS_GROUPS.flatMap((group) =>
        editable(group).map((field) => [`${group}.${field}`, current[group]?.[field] !== undefined]),
      ),
    ),
  );
  const [values, setValues] = useState<Record<OverridableSettingsGroup, Record<string, string>>>(
    () =>
      Object.fromEntries(
        OVERRIDABLE_SETTINGS_GROUPS.map((group) => [group, flatten(group, { ...(system[group] ?? {}), ...(current[group] ?? {}) })]),
      ) as Record<OverridableSettingsGroup, Record<string, string>>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  /** The overrides the form describes: the switched-on fields, typed (a TURN password left blank is kept by the server). */
  const overridesOf = (): Overrides => {
    const out: Overrides = {};
    for (const group of OVERRIDABLE_SETTINGS_GROUPS) {
      const typed = patchOf(group, {}, values[group]);
      const chosen: Record<string, unknown> = {};
      for (const field of editable(group)) if (on[`${group}.${field}`]) chosen[field] = typed[field];
      if (Object.keys(chosen).length > 0) out[group] = chosen;
    }
    return out;
  };
  const turnPasswordSet = (current.calling?.turn as { passwordSet?: boolean } | null | undefined)?.passwordSet === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    clear();
    const checked = CustomSettingsInputSchema.safeParse(overridesOf());
    if (!checked.success) {
      setErrors(errorsOf(checked.error.issues, t));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await createTeamsApi({ csrfToken }).updateSettings({ slug, customSettings: checked.data });
      succeed(t("errors:teamSettings200"), { reload: true });
    } catch (error) {
      setErrors(errorsOf(detailIssues(error), t, 1));
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form team-overrides-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="form-intro">{t("teams:settings.typedIntro", { max: maxLength.customSettings })}</p>
      <OutcomeAlert outcome={outcome} />
      {errors[""] ? <Alert variant="error">{errors[""]}</Alert> : null}
      {OVERRIDABLE_SETTINGS_GROUPS.map((group) => (
        <fieldset key={group} className="form-section">
          <legend className="form-section-title">{t(`settings:groups.${group}`)}</legend>
          {editable(group).map((field) => {
            const key = `${group}.${field}`;
            const label = t(`settings:fields.${group}.${field}`);
            return (
              <div key={key} className="override-item" data-override-field={key}>
                <CheckboxField
                  name={`${key}.on`}
                  label={t("teams:settings.override", { setting: label })}
                  checked={on[key] === true}
                  onChange={(checked) => setOn((prev) => ({ ...prev, [key]: checked }))}
                />
                {on[key] ? (
                  <OverrideField
                    group={group}
                    field={field}
                    label={label}
                    values={values[group]}
                    error={errors[key]}
                    passwordSet={field === "turn" && turnPasswordSet}
                    onChange={(name, value) => setValues((prev) => ({ ...prev, [group]: { ...prev[group], [name]: value } }))}
                  />
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ))}
      <div className="form-actions">
        <SubmitButton busy={busy}>{t("teams:settings.save")}</SubmitButton>
      </div>
    </form>
  );
}
