import { useT } from "../render-context";
import { ConfirmDialog } from "../users/ConfirmDialog";

/** Props of {@link UnsavedPrompt}. */
export interface UnsavedPromptProps {
  /** The address the admin clicked, while the question is open; null otherwise. */
  leaving: string | null;
  /** The question ('You have unsaved changes. Leave this page and lose them?'). */
  text: string;
  onLeave: () => void;
  onStay: () => void;
}

/**
 * The in-app question before a console link leaves unsaved changes (issue 27): the console's
 * own ConfirmDialog (styled, translated, focus kept), not the browser's `window.confirm`.
 * Cancel or Escape stays on the page with the edits; the danger button leaves without saving.
 */
export function UnsavedPrompt({ leaving, text, onLeave, onStay }: UnsavedPromptProps) {
  const t = useT();
  return (
    <ConfirmDialog
      open={leaving !== null}
      title={t("settings:unsaved.title")}
      confirmLabel={t("settings:unsaved.leave")}
      tone="danger"
      busy={false}
      onConfirm={onLeave}
      onClose={onStay}
    >
      <p>{text}</p>
    </ConfirmDialog>
  );
}
