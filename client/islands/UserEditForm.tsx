import { useState } from "react";
import { maxLength } from "../../shared/limits";
import { UserUpdateSchema } from "../../shared/schemas/user";
import { TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { OutcomeAlert, useOutcome } from "../components/forms/useOutcome";
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
  const { outcome, clear, succeed, fail } = useOutcome();
  const form = useForm(textOf(user));
  const [flags, setFlags] = useState<UserFlags>({ ecs: user.ecs, sip: user.sip, cellcrypt: user.cellcrypt });

  const submit = form.handleSubmit(async () => {
    clear();
    const body = { uid: user.uid, firstName: form.values.firstName, lastName: form.values.lastName, aliases: parseAliases(form.values.aliases), ...flags };
    const checked = validateForm(UserUpdateSchema, body, t);
    if (!checked.ok) return form.showErrors(foldListErrors(checked.errors, "aliases"));
    try {
      const saved = await usersCalls(csrfToken).update(checked.data);
      form.setValues(textOf({ ...user, ...saved }));
      setFlags({ ecs: saved.ecs, sip: saved.sip, cellcrypt: saved.cellcrypt });
      // Reloaded: the account card above shows the stored name, aliases and features.
      succeed(t("errors:userEdit200"), { reload: true });
    } catch (error) {
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <OutcomeAlert outcome={outcome} />
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
