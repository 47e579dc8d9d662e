import { useT } from "../render-context";

/**
 * Shown only when the browser runs no JavaScript, above a form that carries a secret: such a form
 * cannot be sent without its island (the password is hashed in the browser and posted as JSON),
 * so its submit button stays disabled and this says why instead of leaving the visitor guessing.
 */
export function NeedsScript() {
  const t = useT();
  return (
    <noscript>
      <p className="notice" role="note">
        {t("auth:noScript")}
      </p>
    </noscript>
  );
}
