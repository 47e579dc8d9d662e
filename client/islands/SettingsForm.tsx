import type { ReactNode } from "react";
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

/** Props of one settings tab's form: the group, its values as GET answers them, the CSRF token. */
export interface SettingsFormProps {
  group: SettingsGroup;
  values: Record<string, unknown>;
  csrfToken: string;
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
 * One settings group (a tab of /settings, or the /apps page): every field with its default and a
 * one-line help text. Saving sends only the fields changed (`PUT /v2/settings/<group>`) and says
 * which changed; a 400 marks each field the server named. The TURN password is write-only.
 */
export function SettingsForm({ group, values, csrfToken }: SettingsFormProps) {
  const t = useT();
  const { outcome, clear, succeed, fail } = useOutcome();
  const form = useForm(flatten(group, values));
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
    const initial = flatten(group, values);
    const patch = patchOf(group, initial, form.values);
    try {
      const saved = await createSettingsApi({ csrfToken }).update(group, patch);
      const names = saved.changed.map((f) => t(`settings:fields.${group}.${f}`)).join(", ");
      succeed(saved.changed.length > 0 ? t("settings:changed", { fields: names }) : t("settings:unchanged"), {
        reload: saved.changed.length > 0,
      });
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

  const fields = groupFields(group).map((field) => {
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
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t(`settings:groups.${group}`)}>
      <OutcomeAlert outcome={outcome} />
      {fields}
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("settings:save")}</SubmitButton>
      </div>
    </form>
  );
}
