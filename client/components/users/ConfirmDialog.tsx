import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { useId } from "../hooks";
import { Alert } from "../forms/Alert";
import { SubmitButton } from "../forms/SubmitButton";
import { useT } from "../render-context";

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: "primary" | "danger";
  busy: boolean;
  /** The confirm button stays disabled (what was reviewed cannot run); Cancel still works. */
  confirmDisabled?: boolean;
  error?: string | null;
  onConfirm: () => void;
  /** Called when the dialog closes for any reason (Cancel, Escape, or `open` turning false). */
  onClose: () => void;
}

/**
 * A native modal `<dialog>` that asks before an action: explicit Cancel and confirm buttons,
 * Escape closes it (not while the action runs), focus returns where it was. The action's
 * failure is shown inside, so the admin can retry or cancel.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = "primary",
  busy,
  confirmDisabled = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy && !confirmDisabled) onConfirm();
  };

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <form className="form" noValidate onSubmit={submit}>
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div id={bodyId} className="dialog-body">
          {children}
        </div>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => ref.current?.close()} disabled={busy}>
            {t("common:actions.cancel")}
          </button>
          <SubmitButton busy={busy} variant={tone} disabled={busy || confirmDisabled}>
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
