import { useEffect, useState } from "react";
import { useEffectEvent } from "../hooks";
import { extendedExpiration } from "../../../shared/domain/licenses";
import { licenseExtendDaysRange } from "../../../shared/limits";
import { createLicensesApi } from "../../../shared/api/licenses";
import { LicenseUpdateSchema, type LicensePack, type LicenseUpdateResponse } from "../../../shared/schemas/license";
import type { TeamRef } from "../../../shared/api/responses";
import { ConfirmDialog } from "../users/ConfirmDialog";
import { TextField } from "../forms/Field";
import { useCallMessage } from "../forms/useCallMessage";
import { validateForm, type FieldErrors } from "../forms/validation";
import { useLang, useT } from "../render-context";
import { formatDateTime, formatNumber } from "../../lib/datetime";
import { announceSeatsChanged, type SeatsChange } from "./events";
import { counted, overCapacity, seatsAfter } from "./format";
import type { Seats } from "./seats";
import { TeamPicker } from "./TeamPicker";

/** The root-only actions on a pack (SPEC §2: extend by days from today, expire, distribute). */
export type LicenseAction = "extend" | "expire" | "distribute";

/** A pack row of the list: the pack as the API answers it, with its company's name. */
export type LicenseRow = LicensePack & { teamName: string | null };

/** Props of {@link LicenseActionDialog}. */
export interface LicenseActionDialogProps {
  action: LicenseAction | null;
  pack: LicenseRow | null;
  /** Companies a pack may be distributed to (the admin's scope); null: searched (a large scope). */
  teams: TeamRef[] | null;
  csrfToken: string;
  timezone: string;
  /** When the admin opened the dialog (read in the click handler): the clock "extend" counts from. */
  openedAt: number;
  /** After the call; `target` names a distribution's receiving company. */
  onDone: (result: LicenseUpdateResponse, target: TeamRef | null) => void;
  onClose: () => void;
}

const DEFAULT_DAYS = "30";

/** How the capacity of the pack's company moves: only an unexpired pack counts (DESIGN §11). */
function sourceDelta(action: LicenseAction, pack: LicenseRow, count: number): number {
  const counts = pack.state !== "expired";
  if (action === "extend") return counts ? 0 : pack.licenseCount;
  if (action === "expire") return counts ? -pack.licenseCount : 0;
  return counts ? -count : 0;
}

/** One company's "licenses after this" line, with the over-capacity consequence when there is one. */
function EffectLine({ teamName, before, after }: { teamName: string; before: Seats | null; after: Seats | null }) {
  const t = useT();
  const lang = useLang();
  if (!before || !after) return <p className="muted">{t("licenses:actions.readingSeats", { team: teamName })}</p>;
  const over = overCapacity(after);
  return (
    <div className="license-effect" data-effect-team={teamName}>
      <p>
        {t("licenses:actions.after", {
          team: teamName,
          capacity: formatNumber(after.capacity, lang),
          available: formatNumber(after.available, lang),
          was: formatNumber(before.available, lang),
        })}
      </p>
      {over > 0 ? (
        <p className="license-effect-over">
          {counted(t, "licenses:actions.overCapacity", over, { team: teamName, over: formatNumber(over, lang) })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The confirmation of extend, expire or distribute: it reads the companies' licenses when it
 * opens and states the effect ("licenses after this") as the admin types, validates with the
 * shared schema, and after the call reads the licenses again and announces the change to the
 * gauge. A refusal (e.g. the source company would drop below what it uses) stays in the dialog.
 */
export function LicenseActionDialog({ action, pack, teams, csrfToken, timezone, openedAt, onDone, onClose }: LicenseActionDialogProps) {
  const t = useT();
  const lang = useLang();
  const messageFor = useCallMessage();
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [targetTeam, setTargetTeam] = useState<TeamRef | null>(null);
  const target = targetTeam?.slug ?? "";
  const [count, setCount] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [seats, setSeats] = useState<Record<string, Seats>>({});
  const [now, setNow] = useState(openedAt);
  const api = createLicensesApi({ csrfToken });

  // Another pack or action starts from a clean form; reset while rendering, before anything shows.
  const opened = `${action ?? ""}:${pack?.id ?? ""}`;
  const [shownFor, setShownFor] = useState(opened);
  if (shownFor !== opened) {
    setShownFor(opened);
    setDays(DEFAULT_DAYS);
    setTargetTeam(null);
    setCount("");
    setErrors({});
    setFailure(null);
    setSeats({});
    setNow(openedAt);
  }

  const readSeats = (slug: string) =>
    void api.seats(slug).then(
      (value) => setSeats((current) => ({ ...current, [slug]: value })),
      (error: unknown) => setFailure(messageFor(error)),
    );
  const readOpenedSeats = useEffectEvent(() => {
    if (pack?.team) readSeats(pack.team);
  });
  const readTargetSeats = useEffectEvent(() => {
    if (target && !seats[target]) readSeats(target);
  });

  // The company's licenses are read again for each pack or action opened, the target's when chosen.
  useEffect(() => readOpenedSeats(), [action, pack?.id]);
  useEffect(() => readTargetSeats(), [target]);

  if (!action || !pack)
    return (
      <ConfirmDialog open={false} title="" confirmLabel="" busy={false} onConfirm={() => undefined} onClose={onClose}>
        {null}
      </ConfirmDialog>
    );

  const teamName = pack.teamName ?? pack.team ?? "—";
  const moved = Number.parseInt(count, 10);
  const movedCount = Number.isFinite(moved) && moved > 0 ? moved : 0;
  const before = pack.team ? (seats[pack.team] ?? null) : null;
  const after = before ? seatsAfter(before, sourceDelta(action, pack, movedCount)) : null;
  const targetBefore = target ? (seats[target] ?? null) : null;
  const targetAfter = targetBefore ? seatsAfter(targetBefore, pack.state === "expired" ? 0 : movedCount) : null;
  const extendDays = Number.parseInt(days, 10);
  const newExpiry =
    Number.isFinite(extendDays) && extendDays >= licenseExtendDaysRange.min && extendDays <= licenseExtendDaysRange.max
      ? formatDateTime(extendedExpiration(now, extendDays).toISOString(), lang, timezone)
      : null;

  const body = (): unknown => {
    if (action === "extend") return { id: pack.id, action, days: Number(days) };
    if (action === "expire") return { id: pack.id, action };
    return { id: pack.id, action, team: target, licenseCount: Number(count) };
  };

  const confirm = async () => {
    const checked = validateForm(LicenseUpdateSchema, body(), t);
    setErrors(checked.errors);
    if (!checked.ok) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await api.update(checked.data);
      const touched = [pack.team, action === "distribute" ? target : null].filter((slug): slug is string => Boolean(slug));
      // The action is done: a failed re-read only leaves the gauge as it was (the next load shows it).
      const changes: SeatsChange[] = [];
      for (const slug of touched) {
        const old = seats[slug];
        const now = old ? await api.seats(slug).catch(() => null) : null;
        if (old && now) changes.push({ team: slug, before: old, after: now });
      }
      announceSeatsChanged(changes);
      onDone(result, targetTeam);
    } catch (error) {
      setFailure(messageFor(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open
      title={t(`licenses:actions.${action}Title`, { team: teamName, count: pack.licenseCount })}
      confirmLabel={t(`licenses:actions.${action}Confirm`)}
      tone={action === "expire" ? "danger" : "primary"}
      busy={busy}
      error={failure}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {action === "extend" ? (
        <>
          <TextField
            label={t("licenses:actions.days")}
            hint={t("licenses:actions.daysHint", { min: licenseExtendDaysRange.min, max: licenseExtendDaysRange.max })}
            error={errors.days}
            type="number"
            inputMode="numeric"
            min={licenseExtendDaysRange.min}
            max={licenseExtendDaysRange.max}
            value={days}
            onChange={(event) => {
              setDays(event.target.value);
              setNow(Date.now());
            }}
          />
          <p>
            {newExpiry
              ? t("licenses:actions.newExpiration", { date: newExpiry })
              : t("licenses:actions.daysHint", { min: licenseExtendDaysRange.min, max: licenseExtendDaysRange.max })}
          </p>
        </>
      ) : null}
      {action === "expire" ? <p>{t("licenses:actions.expireBody")}</p> : null}
      {action === "distribute" ? (
        <>
          <TeamPicker
            label={t("licenses:actions.target")}
            error={errors.team}
            teams={teams}
            exclude={pack.team}
            placeholder={t("licenses:actions.targetPlaceholder")}
            value={target}
            onChange={setTargetTeam}
            csrfToken={csrfToken}
          />
          <TextField
            label={t("licenses:actions.count")}
            hint={t("licenses:actions.countHint", { max: formatNumber(pack.licenseCount - 1, lang) })}
            error={errors.licenseCount}
            type="number"
            inputMode="numeric"
            min={1}
            max={pack.licenseCount - 1}
            value={count}
            onChange={(event) => setCount(event.target.value)}
          />
        </>
      ) : null}
      {pack.team ? <EffectLine teamName={teamName} before={before} after={after} /> : null}
      {action === "distribute" && targetTeam ? (
        <EffectLine teamName={targetTeam.teamName} before={targetBefore} after={targetAfter} />
      ) : null}
    </ConfirmDialog>
  );
}
