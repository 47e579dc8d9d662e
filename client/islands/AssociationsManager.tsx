import { useEffect, useRef, useState, type FormEvent } from "react";
import { useEffectEvent, useId } from "../components/hooks";
import { createDomainsApi, type Association } from "../../shared/api/domains";
import { Alert } from "../components/forms/Alert";
import { useCallMessage } from "../components/forms/useCallMessage";
import { EmptyState } from "../components/list/EmptyState";
import { useT } from "../components/render-context";
import { ASSOCIATION_CREATE_EVENT } from "./AssociationCreate";

/** Props of the associations list (root only). */
export interface AssociationsManagerProps {
  items: Association[];
  teams: { slug: string; teamName: string }[];
  csrfToken: string;
  /** A search is in force: the empty state says nothing matches, not that there is nothing yet. */
  filtered?: boolean;
}

interface Draft {
  id: string | null;
  name: string;
  teams: string[];
  status: "open" | "closed";
  closedCommunications: boolean;
}

const EMPTY: Draft = { id: null, name: "", teams: [], status: "open", closedCommunications: false };

/**
 * The associations table with create and edit (one dialog: name, companies, status, the
 * closed-communications toggle) and delete (a dialog naming the association). After a change the
 * page reloads, so it shows what the server now holds.
 */
export function AssociationsManager({ items, teams, csrfToken, filtered = false }: AssociationsManagerProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const editDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [doomed, setDoomed] = useState<Association | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), teams: useId(), status: useId(), closed: useId(), editTitle: useId(), deleteTitle: useId() };
  const api = () => createDomainsApi({ csrfToken });

  const openEdit = (association: Association | null) => {
    setFailure(null);
    setDraft(
      association
        ? {
            id: association.id,
            name: association.name,
            teams: association.teams.map((team) => team.slug),
            status: association.status,
            closedCommunications: association.closedCommunications,
          }
        : EMPTY,
    );
    editDialog.current?.showModal();
  };

  // 'Create association' is the toolbar's AssociationCreate island; it asks for the dialog here.
  const openCreate = useEffectEvent(() => openEdit(null));
  useEffect(() => {
    const listener = () => openCreate();
    document.addEventListener(ASSOCIATION_CREATE_EVENT, listener);
    return () => document.removeEventListener(ASSOCIATION_CREATE_EVENT, listener);
  }, []);

  const run = async (action: () => Promise<unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await action();
      window.location.assign(`/associations?done=${done}`);
    } catch (error) {
      setFailure(messageFor(error));
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = { name: draft.name, teams: draft.teams, status: draft.status, closedCommunications: draft.closedCommunications };
    void run(
      () => (draft.id ? api().updateAssociation({ id: draft.id, ...body }) : api().createAssociation(body)),
      draft.id ? "updated" : "created",
    );
  };

  return (
    <div className="associations-manager">
      {items.length === 0 ? (
        <EmptyState title={t(filtered ? "associations:noMatch" : "associations:empty")} />
      ) : (
        <div className="list-table-frame">
          <table className="data-table list-table associations-table">
            <caption className="visually-hidden">{t("associations:caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("associations:columns.name")}</th>
                <th scope="col">{t("associations:columns.teams")}</th>
                <th scope="col">{t("associations:columns.status")}</th>
                <th scope="col">{t("associations:columns.closedCommunications")}</th>
                <th scope="col">{t("associations:columns.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((association) => (
                <tr key={association.id} data-id={association.id}>
                  <th scope="row">{association.name}</th>
                  <td data-label={t("associations:columns.teams")}>{association.teams.map((team) => team.teamName).join(", ")}</td>
                  <td data-label={t("associations:columns.status")}>
                    <span className={association.status === "open" ? "badge badge-active" : "badge badge-blocked"}>
                      {t(`associations:status.${association.status}`)}
                    </span>
                  </td>
                  <td data-label={t("associations:columns.closedCommunications")}>
                    {t(association.closedCommunications ? "associations:yes" : "associations:no")}
                  </td>
                  <td className="row-actions cell-block" data-label={t("associations:columns.actions")}>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={t("associations:editLabel", { name: association.name })}
                      onClick={() => openEdit(association)}
                    >
                      {t("associations:edit")}
                    </button>
                    <button
                      type="button"
                      className="button button-small button-danger"
                      aria-label={t("associations:deleteLabel", { name: association.name })}
                      onClick={() => {
                        setFailure(null);
                        setDoomed(association);
                        deleteDialog.current?.showModal();
                      }}
                    >
                      {t("associations:delete")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dialog ref={editDialog} className="dialog" aria-labelledby={ids.editTitle}>
        <form className="form" onSubmit={save}>
          <h2 id={ids.editTitle} className="dialog-title">
            {t(draft.id ? "associations:editTitle" : "associations:createTitle")}
          </h2>
          <label htmlFor={ids.name}>{t("associations:name")}</label>
          <input
            id={ids.name}
            className="input"
            required
            maxLength={320}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <label htmlFor={ids.teams}>{t("associations:teams")}</label>
          <select
            id={ids.teams}
            className="input"
            multiple
            size={Math.min(8, Math.max(3, teams.length))}
            value={draft.teams}
            onChange={(e) => setDraft({ ...draft, teams: Array.from(e.target.selectedOptions, (o) => o.value) })}
          >
            {teams.map((team) => (
              <option key={team.slug} value={team.slug}>
                {team.teamName}
              </option>
            ))}
          </select>
          <p className="card-note">{t("associations:teamsHint")}</p>
          <label htmlFor={ids.status}>{t("associations:columns.status")}</label>
          <select
            id={ids.status}
            className="input"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value === "closed" ? "closed" : "open" })}
          >
            <option value="open">{t("associations:status.open")}</option>
            <option value="closed">{t("associations:status.closed")}</option>
          </select>
          <div className="checkbox">
            <input
              id={ids.closed}
              type="checkbox"
              checked={draft.closedCommunications}
              onChange={(e) => setDraft({ ...draft, closedCommunications: e.target.checked })}
            />
            <label htmlFor={ids.closed}>{t("associations:closedCommunications")}</label>
          </div>
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => editDialog.current?.close()} disabled={busy}>
              {t("associations:cancel")}
            </button>
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
              {t("associations:save")}
            </button>
          </div>
        </form>
      </dialog>
      <dialog ref={deleteDialog} className="dialog" aria-labelledby={ids.deleteTitle}>
        <div className="form">
          <h2 id={ids.deleteTitle} className="dialog-title">
            {t("associations:deleteTitle", { name: doomed?.name ?? "" })}
          </h2>
          <p>{t("associations:deleteBody")}</p>
          {failure ? <Alert variant="error">{failure}</Alert> : null}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => deleteDialog.current?.close()} disabled={busy}>
              {t("associations:cancel")}
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              aria-busy={busy}
              onClick={() => doomed && void run(() => api().deleteAssociation({ id: doomed.id }), "deleted")}
            >
              {t("associations:delete")}
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
