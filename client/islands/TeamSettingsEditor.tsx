import { useId, useState } from "react";
import { isApiError } from "../../shared/api/errors";
import { createTeamsApi } from "../../shared/api/teams";
import { maxLength } from "../../shared/limits";
import { CustomSettingsSchema, OVERRIDABLE_SETTINGS_GROUPS } from "../../shared/schemas/customSettings";
import { toI18nKey, validationKeyOf, validationMessageParams, type IssueLike } from "../../shared/schemas/messages";
import { TextAreaField } from "../components/forms/ChoiceFields";
import { SubmitButton } from "../components/forms/SubmitButton";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { useForm } from "../components/forms/useForm";
import { useT, type Translate } from "../components/render-context";

/** Props of the custom-settings editor: the team and its current overrides. */
export interface TeamSettingsEditorProps {
  slug: string;
  customSettings: Record<string, unknown>;
  csrfToken: string;
}

/** One problem to list: where (a dotted path) and the localized message. */
interface Problem {
  path: string;
  message: string;
}

const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

function problemsOf(
  issues: readonly (IssueLike & { path?: readonly PropertyKey[] })[],
  t: Translate,
  prefix: readonly PropertyKey[] = [],
): Problem[] {
  return issues.map((issue) => {
    const path = (issue.path ?? []).slice(prefix.length).map(String).join(".");
    return { path, message: t(toI18nKey(validationKeyOf(issue)), validationMessageParams(issue)) };
  });
}

/** The zod issues a 400 envelope carries, when it has them. */
function detailIssues(error: unknown): (IssueLike & { path: PropertyKey[] })[] {
  if (!isApiError(error) || !Array.isArray(error.details)) return [];
  const details: readonly unknown[] = error.details;
  return details.filter(
    (d): d is IssueLike & { path: PropertyKey[] } =>
      typeof d === "object" && d !== null && "message" in d && "path" in d && Array.isArray(d.path),
  );
}

/**
 * Team → custom settings: the overrides as JSON in a text area, parsed and checked against the
 * shared settings schemas in the browser (each problem listed with its path) before
 * `PUT v2/team/settings`; the server checks again and its problems are listed the same way.
 */
export function TeamSettingsEditor({ slug, customSettings, csrfToken }: TeamSettingsEditorProps) {
  const t = useT();
  const { outcome, clear, succeed, fail } = useOutcome();
  const form = useForm({ json: pretty(customSettings) });
  const [problems, setProblems] = useState<Problem[]>([]);
  const listId = useId();

  const submit = form.handleSubmit(async () => {
    clear();
    setProblems([]);
    let parsed: unknown;
    try {
      parsed = JSON.parse(form.values.json);
    } catch {
      return form.showErrors({ json: t("teams:settings.invalidJson") });
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      return form.showErrors({ json: t("teams:settings.notObject") });
    const checked = CustomSettingsSchema.safeParse(parsed);
    if (!checked.success) {
      setProblems(problemsOf(checked.error.issues, t));
      return form.showErrors({ json: t("teams:settings.problems") });
    }
    try {
      const team = await createTeamsApi({ csrfToken }).updateSettings({ slug, customSettings: checked.data });
      form.setValues({ json: pretty(team.customSettings) });
      succeed(t("errors:teamSettings200"), { reload: true });
    } catch (error) {
      setProblems(problemsOf(detailIssues(error), t, ["customSettings"]));
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="form-intro">
        {t("teams:settings.intro", { groups: OVERRIDABLE_SETTINGS_GROUPS.join(", "), max: maxLength.customSettings })}
      </p>
      <OutcomeAlert outcome={outcome} />
      <TextAreaField
        label={t("teams:settings.label")}
        name="json"
        rows={10}
        spellCheck={false}
        className="input textarea code-input"
        value={form.values.json}
        error={form.errors.json}
        aria-errormessage={problems.length > 0 ? listId : undefined}
        onChange={(e) => form.setValue("json", e.target.value)}
      />
      {problems.length > 0 ? (
        <ul className="problem-list" id={listId}>
          {problems.map((problem, index) => (
            <li key={`${problem.path}-${index}`}>
              {problem.path ? <code>{problem.path}</code> : null} {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("teams:settings.save")}</SubmitButton>
      </div>
    </form>
  );
}
