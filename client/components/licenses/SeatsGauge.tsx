import { useId } from "../hooks";
import { useLang, useT } from "../render-context";
import { formatNumber } from "../../lib/datetime";
import { counted } from "./format";
import type { Seats } from "./seats";

const SEGMENTS = ["users", "invites", "available"] as const;
const RADIUS = 52;

/** Each drawn segment's share of the ring (in percent) and where it starts: one after another. */
function ringArcs(seats: Seats, total: number): { key: (typeof SEGMENTS)[number]; share: number; start: number }[] {
  let start = 0;
  return SEGMENTS.map((key) => {
    const share = (Math.max(0, seats[key]) / total) * 100;
    const arc = { key, share, start };
    start += share;
    return arc;
  });
}

/**
 * The license gauge of SPEC §2 (Users / Invites / Available) as an inline SVG ring drawn on the
 * server. The ring is decoration (aria-hidden); the numbers are real text beside it, so a screen
 * reader, a page without script and a search for the number all read the same figures. When the
 * used licenses exceed the capacity (a pack expired under its users) the ring is drawn against
 * what is used and a note says by how much.
 */
export function SeatsGauge({ seats, title }: { seats: Seats; title: string }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const format = (n: number) => formatNumber(n, lang);
  const used = seats.users + seats.invites;
  const over = Math.max(0, used - seats.capacity);
  const total = Math.max(seats.capacity, used, 1);
  return (
    <figure className="seats-gauge" aria-labelledby={`${id}-title`} data-capacity={seats.capacity} data-available={seats.available}>
      <svg className="seats-gauge-ring" viewBox="0 0 120 120" width={120} height={120} aria-hidden="true" focusable="false">
        <circle className="seats-gauge-track" cx={60} cy={60} r={RADIUS} pathLength={100} />
        {ringArcs(seats, total).map(({ key, share, start }) =>
          share > 0 ? (
            <circle
              key={key}
              className={`seats-gauge-arc seats-gauge-${key}`}
              cx={60}
              cy={60}
              r={RADIUS}
              pathLength={100}
              strokeDasharray={`${share.toFixed(3)} ${(100 - share).toFixed(3)}`}
              strokeDashoffset={(25 - start).toFixed(3)}
            />
          ) : null,
        )}
        <text className="seats-gauge-figure" x={60} y={62} textAnchor="middle">
          {format(seats.available)}
        </text>
        <text className="seats-gauge-unit" x={60} y={80} textAnchor="middle">
          {t("licenses:gauge.availableShort")}
        </text>
      </svg>
      <div className="seats-gauge-text">
        <figcaption id={`${id}-title`} className="seats-gauge-title">
          {title}
        </figcaption>
        <dl className="seats-gauge-legend">
          {SEGMENTS.map((key) => (
            <div key={key} className={`seats-gauge-item seats-gauge-item-${key}`}>
              <dt>
                <span className={`seats-gauge-swatch seats-gauge-${key}`} aria-hidden="true" />
                {t(`licenses:gauge.${key}`)}
              </dt>
              <dd data-seats={key}>{format(seats[key])}</dd>
            </div>
          ))}
        </dl>
        <p className="seats-gauge-capacity">{t("licenses:gauge.capacity", { capacity: format(seats.capacity) })}</p>
        {over > 0 ? <p className="seats-gauge-over">{counted(t, "licenses:gauge.over", over, { over: format(over) })}</p> : null}
      </div>
    </figure>
  );
}
