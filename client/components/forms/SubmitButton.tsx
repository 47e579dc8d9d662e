import type { ButtonHTMLAttributes, ReactNode } from "react";

/**
 * The submit button of an island form: disabled and `aria-busy` while the request runs, so a
 * double click cannot send twice and assistive technology hears that work is in progress.
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
  const classes = ["button", variant === "default" ? "" : `button-${variant}`, block ? "button-block" : ""].filter(Boolean).join(" ");
  return (
    <button type="submit" className={classes} disabled={busy} aria-busy={busy} {...rest}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
