import { Alert } from "../../components/forms/Alert";
import { BackToSignIn } from "../../components/forms/BackToSignIn";
import { NeedsScript } from "../../components/forms/NeedsScript";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { NewPasswordForm, type NewPasswordFlow } from "../../islands/NewPasswordForm";

/** Props of /verify/{lang}/{token} and /reset/{lang}/{token}; the token is deliberately absent. */
export interface NewPasswordPageProps {
  lang: string;
  flow: NewPasswordFlow;
  /** Set when the link can no longer be used: the page says so instead of showing the form. */
  problem?: "invalid" | "expired";
  /** The username of the account the link acts on (usable links only), named before and after. */
  account?: string | null;
}

/** What a dead link's page says, per flow: each names the way to a new link. */
function problemKey(flow: NewPasswordFlow, problem: "invalid" | "expired"): string {
  if (flow === "invite") return problem === "expired" ? "auth:activate.inviteExpired" : "auth:activate.inviteInvalid";
  if (flow === "activate") return problem === "expired" ? "errors:verify410" : "errors:verify404";
  return problem === "expired" ? "errors:confirm410" : "errors:confirm404";
}

/** The page title's key: every activation flow says "Activate your account", a reset "Choose a new password". */
export function newPasswordTitleKey(flow: NewPasswordFlow): "auth:activate.title" | "auth:reset.title" {
  return flow === "reset" ? "auth:reset.title" : "auth:activate.title";
}

/**
 * Choose a password with its confirmation. The token stays in the path: it is never echoed into
 * the page (the island reads it from the address bar when the form is sent).
 */
export function NewPasswordPage({ lang, flow, problem, account = null }: NewPasswordPageProps) {
  const t = useT();
  if (problem) {
    return (
      <div className="form">
        <Alert variant="error">{t(problemKey(flow, problem))}</Alert>
        {flow === "reset" ? (
          <a className="button button-primary button-block" href={`/forgot-password/${lang}`}>
            {t("auth:signin.forgot")}
          </a>
        ) : null}
        <BackToSignIn lang={lang} />
      </div>
    );
  }
  return (
    <>
      <p className="form-intro">{t(flow === "reset" ? "auth:reset.intro" : "auth:activate.intro")}</p>
      <NeedsScript />
      <Island
        name="NewPasswordForm"
        component={NewPasswordForm}
        props={account ? { lang, flow, account } : { lang, flow }}
        namespaces={["auth", "validation"]}
      />
    </>
  );
}
