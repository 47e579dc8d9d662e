import { useEffect, useRef, useState } from "react";
import { useId } from "../components/hooks";
import { z } from "zod";
import { createAdminsApi, type AdminDetail } from "../../shared/api/admins";
import { sha512Hex } from "../../shared/crypto";
import { languages, maxLength } from "../../shared/limits";
import { str } from "../../shared/schemas/builders";
import { V } from "../../shared/schemas/messages";
import { email, firstName, language, lastName, password, passwordConfirmation, username } from "../../shared/schemas/primitives";
import { TeamChecklist, type TeamOption } from "../components/admins/TeamChecklist";
import { Alert } from "../components/forms/Alert";
import { PasswordField, SelectField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { AccessLevelField, accessLevelOfChoice } from "../components/forms/AccessLevelField";
import { useT } from "../components/render-context";
import { TakesFocus } from "../components/forms/TakesFocus";

/** Props of the create-administrator island. */
export interface AdminCreateFormProps {
  csrfToken: string;
  /** The teams the creator manages (root: every team). */
  teams: TeamOption[];
  /** Whether 'Create as Super-Admin?' is offered (root only). */
  canCreateRoot: boolean;
  /** The language preselected for the new admin (the creator's). */
  lang: string;
}

/** The form's values with the shared rules: password rules only when defining one, e-mail only when inviting. */
const FormSchema = z
  .object({
    username,
    firstName,
    lastName,
    lang: language,
    method: z.enum(["password", "invite"]),
    password: str(),
    confirmPassword: str(),
    root: z.boolean(),
    teams: z.array(str()),
    accessLevel: str(),
  })
  .superRefine((value, ctx) => {
    if (value.method === "password") {
      const checked = password.safeParse(value.password);
      if (!checked.success)
        ctx.addIssue({
          code: "custom",
          message: checked.error.issues[0]?.message ?? V.password,
          path: ["password"],
          input: value.password,
        });
      else passwordConfirmation("password", "confirmPassword")(value, ctx);
    } else if (!email.safeParse(value.username).success) {
      ctx.addIssue({ code: "custom", message: V.inviteNeedsEmail, path: ["username"], input: value.username });
    }
    if (!value.root && value.teams.length === 0)
      ctx.addIssue({ code: "custom", message: V.adminTeamsRequired, path: ["teams"], input: value.teams });
  });

/**
 * /admins/create (SPEC §2): username, names, language, the companies (hidden for a super
 * administrator), and either a password (hashed before sending; active at once) or an e-mail
 * invitation. On success it links to the new administrator's profile.
 */
export function AdminCreateForm({ csrfToken, teams, canCreateRoot, lang }: AdminCreateFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const empty = { username: "", firstName: "", lastName: "", lang, method: "password", password: "", confirmPassword: "", accessLevel: "" };
  const form = useForm(empty);
  const [selected, setSelected] = useState<string[]>(teams.length === 1 ? [teams[0]!.slug] : []);
  const [root, setRoot] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<AdminDetail | null>(null);
  const refocus = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const invite = form.values.method === "invite";
  const rootHintId = useId();

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const checked = validateForm(FormSchema, { ...form.values, root, teams: root ? [] : selected }, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    const data = checked.data;
    try {
      const admin = await createAdminsApi({ csrfToken }).create({
        username: data.username,
        firstName: data.firstName,
        lastName: data.lastName,
        lang: data.lang,
        teams: data.root ? [] : data.teams,
        ...(data.root ? { root: true } : {}),
        ...(canCreateRoot && data.accessLevel !== "" ? { accessLevel: accessLevelOfChoice(data.accessLevel) } : {}),
        ...(data.method === "invite" ? { invite: true as const } : { password: await sha512Hex(data.password) }),
      });
      form.setValues(empty);
      setSelected([]);
      setRoot(false);
      setCreated(admin);
    } catch (error) {
      form.setValues({ ...form.values, password: "", confirmPassword: "" });
      setFailure(messageFor(error));
    }
  });

  // 'Create another' removes itself: focus goes to the new form's first field, not the body.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    formRef.current?.querySelector<HTMLElement>("input, select")?.focus();
  });

  if (created) {
    const name = `${created.firstName} ${created.lastName}`.trim();
    return (
      <TakesFocus className="form">
        <Alert variant="success">
          {t("errors:adminCreate200")}
          {created.status === "invited" ? (
            <span className="alert-note">{t("admins:create.invited", { email: created.username })}</span>
          ) : null}
        </Alert>
        <div className="form-actions form-actions-start">
          <a className="button button-primary" href={`/admins/profile/${encodeURIComponent(created.uid)}`}>
            {t("admins:create.viewProfile", { name })}
          </a>
          <button
            type="button"
            className="button"
            onClick={() => {
              setCreated(null);
              refocus.current = true;
            }}
          >
            {t("admins:create.another")}
          </button>
        </div>
      </TakesFocus>
    );
  }

  return (
    <form ref={formRef} id={form.id} className="form" method="post" noValidate onSubmit={submit}>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <TextField
        label={t("admins:create.username")}
        hint={t("admins:create.usernameHint")}
        required
        maxLength={maxLength.username}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        {...form.bind("username")}
      />
      <div className="form-row">
        <TextField
          label={t("admins:create.firstName")}
          required
          maxLength={maxLength.firstName}
          autoComplete="off"
          {...form.bind("firstName")}
        />
        <TextField
          label={t("admins:create.lastName")}
          required
          maxLength={maxLength.lastName}
          autoComplete="off"
          {...form.bind("lastName")}
        />
      </div>
      <SelectField
        label={t("admins:create.language")}
        options={languages.map((l) => ({ value: l, label: t(`common:language.${l}`) }))}
        {...form.bind("lang")}
      />
      {canCreateRoot ? (
        <label className="check check-block">
          <input
            type="checkbox"
            name="root"
            checked={root}
            onChange={(event) => setRoot(event.target.checked)}
            aria-describedby={rootHintId}
          />
          <span>{t("admins:create.root")}</span>
          <span className="field-hint" id={rootHintId}>
            {t("admins:create.rootHint")}
          </span>
        </label>
      ) : null}
      {canCreateRoot ? <AccessLevelField {...form.bind("accessLevel")} disabled={form.busy} /> : null}
      {root ? null : (
        <TeamChecklist
          legend={t("admins:create.teams")}
          hint={t("admins:create.teamsHint")}
          empty={t("admins:create.noTeams")}
          options={teams}
          selected={selected}
          error={form.errors.teams}
          onChange={setSelected}
        />
      )}
      <fieldset className="field choice-group">
        <legend className="field-label">{t("admins:create.method")}</legend>
        {(["password", "invite"] as const).map((method) => (
          <label key={method} className="check">
            <input
              type="radio"
              name="method"
              value={method}
              checked={form.values.method === method}
              onChange={() => form.setValue("method", method)}
            />
            <span>{t(method === "password" ? "admins:create.methodPassword" : "admins:create.methodInvite")}</span>
          </label>
        ))}
      </fieldset>
      {invite ? (
        <p className="card-note">{t("admins:create.inviteHint")}</p>
      ) : (
        <div className="form-row">
          <PasswordField
            label={t("admins:create.password")}
            hint={t("admins:create.passwordRules")}
            autoComplete="new-password"
            required
            {...form.bind("password")}
          />
          <PasswordField
            label={t("admins:create.confirmPassword")}
            autoComplete="new-password"
            required
            {...form.bind("confirmPassword")}
          />
        </div>
      )}
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("admins:create.submit")}</SubmitButton>
      </div>
    </form>
  );
}
