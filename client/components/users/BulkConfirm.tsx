import { i18nKeyFor, isCatalogueCode } from "../../../shared/errors";
import type { BulkReview } from "../../../shared/schemas/userBulk";
import { formatNumber, formatTotal } from "../../lib/datetime";
import { Alert } from "../forms/Alert";
import { useLang, useT, type Translate } from "../render-context";
import { ConfirmDialog } from "./ConfirmDialog";
import { displayName } from "./format";
import type { BulkAction, UserListItem } from "./types";
import type { BulkActionState } from "./useBulkAction";

/** A selected user as the confirmation names them. */
export type NamedUser = Pick<UserListItem, "uid" | "username" | "firstName" | "lastName">;

/** Whom the confirmation says the action acts on: the users ticked, or every user matching a filter. */
export type BulkSubject = { users: readonly NamedUser[] } | { matching: { total: number; capped: boolean; words: string } };

/** How many selected users the confirmation names before "and N more". */
export const NAMED_USERS = 5;

/** The confirmation question of a bulk action: how many users it changes (plural-aware), and the target team of a move. */
export function bulkConfirmText(t: Translate, action: BulkAction, count: number, teamName = ""): string {
  return t(`users:bulk.confirm.${action}`, { count, team: teamName });
}

/** Plural keys are built, not literal, so the key checker does not look for a base key. */
const plural = (key: string) => ["users:bulk.review", key].join(".");

/** A move cannot run when the target's licenses would be overrun; nothing to change is nothing to confirm. */
export function reviewBlocks(review: BulkReview): boolean {
  return review.changing === 0 || (review.seats !== undefined && review.seats.after > review.seats.limit);
}

function reasonText(t: Translate, code: string): string {
  return isCatalogueCode(code) ? t(i18nKeyFor(code)) : code;
}

/** Who the action acts on: up to five names (display name and username) then "and N more", or the filter's count and words. */
function Subject({ subject }: { subject: BulkSubject }) {
  const t = useT();
  const lang = useLang();
  if ("matching" in subject) {
    const { total, capped, words } = subject.matching;
    const key = words ? plural("matching") : plural("unfiltered");
    return <p className="bulk-subject">{t(key, { count: total, total: formatTotal(total, lang, capped), filter: words })}</p>;
  }
  const shown = subject.users.slice(0, NAMED_USERS);
  const more = subject.users.length - shown.length;
  return (
    <div className="bulk-subject">
      <p className="bulk-subject-title">{t("users:bulk.review.selected")}</p>
      <ul className="bulk-names">
        {shown.map((user) => (
          <li key={user.uid}>
            {displayName(user)} <span className="muted">({user.username})</span>
          </li>
        ))}
        {more > 0 ? <li>{t(plural("more"), { count: more })}</li> : null}
      </ul>
    </div>
  );
}

/** The server's review: how many change, the refused by reason with a few usernames, a move's licenses before and after. */
function Review({ review, teamName }: { review: BulkReview; teamName: string }) {
  const t = useT();
  const lang = useLang();
  const number = (value: number) => formatNumber(value, lang);
  const refused = review.refused.reduce((sum, group) => sum + group.count, 0);
  const seats = review.seats;
  return (
    <div className="bulk-review">
      {review.changing === 0 ? <p>{t("users:bulk.review.nothing")}</p> : null}
      {refused > 0 ? (
        <>
          <p>{t(plural("refused"), { count: refused })}</p>
          <ul className="bulk-refused">
            {review.refused.map((group) => (
              <li key={group.code} data-code={group.code}>
                {t("users:bulk.reason", { reason: reasonText(t, group.code), number: number(group.count) })}
                {group.examples.length > 0 ? (
                  <span className="muted"> — {t("users:bulk.review.examples", { examples: group.examples.join(", ") })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {seats ? <p className="bulk-subject-title">{t("users:bulk.review.seatsCaption", { team: teamName })}</p> : null}
      {seats ? (
        <dl className="bulk-seats">
          <div data-seats="before">
            <dt>{t("users:bulk.review.seatsBefore")}</dt>
            <dd>{t("users:bulk.review.seatsOf", { used: number(seats.before), limit: number(seats.limit) })}</dd>
          </div>
          <div data-seats="after">
            <dt>{t("users:bulk.review.seatsAfter")}</dt>
            <dd>{t("users:bulk.review.seatsOf", { used: number(seats.after), limit: number(seats.limit) })}</dd>
          </div>
        </dl>
      ) : null}
      {seats && seats.after > seats.limit ? <Alert variant="error">{t("users:bulk.review.seatsOver", { team: teamName })}</Alert> : null}
    </div>
  );
}

/**
 * The confirmation of a bulk action, on the list and on a user's profile: the question with the
 * number of users that will change, whom it acts on by name (or the filter in words), and the
 * server's review; the confirm button is disabled when the review says nothing can run.
 */
export function BulkConfirm({ state, subject }: { state: BulkActionState; subject: BulkSubject }) {
  const t = useT();
  const { pending } = state;
  const teamName = pending?.team?.teamName ?? "";
  return (
    <ConfirmDialog
      open={pending !== null}
      title={pending ? t(`users:bulk.titles.${pending.action}`) : ""}
      confirmLabel={pending ? t(`users:bulk.${pending.action}`) : ""}
      tone={pending?.action === "delete" || pending?.action === "block" ? "danger" : "primary"}
      busy={state.busy}
      confirmDisabled={pending ? reviewBlocks(pending.review) : false}
      error={state.failure}
      onConfirm={state.confirm}
      onClose={state.close}
    >
      {pending ? (
        <>
          <p>{bulkConfirmText(t, pending.action, pending.review.changing, teamName)}</p>
          <Subject subject={subject} />
          <Review review={pending.review} teamName={teamName} />
        </>
      ) : null}
    </ConfirmDialog>
  );
}
