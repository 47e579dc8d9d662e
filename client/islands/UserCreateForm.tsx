import { useState } from "react";
import { useId } from "../components/hooks";
import { sha512Hex } from "../../shared/crypto";
import { maxLength } from "../../shared/limits";
import { PasswordWithConfirmationSchema } from "../../shared/schemas/primitives";
import { UserCreateSchema } from "../../shared/schemas/user";
import { AccessLevelField, accessLevelOfChoice } from "../components/forms/AccessLevelField";
import { Alert } from "../components/forms/Alert";
import { PasswordField, SelectField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";
import { usersCalls } from "../components/users/api";
import { FlagFields, TextAreaField, foldListErrors, parseAliases, type UserFlags } from "../components/users/UserFields";
import type { TeamOption } from "../components/users/types";

/** Props of the user creation island. */
export interface UserCreateFormProps {
  /** Teams in the admin's scope; the new user joins one of them. */
  teams: TeamOption[];
  csrfToken: string;
}

const NO_FLAGS: UserFlags = { ecs: false, sip: false, cellcrypt: false };

/**
 * /users/create: username (an e-mail when "via e-mail" is on, SPEC §5), names, team, an optional
 * password (shared rules, hashed before sending), aliases and flags → `POST /v2/user`. The
 * catalogue texts of 409 / 501 / 502 / 422 are shown; success links to the new profile.
 */
export function UserCreateForm({ teams, csrfToken }: UserCreateFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const viaEmailId = useId();
  const empty = {
    username: "",
    firstName: "",
    lastName: "",
    team: teams.length === 1 ? teams[0]!.slug : "",
    password: "",
    confirmPassword: "",
    aliases: "",
    accessLevel: "",
  };
  const form = useForm(empty);
  const [viaEmail, setViaEmail] = useState(true);
  const [flags, setFlags] = useState<UserFlags>(NO_FLAGS);
  const [outcome, setOutcome] = useState<{ ok: true; uid: string; username: string } | { ok: false; text: string } | null>(null);

  const submit = form.handleSubmit(async () => {
    setOutcome(null);
    const { username, firstName, lastName, team, password, confirmPassword, aliases, accessLevel } = form.values;
    const aliasList = parseAliases(aliases);
    const body = {
      username: username.trim(),
      firstName,
      lastName,
      team,
      viaEmail,
      ...flags,
      ...(aliasList.length ? { aliases: aliasList } : {}),
      ...(accessLevel !== "" ? { accessLevel: accessLevelOfChoice(accessLevel) } : {}),
    };
    const checked = validateForm(UserCreateSchema, body, t);
    const withPassword = password !== "" || confirmPassword !== "";
    const passwordCheck = withPassword ? validateForm(PasswordWithConfirmationSchema, { password, confirmPassword }, t) : null;
    if (!checked.ok || (passwordCheck && !passwordCheck.ok)) {
      return form.showErrors({ ...foldListErrors(checked.errors, "aliases"), ...(passwordCheck?.errors ?? {}) });
    }
    try {
      const hash = withPassword ? await sha512Hex(password) : undefined;
      const created = await usersCalls(csrfToken).create({ ...checked.data, ...(hash ? { password: hash } : {}) });
      form.setValues(empty);
      setFlags(NO_FLAGS);
      setOutcome({ ok: true, uid: created.uid, username: created.username });
    } catch (error) {
      form.setValue("password", "");
      form.setValue("confirmPassword", "");
      setOutcome({ ok: false, text: messageFor(error) });
    }
  });

  if (teams.length === 0) return <p className="notice">{t("users:create.noTeams")}</p>;
  return (
    <form className="form" noValidate onSubmit={submit}>
      {outcome?.ok ? (
        <Alert variant="success">
          {t("errors:userCreate200")}
          <a className="alert-note" href={`/users/profile/${encodeURIComponent(outcome.uid)}`}>
            {t("users:create.openProfile", { username: outcome.username })}
          </a>
        </Alert>
      ) : outcome ? (
        <Alert variant="error">{outcome.text}</Alert>
      ) : null}
      <TextField
        label={t("users:create.username")}
        hint={viaEmail ? undefined : t("users:create.usernameHint")}
        required
        maxLength={maxLength.username}
        inputMode={viaEmail ? "email" : "text"}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...form.bind("username")}
      />
      <label className="checkbox" htmlFor={viaEmailId}>
        <input id={viaEmailId} type="checkbox" name="viaEmail" checked={viaEmail} onChange={(event) => setViaEmail(event.target.checked)} />
        {t("users:create.viaEmail")}
      </label>
      <div className="form-row">
        <TextField
          label={t("users:create.firstName")}
          required
          maxLength={maxLength.firstName}
          autoComplete="off"
          {...form.bind("firstName")}
        />
        <TextField
          label={t("users:create.lastName")}
          required
          maxLength={maxLength.lastName}
          autoComplete="off"
          {...form.bind("lastName")}
        />
      </div>
      <SelectField
        label={t("users:create.team")}
        required
        placeholder={t("users:create.teamPlaceholder")}
        options={teams.map((team) => ({ value: team.slug, label: team.teamName }))}
        {...form.bind("team")}
      />
      <div className="form-row">
        <PasswordField
          label={t("users:create.password")}
          hint={t("users:create.passwordHint")}
          autoComplete="new-password"
          {...form.bind("password")}
        />
        <PasswordField label={t("users:create.confirmPassword")} autoComplete="new-password" {...form.bind("confirmPassword")} />
      </div>
      <TextAreaField
        label={t("users:create.aliases")}
        hint={t("users:edit.aliasesHint")}
        name="aliases"
        value={form.values.aliases}
        error={form.errors.aliases}
        onChange={(value) => form.setValue("aliases", value)}
      />
      <div className="form-row">
        <AccessLevelField {...form.bind("accessLevel")} disabled={form.busy} />
      </div>
      <FlagFields legend={t("users:create.flags")} value={flags} onChange={setFlags} disabled={form.busy} />
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("users:create.submit")}</SubmitButton>
      </div>
    </form>
  );
}
