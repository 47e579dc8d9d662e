import { Island } from "../../components/Island";
import { NeedsScript } from "../../components/forms/NeedsScript";
import { SignInForm } from "../../islands/SignInForm";

/** Props of /signin/{lang}: the return path after sign-in and whether self-registration is open. */
export interface SignInPageProps {
  lang: string;
  next: string | null;
  registrationEnabled: boolean;
}

/** The sign-in page body: an island, because the password is hashed in the browser before it is sent. */
export function SignInPage({ lang, next, registrationEnabled }: SignInPageProps) {
  return (
    <>
      <NeedsScript />
      <Island name="SignInForm" component={SignInForm} props={{ lang, next, registrationEnabled }} namespaces={["auth", "validation"]} />
    </>
  );
}
