import type { ReactNode } from "react";

/** How an Alert looks and is announced. */
export type AlertVariant = "error" | "success" | "info";

/**
 * A message box for the outcome of an action. Errors use role="alert" (announced at once);
 * success and progress use role="status" (announced politely). Render it only when there is a
 * message: an empty alert region would still count as an alert for assistive technology.
 */
export function Alert({ variant, children, id }: { variant: AlertVariant; children: ReactNode; id?: string }) {
  return (
    <div id={id} className={`alert alert-${variant}`} role={variant === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
