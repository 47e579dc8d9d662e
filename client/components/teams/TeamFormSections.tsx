import type { ReactNode } from "react";
import { CERT_REVOCATION_STRATEGIES } from "../../../shared/domain/statuses";
import { languages, lengthRange, maxLength } from "../../../shared/limits";
import { CheckboxField, RadioGroupField, TextAreaField } from "../forms/ChoiceFields";
import { SelectField, TextField } from "../forms/Field";
import type { FormState } from "../forms/useForm";
import { useT } from "../render-context";
import { ColorSwatch } from "./ColorSwatch";
import type { TeamFormValues } from "./teamFormModel";

/** What every section of the team form gets: the form state and its own handlers. */
export interface TeamSectionProps {
  form: FormState<TeamFormValues>;
}

/** A titled group of fields: a fieldset whose legend names the section (hidden when a card's title already does). */
function FormSection({
  title,
  children,
  titleShown = true,
  disabled = false,
}: {
  title: string;
  children: ReactNode;
  titleShown?: boolean;
  disabled?: boolean;
}) {
  return (
    <fieldset className="form-section" disabled={disabled}>
      <legend className={titleShown ? "form-section-title" : "visually-hidden"}>{title}</legend>
      {children}
    </fieldset>
  );
}

/** Name, identifier (suggested from the name until edited), institution and notes. */
export function IdentitySection({
  form,
  onName,
  onSlug,
  slugReadOnly = false,
}: TeamSectionProps & { onName: (value: string) => void; onSlug: (value: string) => void; slugReadOnly?: boolean }) {
  const t = useT();
  const name = form.bind("teamName");
  const slug = form.bind("slug");
  return (
    <FormSection title={t("teams:sections.identity")}>
      <div className="form-row">
        <TextField
          label={t("teams:fields.teamName")}
          required
          maxLength={maxLength.teamName}
          autoComplete="organization"
          {...name}
          onChange={(e) => onName(e.target.value)}
        />
        <TextField
          label={t("teams:fields.slug")}
          hint={slugReadOnly ? t("teams:profile.rootOnly") : t("teams:fields.slugHint")}
          readOnly={slugReadOnly}
          maxLength={lengthRange.slug.max}
          spellCheck={false}
          autoCapitalize="none"
          {...slug}
          onChange={(e) => onSlug(e.target.value)}
        />
      </div>
      <TextField label={t("teams:fields.institution")} maxLength={maxLength.institution} {...form.bind("institution")} />
      <TextAreaField
        label={t("teams:fields.notes")}
        maxLength={maxLength.notes}
        rows={3}
        name="notes"
        value={form.values.notes}
        error={form.errors.notes}
        onChange={(e) => form.setValue("notes", e.target.value)}
      />
    </FormSection>
  );
}

/** Finance, operations and support e-mail contacts. */
export function ContactsSection({ form }: TeamSectionProps) {
  const t = useT();
  return (
    <FormSection title={t("teams:sections.contacts")}>
      <div className="form-row form-row-3">
        {(["finance", "operations", "support"] as const).map((kind) => (
          <TextField
            key={kind}
            label={t(`teams:fields.${kind}`)}
            type="email"
            maxLength={maxLength.contactEmail}
            autoComplete="off"
            {...form.bind(`contactEmail.${kind}`)}
          />
        ))}
      </div>
    </FormSection>
  );
}

/** City, country code, language and time zone. */
export function LocationSection({ form, timezones }: TeamSectionProps & { timezones: readonly string[] }) {
  const t = useT();
  const current = form.values.timezone;
  const zones = current && !timezones.includes(current) ? [current, ...timezones] : timezones;
  return (
    <FormSection title={t("teams:sections.location")}>
      <div className="form-row">
        <TextField label={t("teams:fields.city")} maxLength={maxLength.city} autoComplete="address-level2" {...form.bind("city")} />
        <TextField
          label={t("teams:fields.country")}
          hint={t("teams:fields.countryHint")}
          maxLength={maxLength.country}
          autoCapitalize="characters"
          {...form.bind("country", (value) => value.toUpperCase())}
        />
      </div>
      <div className="form-row">
        <SelectField
          label={t("teams:fields.language")}
          required
          options={languages.map((lang) => ({ value: lang, label: t(`common:language.${lang}`) }))}
          {...form.bind("language")}
        />
        <SelectField
          label={t("teams:fields.timezone")}
          placeholder={t("teams:fields.notSet")}
          options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))}
          {...form.bind("timezone")}
        />
      </div>
    </FormSection>
  );
}

/**
 * OAuth / Azure AD settings and the certificate revocation strategy; read-only (a disabled
 * fieldset) for a company admin, since only root may change them.
 */
export function AuthenticationSection({
  form,
  readOnly = false,
  titleShown = true,
}: TeamSectionProps & { readOnly?: boolean; titleShown?: boolean }) {
  const t = useT();
  const text = (
    field: "oauthClientId" | "authority" | "discovery" | "version" | "tenantId",
    max: number,
    extra: { type?: string; hint?: string } = {},
  ) => (
    <TextField
      label={t(`teams:fields.${field}`)}
      maxLength={max}
      spellCheck={false}
      autoCapitalize="none"
      {...extra}
      {...form.bind(`authentication.${field}`)}
    />
  );
  return (
    <FormSection title={t("teams:sections.authentication")} titleShown={titleShown} disabled={readOnly}>
      {readOnly ? <p className="card-note">{t("teams:profile.rootOnly")}</p> : null}
      <div className="form-row">
        {text("oauthClientId", maxLength.oauthClientId)}
        {text("tenantId", maxLength.tenantId)}
      </div>
      <div className="form-row">
        {text("authority", maxLength.url, { type: "url" })}
        {text("discovery", maxLength.url, { type: "url" })}
      </div>
      <div className="form-row">
        {text("version", maxLength.oauthVersion, { hint: t("teams:fields.versionHint") })}
        <CheckboxField
          label={t("teams:fields.azureAdSync")}
          hint={t("teams:fields.azureAdSyncHint")}
          name="authentication.azureAdSync"
          checked={form.values["authentication.azureAdSync"] === "true"}
          error={form.errors["authentication.azureAdSync"]}
          onChange={(checked) => form.setValue("authentication.azureAdSync", String(checked))}
        />
      </div>
      <RadioGroupField
        legend={t("teams:fields.certRevocation")}
        name="authentication.certRevocation"
        value={form.values["authentication.certRevocation"]}
        options={CERT_REVOCATION_STRATEGIES.map((value) => ({ value, label: t(`teams:revocation.${value}`) }))}
        error={form.errors["authentication.certRevocation"]}
        onChange={(value) => form.setValue("authentication.certRevocation", value)}
      />
    </FormSection>
  );
}

/** The optional e-mail theme: its fields show once the theme is switched on. */
export function EmailThemeSection({ form, titleShown = true }: TeamSectionProps & { titleShown?: boolean }) {
  const t = useT();
  const enabled = form.values["emailTheme.enabled"] === "true";
  return (
    <FormSection title={t("teams:sections.emailTheme")} titleShown={titleShown}>
      <CheckboxField
        label={t("teams:fields.themeEnabled")}
        name="emailTheme.enabled"
        checked={enabled}
        onChange={(checked) => form.setValue("emailTheme.enabled", String(checked))}
      />
      {enabled ? (
        <>
          <div className="form-row">
            <TextField
              label={t("teams:fields.themeName")}
              required
              maxLength={maxLength.emailThemeName}
              {...form.bind("emailTheme.name")}
            />
            <div className="color-field">
              <TextField
                label={t("teams:fields.primaryColor")}
                hint={t("teams:fields.primaryColorHint")}
                maxLength={7}
                spellCheck={false}
                {...form.bind("emailTheme.primaryColor")}
              />
              <ColorSwatch color={form.values["emailTheme.primaryColor"]} large />
            </div>
          </div>
          <TextField
            label={t("teams:fields.logoUrl")}
            type="url"
            maxLength={maxLength.url}
            spellCheck={false}
            {...form.bind("emailTheme.logoUrl")}
          />
          <TextAreaField
            label={t("teams:fields.footer")}
            maxLength={maxLength.emailThemeFooter}
            rows={2}
            name="emailTheme.footer"
            value={form.values["emailTheme.footer"]}
            error={form.errors["emailTheme.footer"]}
            onChange={(e) => form.setValue("emailTheme.footer", e.target.value)}
          />
        </>
      ) : null}
    </FormSection>
  );
}
