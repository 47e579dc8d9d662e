import { useState } from "react";
import { createTokensApi } from "../../shared/api/tokens";
import { useCallMessage } from "../components/forms/useCallMessage";
import { ConfirmDialog } from "../components/users/ConfirmDialog";
import { reloadWithStatus } from "../components/status/pageStatus";
import { useT } from "../components/render-context";

/** Props of the revoke island: one token (`id`), or every token of an admin (`all`). */
export interface TokenRevokeProps {
  csrfToken: string;
  /** The token's public id, for revoking one. */
  id?: string;
  /** The token's name (one) or the admin's username (all), named in the dialog. */
  name: string;
  /** Revoke every token of the admin (`admin`: their uid, or absent for one's own). */
  all?: boolean;
  admin?: string;
}

/**
 * API tokens → revoke: a modal dialog naming the token (or saying "all") asks for confirmation
 * before `DELETE /v2/tokens/:id` or `DELETE /v2/tokens?all=true`; the page then reloads without it.
 */
export function TokenRevoke({ csrfToken, id, name, all = false, admin }: TokenRevokeProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const api = createTokensApi({ csrfToken });
      if (all) await api.revokeAll(admin ? { admin } : {});
      else if (id) await api.revoke(id);
      reloadWithStatus(t("errors:tokenRevoke200"));
    } catch (error) {
      setFailure(messageFor(error));
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={all ? "button button-danger" : "button button-small"}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {all ? t("tokens:revoke.all") : t("tokens:revoke.one")}
        {all ? null : <span className="visually-hidden"> {name}</span>}
      </button>
      <ConfirmDialog
        open={open}
        title={all ? t("tokens:revoke.allTitle") : t("tokens:revoke.oneTitle", { name })}
        confirmLabel={t("tokens:revoke.confirm")}
        tone="danger"
        busy={busy}
        error={failure}
        onConfirm={() => void confirm()}
        onClose={() => {
          setOpen(false);
          setFailure(null);
        }}
      >
        <p>{t("tokens:revoke.body")}</p>
      </ConfirmDialog>
    </>
  );
}
