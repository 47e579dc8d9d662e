import { useState, type ReactNode } from "react";
import { createSettingsApi } from "../../shared/api/settings";
import { isApiError } from "../../shared/api/errors";
import type { SettingsGroup } from "../../shared/schemas/settings";
import { toI18nKey, validationKeyOf, type IssueLike } from "../../shared/schemas/messages";
import { CheckboxField, TextAreaField } from "../components/forms/ChoiceFields";
import { PasswordField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { useForm } from "../components/forms/useForm";
import { useT } from "../components/render-context";
import { defaultText, fieldKind, flatten, groupFields, patchOf, subFields } from "../components/settings/fieldModel";
import { SettingsFilter } from "../components/settings/SettingsFilter";
import { settingAnchor } from "../components/settings/tabs";
import { forgetUnsaved, useUnsavedWarning } from "../components/settings/useUnsavedWarning";
import { reloadWithStatus } from "../components/status/pageStatus";

/** Props of one settings tab's form: the group, its values as GET answers them, the CSRF token. */
export interface SettingsFormProps {
  group: SettingsGroup;
  values: Record<string, unknown>;
  csrfToken: string;
  /** The page's first form carries the filter over every setting's name. */
  filter?: boolean;
}

/** The field errors of a 400, keyed like the form (`warningBanner.en`). */
function errorsOf(error: unknown, t: (key: string) => string): Record<string, string> {
  if (!isApiError(error) || !Array.isArray(error.details)) return {};
  const out: Record<string, string> = {};
  for (const d of error.details as (IssueLike & { path?: PropertyKey[] })[]) {
    if (d && Array.isArray(d.path)) out[d.path.map(String).join(".")] = t(toI18nKey(validationKeyOf(d)));
  }
  return out;
}

/**
 * One settings group (a tab of /settings, or the /apps page) with its own save: every field with
 * its default and a one-line help text, each block anchored for the filter's links. The save bar
 * sticks to the bottom of the screen while the form is in view and says, beside Save, whether
 * there are unsaved changes and what the last save changed; leaving with unsaved changes asks
 * first. Saving sends only the fields changed (`PUT /v2/settings/<group>`); a 400 marks each
 * field the server named. The TURN password is write-only.
 */
export function SettingsForm({ group, values, csrfToken, filter = false }: SettingsFormProps) {
  const t = useT();
  const { outcome, clear, fail } = useOutcome();
  const form = useForm(flatten(group, values));
  /** What the server holds, as form strings: the last save moves it. */
  const [baseline, setBaseline] = useState(() => flatten(group, values));
  const [saved, setSaved] = useState<string | null>(null);
  const dirty = Object.keys(patchOf(group, baseline, form.values)).length > 0;
  const unsavedPrompt = useUnsavedWarning(dirty, t("settings:unsaved.confirm"));
  const label = (field: string) => t(`settings:fields.${group}.${field}`);
  const help = (field: string) => {
    // Not every field has a help text: a missing one is empty, not the key (i18next answers a
    // missing key without its namespace, so comparing with `key` never matched: /apps showed them).
    const text = t(`settings:help.${group}.${field}`, { defaultValue: "" });
    const def = defaultText(group, field);
    const shown =
      def === null ? null : t("settings:default", { value: def === "true" ? t("settings:on") : def === "false" ? t("settings:off") : def });
    return [text, shown].filter(Boolean).join(" ") || undefined;
  };

  const submit = form.handleSubmit(async () => {
    clear();
    setSaved(null);
    const patch = patchOf(group, baseline, form.values);
    try {
      const answer = await createSettingsApi({ csrfToken }).update(group, patch);
      const names = answer.changed.map((f) => t(`settings:fields.${group}.${f}`)).join(", ");
      const text = answer.changed.length > 0 ? t("settings:changed", { fields: names }) : t("settings:unchanged");
      // Certificates are described by the server: that page reloads to show them.
      if (group === "certs" && answer.changed.length > 0) {
        forgetUnsaved();
        reloadWithStatus(text);
        return;
      }
      setBaseline(form.values);
      setSaved(text);
    } catch (error) {
      const errors = errorsOf(error, t);
      if (Object.keys(errors).length > 0) form.showErrors(errors);
      fail(error);
    }
  });

  const text = (name: string, fieldLabel: string, hint?: string, multiline = false): ReactNode =>
    multiline ? (
      <TextAreaField
        key={name}
        label={fieldLabel}
        hint={hint}
        name={name}
        rows={4}
        value={form.values[name] ?? ""}
        error={form.errors[name]}
        onChange={(e) => form.setValue(name, e.target.value)}
      />
    ) : (
      <TextField key={name} label={fieldLabel} hint={hint} {...form.bind(name)} />
    );

  const fields = groupFields(group).map((field) => (
    <div key={field} id={settingAnchor(group, field)} className="setting-item">
      {fieldOf(field)}
    </div>
  ));

  function fieldOf(field: string): ReactNode {
    const kind = fieldKind(group, field);
    if (kind === "boolean") {
      return (
        <CheckboxField
          key={field}
          name={field}
          label={label(field)}
          hint={help(field)}
          error={form.errors[field]}
          checked={form.values[field] === "true"}
          onChange={(on) => form.setValue(field, String(on))}
        />
      );
    }
    if (kind === "object" || kind === "turn") {
      const enabled = kind !== "turn" || form.values["turn.enabled"] === "true";
      const subs = kind === "turn" ? ["url", "username"] : subFields(group, field);
      return (
        <fieldset key={field} className="fieldset">
          <legend>{label(field)}</legend>
          {help(field) ? <p className="field-hint">{help(field)}</p> : null}
          {kind === "turn" ? (
            <CheckboxField
              name="turn.enabled"
              label={t("settings:turnEnabled")}
              checked={enabled}
              onChange={(on) => form.setValue("turn.enabled", String(on))}
            />
          ) : null}
          {enabled ? subs.map((sub) => text(`${field}.${sub}`, t(`settings:sub.${sub}`), undefined, field === "warningBanner")) : null}
          {kind === "turn" && enabled ? (
            <PasswordField
              label={t("settings:sub.password")}
              hint={t(
                values.turn && (values.turn as { passwordSet?: boolean }).passwordSet ? "settings:passwordSet" : "settings:passwordNotSet",
              )}
              autoComplete="new-password"
              {...form.bind("turn.password")}
            />
          ) : null}
        </fieldset>
      );
    }
    if (kind === "secretPem") {
      const set = values[`${field}Set`] === true;
      return text(
        field,
        label(field),
        [help(field), t(set ? "settings:serverKeySet" : "settings:serverKeyNotSet")].filter(Boolean).join(" "),
        true,
      );
    }
    if (kind === "number")
      return <TextField key={field} label={label(field)} hint={help(field)} inputMode="numeric" {...form.bind(field)} />;
    return text(field, label(field), help(field), kind === "multiline" || kind === "pem");
  }

  return (
    <>
      {filter ? <SettingsFilter /> : null}
      <form className="form settings-form" noValidate onSubmit={submit} aria-label={t(`settings:groups.${group}`)}>
        {fields}
        <div className="form-actions settings-save-bar">
          <SubmitButton busy={form.busy}>{t("settings:save")}</SubmitButton>
          <div className="settings-save-state">
            <OutcomeAlert outcome={outcome} />
            <p role="status" className={saved && !dirty ? "settings-saved" : "settings-dirty"}>
              {dirty ? t("settings:unsaved.notice") : (saved ?? "")}
            </p>
          </div>
        </div>
      </form>
      {unsavedPrompt}
    </>
  );
}
