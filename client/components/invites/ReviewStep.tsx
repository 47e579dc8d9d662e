import { i18nKeyFor } from "../../../shared/errors";
import type { InviteType } from "../../../shared/domain/statuses";
import { maxCount } from "../../../shared/limits";
import { Alert } from "../forms/Alert";
import { useLang, useT } from "../render-context";
import { formatNumber } from "../../lib/datetime";
import { failureText, invalidCode } from "./types";
import type { Review, WizardDetails } from "./wizardState";

/** One count of the review, with its addresses behind a disclosure when there are any. */
function CountRow({
  label,
  addresses,
  testKey,
  note,
}: {
  label: string;
  addresses: readonly string[];
  testKey: string;
  note?: string | undefined;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <div className="invite-count" data-count={testKey}>
      <dt>{label}</dt>
      <dd>
        <span className="invite-count-value">{formatNumber(addresses.length, lang)}</span>
        {note && (addresses.length > 0 || testKey === "onboarded") ? <span className="field-hint"> {note}</span> : null}
        {addresses.length > 0 && testKey !== "new" ? (
          <details>
            <summary>{t("invites:review.show")}</summary>
            <ul className="invite-addresses">
              {addresses.slice(0, 200).map((address, index) => (
                <li key={`${index}-${address}`}>{address}</li>
              ))}
            </ul>
          </details>
        ) : null}
      </dd>
    </div>
  );
}

/** Props of {@link ReviewStep}. */
export interface ReviewStepProps {
  type: InviteType;
  details: WizardDetails;
  teamName: string;
  review: Review;
  /** The company's licenses are being read again. */
  checking: boolean;
}

/**
 * Step 3: what will be sent. The address counts and the licenses before and after are one grid
 * (two subgrids), so both groups' figures share one column. How many addresses are new, already onboarded (the server's review),
 * repeated, invalid or outside the company's white-listed domains, and the available licenses
 * before and after; over the available licenses the
 * send is blocked with SPEC §8's 'Not enough available licenses. Reduce number of invites'.
 */
export function ReviewStep({ type, details, teamName, review, checking }: ReviewStepProps) {
  const t = useT();
  const lang = useLang();
  const options = [
    type === "email" && details.matchUser ? t("invites:details.matchUser") : null,
    details.directSignIn ? t("invites:details.directSignIn") : null,
  ].filter((text): text is string => text !== null);
  return (
    <div className="invite-review">
      <dl className="invite-summary">
        <div>
          <dt>{t("invites:review.company")}</dt>
          <dd>{teamName}</dd>
        </div>
        <div>
          <dt>{t("invites:review.type")}</dt>
          <dd>{t(`invites:type.${type}`)}</dd>
        </div>
        <div>
          <dt>{t("invites:review.language")}</dt>
          <dd>{t(`common:language.${details.lang}`)}</dd>
        </div>
        <div>
          <dt>{t("invites:review.options")}</dt>
          <dd>{options.length > 0 ? options.join("; ") : t("invites:review.none")}</dd>
        </div>
      </dl>
      <div className="invite-figures">
        <h3 className="invite-counts-title">{t("invites:review.caption")}</h3>
        <dl className="invite-counts">
          <CountRow label={t("invites:review.new")} addresses={review.toSend} testKey="new" />
          <CountRow
            label={t("invites:review.onboarded")}
            addresses={review.onboarded}
            testKey="onboarded"
            note={checking ? t("invites:review.checking") : undefined}
          />
          {review.refused.length > 0 ? (
            <CountRow
              label={t("invites:review.refused")}
              addresses={review.refused.map((item) => `${item.address}: ${failureText(t, item.code)}`)}
              testKey="refused"
            />
          ) : null}
          <CountRow label={t("invites:review.duplicates")} addresses={review.duplicates} testKey="duplicates" />
          <CountRow
            label={t("invites:review.invalid")}
            addresses={review.invalid}
            testKey="invalid"
            note={failureText(t, invalidCode(type))}
          />
          {type === "email" ? (
            <CountRow label={t("invites:review.outsideDomains")} addresses={review.outsideDomains} testKey="outsideDomains" />
          ) : null}
        </dl>
        <dl className="invite-seats" aria-busy={checking}>
          <div data-seats="before">
            <dt>{t("invites:review.seatsBefore")}</dt>
            <dd>{checking ? t("invites:review.checking") : formatNumber(review.seatsBefore, lang)}</dd>
          </div>
          <div data-seats="after">
            <dt>{t("invites:review.seatsAfter")}</dt>
            <dd>{checking ? t("invites:review.checking") : formatNumber(review.seatsAfter, lang)}</dd>
          </div>
        </dl>
      </div>
      {!checking && review.over ? <Alert variant="error">{t(i18nKeyFor("notEnoughLicenses"))}</Alert> : null}
      {review.tooMany ? (
        <Alert variant="error">{t("invites:details.tooMany", { max: formatNumber(maxCount.inviteRecipients, lang) })}</Alert>
      ) : null}
      {!checking && review.toSend.length === 0 ? <Alert variant="error">{t("invites:review.nothing")}</Alert> : null}
      {!checking &&
      review.toSend.length > 0 &&
      review.toSend.length < review.valid.length + review.duplicates.length + review.invalid.length + review.outsideDomains.length ? (
        <p className="field-hint">{t("invites:review.skipped")}</p>
      ) : null}
    </div>
  );
}
