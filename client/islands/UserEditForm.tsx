import { useState } from "react";
import { maxLength } from "../../shared/limits";
import { UserUpdateSchema } from "../../shared/schemas/user";
import { Alert } from "../components/forms/Alert";
import { TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";
import { usersCalls } from "../components/users/api";
import { FlagFields, TextAreaField, foldListErrors, parseAliases, type UserFlags } from "../components/users/UserFields";

/** The editable part of a user (PUT /v2/user). */
export interface EditableUser extends UserFlags {
  uid: string;
  firstName: string;
  lastName: string;
  aliases: string[];
}

/** Props of the user edit island. */
export interface UserEditFormProps {
  user: EditableUser;
  csrfToken: string;
}

const textOf = (user: EditableUser) => ({ firstName: user.firstName, lastName: user.lastName, aliases: user.aliases.join("\n") });

/**
 * User profile → edit: first and last name, aliases (one per line or comma separated) and the
 * ECS / SIP / Cellcrypt flags, validated with the shared schema and saved with `PUT /v2/user`.
 */
export function UserEditForm({ user, csrfToken }: UserEditFormProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm(textOf(user));
  const [flags, setFlags] = useState<UserFlags>({ ecs: user.ecs, sip: user.sip, cellcrypt: user.cellcrypt });
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = form.handleSubmit(async () => {
    setOutcome(null);
    const body = { uid: user.uid, firstName: form.values.firstName, lastName: form.values.lastName, aliases: parseAliases(form.values.aliases), ...flags };
    const checked = validateForm(UserUpdateSchema, body, t);
    if (!checked.ok) return form.showErrors(foldListErrors(checked.errors, "aliases"));
    try {
      const saved = await usersCalls(csrfToken).update(checked.data);
      form.setValues(textOf({ ...user, ...saved }));
      setFlags({ ecs: saved.ecs, sip: saved.sip, cellcrypt: saved.cellcrypt });
      setOutcome({ ok: true, text: t("errors:userEdit200") });
    } catch (error) {
      setOutcome({ ok: false, text: messageFor(error) });
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      {outcome ? <Alert variant={outcome.ok ? "success" : "error"}>{outcome.text}</Alert> : null}
      <div className="form-row">
        <TextField label={t("users:profile.fields.firstName")} required maxLength={maxLength.firstName} autoComplete="off" {...form.bind("firstName")} />
        <TextField label={t("users:profile.fields.lastName")} required maxLength={maxLength.lastName} autoComplete="off" {...form.bind("lastName")} />
      </div>
      <TextAreaField
        label={t("users:edit.aliases")}
        hint={t("users:edit.aliasesHint")}
        name="aliases"
        value={form.values.aliases}
        error={form.errors.aliases}
        onChange={(value) => form.setValue("aliases", value)}
      />
      <FlagFields legend={t("users:edit.flags")} value={flags} onChange={setFlags} disabled={form.busy} />
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("users:edit.submit")}</SubmitButton>
      </div>
    </form>
  );
}
