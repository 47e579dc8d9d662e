import { Island } from "../../components/Island";
import { NeedsScript } from "../../components/forms/NeedsScript";
import { useT } from "../../components/render-context";
import { ForgotPasswordForm } from "../../islands/ForgotPasswordForm";

/** Props of /forgot-password/{lang}. */
export interface ForgotPasswordPageProps {
  lang: string;
}

/** /forgot-password/{lang}: explains the one-hour link, then the island that asks for it. */
export function ForgotPasswordPage({ lang }: ForgotPasswordPageProps) {
  const t = useT();
  return (
    <>
      <p className="form-intro">{t("auth:forgot.intro")}</p>
      <NeedsScript />
      <Island name="ForgotPasswordForm" component={ForgotPasswordForm} props={{ lang }} namespaces={["auth", "validation"]} />
    </>
  );
}
