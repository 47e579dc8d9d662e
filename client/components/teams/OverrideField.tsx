import type { OverridableSettingsGroup } from "../../../shared/schemas/customSettings";
import { CheckboxField, TextAreaField } from "../forms/ChoiceFields";
import { PasswordField, TextField } from "../forms/Field";
import { useT } from "../render-context";
import { fieldKind, subFields } from "../settings/fieldModel";

/** Props of {@link OverrideField}: one setting of a group, its form strings and where edits go. */
export interface OverrideFieldProps {
  group: OverridableSettingsGroup;
  field: string;
  label: string;
  /** The group's form strings (`warningBanner.en`, booleans as "true"/"false"), as on /settings. */
  values: Record<string, string>;
  error: string | undefined;
  /** For the TURN relay: whether the override has a stored password (a blank field keeps it). */
  passwordSet?: boolean;
  onChange: (name: string, value: string) => void;
}

/** One overridden setting's typed field, the same kind of field /settings shows for it. */
export function OverrideField({ group, field, label, values, error, passwordSet = false, onChange }: OverrideFieldProps) {
  const t = useT();
  const kind = fieldKind(group, field);
  if (kind === "turn") {
    const enabled = values["turn.enabled"] === "true";
    return (
      <div className="override-subfields">
        <CheckboxField
          name={`${group}.turn.enabled`}
          label={t("settings:turnEnabled")}
          checked={enabled}
          onChange={(checked) => onChange("turn.enabled", String(checked))}
        />
        {enabled
          ? (["url", "username"] as const).map((sub) => (
              <TextField
                key={sub}
                label={`${label} · ${t(`settings:sub.${sub}`)}`}
                name={`${group}.turn.${sub}`}
                value={values[`turn.${sub}`] ?? ""}
                error={error}
                onChange={(event) => onChange(`turn.${sub}`, event.target.value)}
              />
            ))
          : null}
        {enabled ? (
          <PasswordField
            label={`${label} · ${t("settings:sub.password")}`}
            name={`${group}.turn.password`}
            hint={t(passwordSet ? "settings:passwordSet" : "settings:passwordNotSet")}
            autoComplete="new-password"
            value={values["turn.password"] ?? ""}
            onChange={(event) => onChange("turn.password", event.target.value)}
          />
        ) : null}
      </div>
    );
  }
  if (kind === "boolean")
    return (
      <CheckboxField
        name={`${group}.${field}`}
        label={t("settings:on")}
        hint={label}
        error={error}
        checked={values[field] === "true"}
        onChange={(checked) => onChange(field, String(checked))}
      />
    );
  if (kind === "object")
    return (
      <div className="override-subfields">
        {subFields(group, field).map((sub) => (
          <TextAreaField
            key={sub}
            label={`${label} · ${t(`settings:sub.${sub}`)}`}
            name={`${group}.${field}.${sub}`}
            rows={2}
            value={values[`${field}.${sub}`] ?? ""}
            error={error}
            onChange={(event) => onChange(`${field}.${sub}`, event.target.value)}
          />
        ))}
      </div>
    );
  return (
    <TextField
      label={label}
      name={`${group}.${field}`}
      inputMode={kind === "number" ? "numeric" : undefined}
      value={values[field] ?? ""}
      error={error}
      onChange={(event) => onChange(field, event.target.value)}
    />
  );
}
