import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useHydrated } from "./useHydrated";

/**
 * The submit button of an island form: disabled and `aria-busy` while the request runs, so a
 * double click cannot send twice and assistive technology hears that work is in progress. It is
 * also disabled until the island has hydrated: before that a click or Enter would make the
 * browser submit the form itself (a secret would go out unhashed), and a disabled default button
 * blocks implicit submission too.
 */
export function SubmitButton({
  busy,
  children,
  variant = "primary",
  block = false,
  ...rest
}: {
  busy: boolean;
  children: ReactNode;
  variant?: "primary" | "danger" | "default";
  block?: boolean;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children">) {
  const hydrated = useHydrated();
  const classes = ["button", variant === "default" ? "" : `button-${variant}`, block ? "button-block" : ""].filter(Boolean).join(" ");
  return (
    <button type="submit" className={classes} disabled={busy || !hydrated} aria-busy={busy} {...rest}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
