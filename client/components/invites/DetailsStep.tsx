import { useState, type ChangeEvent } from "react";
import { useId } from "../hooks";
import { languages, maxCount } from "../../../shared/limits";
import { i18nKeyFor } from "../../../shared/errors";
import { CheckboxField, TextAreaField } from "../forms/ChoiceFields";
import { FieldMessages, SelectField, describedBy } from "../forms/Field";
import { TeamPicker } from "../licenses/TeamPicker";
import { createInvitesApi } from "../../../shared/api/invites";
import { useLang, useT } from "../render-context";
import { formatNumber } from "../../lib/datetime";
import { ADDRESS_HEADERS, parseCsv } from "./addresses";
import { plural, type InviteCompany } from "./types";
import { enteredAddresses, type DetailsProblems, type InviteLang, type WizardDetails } from "./wizardState";
import type { InviteType } from "../../../shared/domain/statuses";

/** A CSV file larger than this is refused before it is read (10,000 addresses fit in far less). */
const MAX_FILE_MB = 5;
const ENTERED = "invites:details.entered";
const FILE_READ = "invites:details.fileRead";

/** Props of {@link DetailsStep}. */
export interface DetailsStepProps {
  type: InviteType;
  details: WizardDetails;
  /** Companies with available licenses only; null: too many for the page, the picker searches them. */
  companies: InviteCompany[] | null;
  /** The company chosen so far (its name and licenses, when the companies are searched). */
  chosen: InviteCompany | null;
  onChoose: (company: InviteCompany | null) => void;
  csrfToken: string;
  /** Shown once the administrator tried to go on. */
  problems: DetailsProblems | null;
  onChange: (patch: Partial<WizardDetails>) => void;
}

/**
 * Step 2: the company (only those with available licenses are offered: a select of them, or on a
 * large scope a search over them, TeamPicker), the addresses typed, pasted or read from a CSV file
 * chosen in the browser, the language and the options.
 */
export function DetailsStep({ type, details, companies, chosen, onChoose, csrfToken, problems, onChange }: DetailsStepProps) {
  const t = useT();
  const lang = useLang();
  const fileId = useId();
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const count = enteredAddresses(details).length;
  const columns = ADDRESS_HEADERS.join(", ");

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    setFileError(undefined);
    if (!file) return;
    if (file.size > MAX_FILE_MB * 1024 * 1024) {
      setFileError(t("invites:details.fileTooLarge", { size: MAX_FILE_MB }));
      input.value = "";
      return;
    }
    file.text().then(
      (text) => {
        const parsed = parseCsv(text);
        if (parsed.ok) onChange({ file: { name: file.name, addresses: parsed.addresses } });
        else setFileError(parsed.reason === "empty" ? t("invites:details.fileEmpty") : t("invites:details.fileNoColumn", { columns }));
        input.value = "";
      },
      () => setFileError(t("invites:details.fileUnreadable")),
    );
  };

  // A large scope: only the companies with available licenses, with their domains (GET /v2/invite/teams).
  const searchCompanies = (text: string, limit: number) =>
    createInvitesApi({ csrfToken })
      .teams({ search: text || undefined, limit })
      .then((answer) => answer.items);
  const addressesError =
    problems?.addresses === "required"
      ? t("invites:details.addressesRequired")
      : count > maxCount.inviteRecipients
        ? t("invites:details.tooMany", { max: formatNumber(maxCount.inviteRecipients, lang) })
        : undefined;
  return (
    <div className="invite-details">
      {companies === null || companies.length > 0 ? (
        <TeamPicker
          label={t("invites:details.company")}
          required
          placeholder={t("invites:details.companyPlaceholder")}
          error={problems?.team ? t(i18nKeyFor(problems.team)) : undefined}
          teams={companies}
          initial={chosen}
          value={details.team}
          onChange={onChoose}
          csrfToken={csrfToken}
          search={searchCompanies}
          optionLabel={(company) =>
            t("invites:details.companyOption", { team: company.teamName, available: formatNumber(company.available, lang) })
          }
          searchLabel={t("invites:details.companySearch")}
          searchHint={t("invites:details.companySearchHint")}
        />
      ) : null}
      <TextAreaField
        label={t(type === "email" ? "invites:details.emails" : "invites:details.handles")}
        hint={`${t("invites:details.addressesHint")} ${plural(t, ENTERED, count, lang)}`}
        error={addressesError}
        rows={6}
        spellCheck={false}
        autoCapitalize="none"
        value={details.text}
        onChange={(event) => onChange({ text: event.target.value })}
      />
      <div className={fileError ? "field field-invalid" : "field"}>
        <label className="field-label" htmlFor={fileId}>
          {t("invites:details.file")}
        </label>
        <input
          id={fileId}
          className="input"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={describedBy(fileId, "hint", fileError)}
          onChange={chooseFile}
        />
        <FieldMessages id={fileId} hint={t("invites:details.fileHint", { columns })} error={fileError} />
        {details.file ? (
          <p className="invite-file">
            <span>{plural(t, FILE_READ, details.file.addresses.length, lang, { name: details.file.name })}</span>{" "}
            <button type="button" className="button button-link" onClick={() => onChange({ file: null })}>
              {t("invites:details.removeFile", { name: details.file.name })}
            </button>
          </p>
        ) : null}
      </div>
      <SelectField
        label={t("invites:details.lang")}
        options={languages.map((code) => ({ value: code, label: t(`common:language.${code}`) }))}
        value={details.lang}
        onChange={(event) => onChange({ lang: event.target.value as InviteLang, langChosen: true })}
      />
      {type === "email" ? (
        <CheckboxField
          name="matchUser"
          label={t("invites:details.matchUser")}
          checked={details.matchUser}
          onChange={(matchUser) => onChange({ matchUser })}
        />
      ) : null}
      <CheckboxField
        name="directSignIn"
        label={t("invites:details.directSignIn")}
        checked={details.directSignIn}
        onChange={(directSignIn) => onChange({ directSignIn })}
      />
    </div>
  );
}
