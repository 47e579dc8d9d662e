import { useEffect, useRef, useState } from "react";
import { Alert } from "../components/forms/Alert";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useT } from "../components/render-context";
import { usersCalls } from "../components/users/api";
import { ConfirmDialog } from "../components/users/ConfirmDialog";
import { DateTime } from "../components/users/format";
import type { DeviceWipe } from "../components/users/types";
import { announceStatus } from "../components/status/pageStatus";

/** Props of the per-device island on the user profile. */
export interface DeviceActionsProps {
  uid: string;
  deviceId: string;
  /** The device as the dialogs name it (its name, else its platform). */
  label: string;
  wipe: DeviceWipe;
  csrfToken: string;
  timezone: string;
}

type Pending = "wipe" | "delete" | null;

/**
 * One device's wipe status and actions: remote wipe (`PUT /v2/device/wipe`, then 'Wipe requested'
 * and the status turns pending until the service acknowledges it) and deletion
 * (`DELETE /v2/device`), each after a confirmation dialog.
 */
export function DeviceActions({ uid, deviceId, label, wipe: initialWipe, csrfToken, timezone }: DeviceActionsProps) {
  const t = useT();
  const messageFor = useCallMessage();
  const root = useRef<HTMLDivElement>(null);
  const [wipe, setWipe] = useState(initialWipe);
  const [deleted, setDeleted] = useState(false);
  const [asking, setAsking] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refocus = useRef(false);
  // Wipe and Delete remove their own button: focus goes to what remains of this device's
  // actions (Delete after a wipe, the device's status after a delete), never to the body.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    const rest = root.current?.querySelector<HTMLElement>(".device-buttons button") ?? root.current;
    window.requestAnimationFrame(() => rest?.focus());
  });

  const confirm = () => {
    const action = asking;
    if (!action) return;
    setBusy(true);
    setFailure(null);
    const calls = usersCalls(csrfToken);
    const request = action === "wipe" ? calls.wipe(uid, deviceId) : calls.deleteDevice(uid, deviceId);
    request
      .then(() => {
        setAsking(null);
        if (action === "wipe") {
          setWipe({ status: "pending", requestedAt: new Date().toISOString(), wipedAt: null });
          setNotice(announceStatus(t("errors:deviceWipe200")) ? null : t("errors:deviceWipe200"));
          refocus.current = true;
        } else {
          setDeleted(true);
          setNotice(announceStatus(t("errors:deviceDelete200")) ? null : t("errors:deviceDelete200"));
          refocus.current = true;
          root.current?.closest("tr")?.classList.add("is-deleted");
        }
      })
      .catch((error: unknown) => setFailure(messageFor(error)))
      .finally(() => setBusy(false));
  };

  const when = wipe.status === "done" ? wipe.wipedAt : wipe.status === "pending" ? wipe.requestedAt : null;
  return (
    <div className="device-actions" ref={root} tabIndex={-1} data-wipe={deleted ? "deleted" : wipe.status}>
      <span className={`badge badge-wipe-${deleted ? "deleted" : wipe.status}`}>
        {deleted ? t("users:devices.deleted") : t(`users:devices.wipeStatus.${wipe.status}`)}
      </span>
      {!deleted && when ? (
        <span className="device-when">
          <DateTime iso={when} timeZone={timezone} />
        </span>
      ) : null}
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {deleted ? null : (
        <div className="device-buttons" role="group" aria-label={t("users:devices.actionsFor", { device: label })}>
          {wipe.status === "none" ? (
            <button type="button" className="button button-small button-danger" aria-haspopup="dialog" onClick={() => setAsking("wipe")}>
              {t("users:devices.wipeOpen")}
            </button>
          ) : null}
          <button type="button" className="button button-small" aria-haspopup="dialog" onClick={() => setAsking("delete")}>
            {t("users:devices.deleteOpen")}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === "delete" ? t("users:devices.deleteTitle") : t("users:devices.wipeTitle")}
        confirmLabel={asking === "delete" ? t("users:devices.deleteConfirm") : t("users:devices.wipeConfirm")}
        tone="danger"
        busy={busy}
        error={failure}
        onConfirm={confirm}
        onClose={() => {
          setAsking(null);
          setFailure(null);
        }}
      >
        <p>{asking === "delete" ? t("users:devices.deleteBody", { device: label }) : t("users:devices.wipeBody", { device: label })}</p>
      </ConfirmDialog>
    </div>
  );
}
