/**
 * 'Create association', the associations list's primary action, top-right in the list toolbar
 * like every list's (issue 27: it sat under the filters). The dialog belongs to the
 * AssociationsManager island beside the rows; this button asks it to open through a document
 * event, so the two islands share no state.
 */
import { useT } from "../components/render-context";

/** The event AssociationsManager listens for to open its create dialog. */
export const ASSOCIATION_CREATE_EVENT = "bulwark:association-create";

/** See the module comment. */
export function AssociationCreate() {
  const t = useT();
  return (
    <button
      type="button"
      className="button button-primary"
      aria-haspopup="dialog"
      onClick={() => document.dispatchEvent(new CustomEvent(ASSOCIATION_CREATE_EVENT))}
    >
      {t("associations:create")}
    </button>
  );
}
