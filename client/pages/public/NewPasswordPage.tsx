import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { NewPasswordForm } from "../../islands/NewPasswordForm";

/** Props of /verify/{lang}/{token} and /reset/{lang}/{token}; the token is deliberately absent. */
export interface NewPasswordPageProps {
  lang: string;
  mode: "verify" | "reset";
}

/**
 * Choose a password with its confirmation. The token stays in the path: it is never echoed into
 * the page (the island reads it from the address bar when the form is sent).
 */
export function NewPasswordPage({ lang, mode }: NewPasswordPageProps) {
  const t = useT();
  return (
    <>
      <p className="form-intro">{t(mode === "verify" ? "auth:verify.intro" : "auth:reset.intro")}</p>
      <Island name="NewPasswordForm" component={NewPasswordForm} props={{ lang, mode }} namespaces={["auth", "validation"]} />
    </>
  );
}
