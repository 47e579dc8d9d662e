import { useState } from "react";
import { createApiClient } from "../../shared/api/client";
import { isApiError } from "../../shared/api/errors";
import { sha512Hex } from "../../shared/crypto";
import { PasswordWithConfirmationSchema, token as tokenSchema } from "../../shared/schemas/primitives";
import { Alert } from "../components/forms/Alert";
import { PasswordField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { useT } from "../components/render-context";
import { BackToSignIn } from "../components/forms/BackToSignIn";
import { TakesFocus } from "../components/forms/TakesFocus";

/**
 * Which link the page was opened from: `activate` (/verify: a registration or the first root's
 * setup link), `invite` (/reset with an administrator's invitation token) or `reset` (a forgotten
 * password). Both activation flows are worded as activating the account, start to finish.
 */
export type NewPasswordFlow = "activate" | "invite" | "reset";

/** Props of the new-password island: the token is deliberately not one of them. */
export interface NewPasswordFormProps {
  lang: string;
  flow: NewPasswordFlow;
  /** The username of the account being activated (or reset), shown before and after; null when unknown. */
  account?: string | null;
}

/** Names the account a link acts on, so its holder knows which one they activate. */
function AccountLine({ account }: { account: string | null }) {
  const t = useT();
  if (!account) return null;
  return (
    <p className="form-account">
      {t("auth:newPassword.account")} <strong translate="no">{account}</strong>
    </p>
  );
}

/** An invitation's dead link says to ask for a new invitation, not for a password reset. */
export function inviteFailure(error: unknown): "auth:activate.inviteInvalid" | "auth:activate.inviteExpired" | null {
  if (!isApiError(error) || error.prefix !== "confirm") return null;
  if (error.status === 404) return "auth:activate.inviteInvalid";
  if (error.status === 410) return "auth:activate.inviteExpired";
  return null;
}

/** The one-time token is the last path segment (/verify/{lang}/{token}); read at submit time only. */
function tokenFromPath(): string {
  const last = window.location.pathname.split("/").filter(Boolean).at(-1) ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return "";
  }
}

/**
 * /verify/{lang}/{token} and /reset/{lang}/{token}: choose a password with its confirmation under
 * the shared rules. The token is never a prop or rendered (it would land in the page source);
 * it is read from the address bar when the form is sent.
 */
export function NewPasswordForm({ lang, flow, account = null }: NewPasswordFormProps) {
  const activation = flow !== "reset";
  const t = useT();
  const messageFor = useCallMessage();
  const form = useForm({ password: "", confirmPassword: "" });
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async () => {
    setFailure(null);
    const checked = validateForm(PasswordWithConfirmationSchema, form.values, t);
    if (!checked.ok) return form.showErrors(checked.errors);
    const token = tokenFromPath();
    if (!tokenSchema.safeParse(token).success) return setFailure(t("errors:invalidToken"));
    try {
      const body = { token, new_password: await sha512Hex(checked.data.password) };
      const api = createApiClient();
      await (flow === "activate" ? api.verify(body) : api.confirm(body));
      setDone(true);
    } catch (error) {
      const own = flow === "invite" ? inviteFailure(error) : null;
      setFailure(own ? t(own) : messageFor(error));
    }
  });

  if (done) {
    return (
      <TakesFocus className="form">
        <AccountLine account={account} />
        <Alert variant="success">{t(activation ? "auth:activate.done" : "errors:confirm200")}</Alert>
        <a className="button button-primary button-block" href={`/signin/${lang}`}>
          {t("auth:newPassword.signIn")}
        </a>
      </TakesFocus>
    );
  }

  return (
    <form id={form.id} className="form" method="post" noValidate onSubmit={submit}>
      <AccountLine account={account} />
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <PasswordField
        label={t(activation ? "auth:fields.password" : "auth:fields.newPassword")}
        hint={t("auth:passwordRules")}
        autoComplete="new-password"
        required
        {...form.bind("password")}
      />
      <PasswordField label={t("auth:fields.confirmPassword")} autoComplete="new-password" required {...form.bind("confirmPassword")} />
      <SubmitButton busy={form.busy} block>
        {t(activation ? "auth:activate.submit" : "auth:reset.submit")}
      </SubmitButton>
      <BackToSignIn lang={lang} />
    </form>
  );
}
