import { useState, type FormEvent } from "react";
import { createTokensApi } from "../../shared/api/tokens";
import { TOKEN_PERMISSIONS, type TokenPermission } from "../../shared/schemas/accessToken";
import { Alert } from "../components/forms/Alert";
import { CheckboxField } from "../components/forms/ChoiceFields";
import { SelectField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
import { reloadWithStatus } from "../components/status/pageStatus";
import { useT } from "../components/render-context";

/** Props of the create-token island. */
export interface TokenCreateFormProps {
  csrfToken: string;
  /** The root's maximum lifetime (security.accessTokenMaxDays). */
  maxDays: number;
  /** Whether root allows tokens without expiry (security.accessTokenNoExpiry). */
  noExpiry: boolean;
  /** The companies the token may be limited to: the admin's own (root: every company). */
  teams: { slug: string; teamName: string }[];
}

const DAY_CHOICES = [7, 30, 60, 90, 180, 366];

/** The plural key of a lifetime ("1 day", "30 days"): i18next picks `_one`/`_other` from `count`. */
const DAYS_KEY = ["tokens:create", "days"].join(".");

/**
 * API tokens → create: a name, an expiry within the root's maximum, the permissions and
 * optionally some companies. The answer's secret is shown once, with a copy button and a
 * warning; "Done" reloads the list (the secret is then gone for good).
 */
export function TokenCreateForm({ csrfToken, maxDays, noExpiry, teams }: TokenCreateFormProps) {
  const t = useT();
  const { outcome, clear, fail } = useOutcome();
  const [name, setName] = useState("");
  const [days, setDays] = useState(String(Math.min(90, maxDays)));
  const [permissions, setPermissions] = useState<TokenPermission[]>(["read"]);
  const [chosenTeams, setChosenTeams] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const dayOptions = [...new Set([...DAY_CHOICES.filter((d) => d < maxDays), maxDays])].map((d) => ({
    value: String(d),
    label: t(DAYS_KEY, { count: d }),
  }));
  const options = noExpiry ? [...dayOptions, { value: "never", label: t("tokens:create.never") }] : dayOptions;
  const toggle = <T,>(list: T[], item: T, on: boolean): T[] => (on ? [...list, item] : list.filter((x) => x !== item));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    clear();
    setBusy(true);
    createTokensApi({ csrfToken })
      .create({
        name,
        expiresInDays: days === "never" ? null : Number(days),
        permissions,
        ...(chosenTeams.length > 0 ? { teams: chosenTeams } : {}),
      })
      .then((created) => setSecret(created.secret))
      .catch((error: unknown) => fail(error))
      .finally(() => setBusy(false));
  };

  const copy = () => {
    if (!secret) return;
    void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
  };

  if (secret) {
    return (
      <div className="token-secret">
        <Alert variant="info">{t("tokens:secret.warning")}</Alert>
        <TextField
          label={t("tokens:secret.label")}
          value={secret}
          readOnly
          spellCheck={false}
          className="input input-mono"
          data-secret=""
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={copy}>
            {copied ? t("tokens:secret.copied") : t("tokens:secret.copy")}
          </button>
          <button type="button" className="button button-primary" onClick={() => reloadWithStatus(t("errors:tokenCreate200"))}>
            {t("tokens:secret.done")}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate>
      <OutcomeAlert outcome={outcome} />
      <TextField
        label={t("tokens:create.name")}
        hint={t("tokens:create.nameHint")}
        value={name}
        maxLength={64}
        required
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField label={t("tokens:create.expiry")} options={options} value={days} onChange={(e) => setDays(e.target.value)} />
      <fieldset className="fieldset">
        <legend>{t("tokens:create.permissions")}</legend>
        {TOKEN_PERMISSIONS.map((p) => (
          <CheckboxField
            key={p}
            name="permissions"
            label={t(`tokens:permissions.${p}`)}
            checked={permissions.includes(p)}
            onChange={(on) => setPermissions((list) => toggle(list, p, on))}
          />
        ))}
      </fieldset>
      {teams.length > 0 ? (
        <fieldset className="fieldset">
          <legend>{t("tokens:create.teams")}</legend>
          <p className="field-hint">{t("tokens:create.teamsHint")}</p>
          {teams.map((team) => (
            <CheckboxField
              key={team.slug}
              name="teams"
              label={team.teamName}
              checked={chosenTeams.includes(team.slug)}
              onChange={(on) => setChosenTeams((list) => toggle(list, team.slug, on))}
            />
          ))}
        </fieldset>
      ) : null}
      <SubmitButton busy={busy}>{t("tokens:create.submit")}</SubmitButton>
    </form>
  );
}
