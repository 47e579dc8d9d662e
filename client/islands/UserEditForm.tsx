import { useState } from "react";
import { sha512Hex } from "../../shared/crypto";
import { maxLength } from "../../shared/limits";
import { PasswordWithConfirmationSchema } from "../../shared/schemas/primitives";
import { UserUpdateSchema } from "../../shared/schemas/user";
import { AccessLevelField, accessLevelChoice, accessLevelOfChoice } from "../components/forms/AccessLevelField";
import { PasswordField, TextField } from "../components/forms/Field";
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
  /** 0..9 or null (#31). */
  accessLevel: number | null;
}

/** Props of the user edit island. */
export interface UserEditFormProps {
  user: EditableUser;
  csrfToken: string;
}

const textOf = (user: EditableUser) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  aliases: user.aliases.join("\n"),
  accessLevel: accessLevelChoice(user.accessLevel),
  password: "",
  confirmPassword: "",
});

/**
 * User profile → edit: first and last name, aliases (one per line or comma separated), the access
 * level (#31: "Not set" or 0..9), the ECS / SIP / Cellcrypt flags, and an optional new password (the create form's rules, hashed before
 * sending; empty = unchanged), validated with the shared schemas and saved with `PUT /v2/user`. A
 * recently used password is refused with the catalogue's `userEdit422` text.
 */
export function UserEditForm({ user, csrfToken }: UserEditFormProps) {
  const t = useT();
  const { outcome, clear, succeed, fail } = useOutcome();
  const form = useForm(textOf(user));
  const [flags, setFlags] = useState<UserFlags>({ ecs: user.ecs, sip: user.sip, cellcrypt: user.cellcrypt });

  const submit = form.handleSubmit(async () => {
    clear();
    const { firstName, lastName, aliases, accessLevel, password, confirmPassword } = form.values;
    const body = {
      uid: user.uid,
      firstName,
      lastName,
      aliases: parseAliases(aliases),
      accessLevel: accessLevelOfChoice(accessLevel),
      ...flags,
    };
    const checked = validateForm(UserUpdateSchema, body, t);
    const withPassword = password !== "" || confirmPassword !== "";
    const passwordCheck = withPassword ? validateForm(PasswordWithConfirmationSchema, { password, confirmPassword }, t) : null;
    if (!checked.ok || (passwordCheck && !passwordCheck.ok)) {
      return form.showErrors({ ...foldListErrors(checked.errors, "aliases"), ...(passwordCheck?.errors ?? {}) });
    }
    try {
      const hash = withPassword ? await sha512Hex(password) : undefined;
      const saved = await usersCalls(csrfToken).update({ ...checked.data, ...(hash ? { password: hash } : {}) });
      form.setValues(textOf({ ...user, ...saved }));
      setFlags({ ecs: saved.ecs, sip: saved.sip, cellcrypt: saved.cellcrypt });
      // Reloaded: the account card above shows the stored name, aliases and features.
      succeed(t("errors:userEdit200"), { reload: true });
    } catch (error) {
      form.setValue("password", "");
      form.setValue("confirmPassword", "");
      fail(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <OutcomeAlert outcome={outcome} />
      <div className="form-row">
        <TextField
          label={t("users:profile.fields.firstName")}
          required
          maxLength={maxLength.firstName}
          autoComplete="off"
          {...form.bind("firstName")}
        />
        <TextField
          label={t("users:profile.fields.lastName")}
          required
          maxLength={maxLength.lastName}
          autoComplete="off"
          {...form.bind("lastName")}
        />
      </div>
      <TextAreaField
        label={t("users:edit.aliases")}
        hint={t("users:edit.aliasesHint")}
        name="aliases"
        value={form.values.aliases}
        error={form.errors.aliases}
        onChange={(value) => form.setValue("aliases", value)}
      />
      <div className="form-row">
        <AccessLevelField {...form.bind("accessLevel")} disabled={form.busy} />
      </div>
      <div className="form-row">
        <PasswordField
          label={t("users:edit.newPassword")}
          hint={t("users:edit.passwordHint")}
          autoComplete="new-password"
          {...form.bind("password")}
        />
        <PasswordField label={t("users:edit.confirmNewPassword")} autoComplete="new-password" {...form.bind("confirmPassword")} />
      </div>
      <FlagFields legend={t("users:edit.flags")} value={flags} onChange={setFlags} disabled={form.busy} />
      <div className="form-actions">
        <SubmitButton busy={form.busy}>{t("users:edit.submit")}</SubmitButton>
      </div>
    </form>
  );
}
