import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { NewPasswordForm, type NewPasswordFlow } from "../../islands/NewPasswordForm";

/** Props of /verify/{lang}/{token} and /reset/{lang}/{token}; the token is deliberately absent. */
export interface NewPasswordPageProps {
  lang: string;
  flow: NewPasswordFlow;
}

/** The page title's key: every activation flow says "Activate your account", a reset "Choose a new password". */
export function newPasswordTitleKey(flow: NewPasswordFlow): "auth:activate.title" | "auth:reset.title" {
  return flow === "reset" ? "auth:reset.title" : "auth:activate.title";
}

/**
 * Choose a password with its confirmation. The token stays in the path: it is never echoed into
 * the page (the island reads it from the address bar when the form is sent).
 */
export function NewPasswordPage({ lang, flow }: NewPasswordPageProps) {
  const t = useT();
  return (
    <>
      <p className="form-intro">{t(flow === "reset" ? "auth:reset.intro" : "auth:activate.intro")}</p>
      <Island name="NewPasswordForm" component={NewPasswordForm} props={{ lang, flow }} namespaces={["auth", "validation"]} />
    </>
  );
}
