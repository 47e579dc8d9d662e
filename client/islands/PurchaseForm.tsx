import { useEffect, useState } from "react";
import { useEffectEvent } from "../components/hooks";
import { LICENSE_TYPES, quotePrice, type LicenseType } from "../../shared/domain/licenses";
import { licenseCountRange, licenseTermMonths } from "../../shared/limits";
import { createLicensesApi } from "../../shared/api/licenses";
import type { TeamRef } from "../../shared/api/responses";
import { LicensePurchaseSchema, type LicenseCreateResponse, type LicensePriceList } from "../../shared/schemas/license";
import { Alert } from "../components/forms/Alert";
import { SelectField, TextField } from "../components/forms/Field";
import { SubmitButton } from "../components/forms/SubmitButton";
import { useCallMessage } from "../components/forms/useCallMessage";
import { useForm } from "../components/forms/useForm";
import { validateForm } from "../components/forms/validation";
import { announceSeatsChanged } from "../components/licenses/events";
import { formatMoney } from "../components/licenses/money";
import { counted, seatsAfter } from "../components/licenses/format";
import type { Seats } from "../components/licenses/seats";
import { TeamPicker } from "../components/licenses/TeamPicker";
import { ConfirmDialog } from "../components/users/ConfirmDialog";
import { useLang, useT } from "../components/render-context";
import { formatNumber } from "../lib/datetime";

/** Props of the purchase form (public edition). */
export interface PurchaseFormProps {
  /** Companies in the admin's scope (an admin buys for their own); null: a large scope, searched. */
  teams: TeamRef[] | null;
  /** The configured price list; null: read it from `GET /v2/license/prices` once hydrated. */
  prices: LicensePriceList | null;
  csrfToken: string;
  /** The company preselected (from `/purchase?team=`), when in scope. */
  team?: TeamRef;
}

/**
 * Licenses → Purchase (public edition): company, type, number of licenses and term; the price
 * from the configured price list and the company's licenses after the purchase update as the
 * admin types; a confirmation states both; `POST /v2/license` records the order (invoice
 * provider) and the page says 'License purchased successfully' with the invoice number.
 */
export function PurchaseForm({ teams, prices: givenPrices, csrfToken, team }: PurchaseFormProps) {
  const t = useT();
  const lang = useLang();
  const messageFor = useCallMessage();
  const initialTeam = team ?? (teams?.length === 1 ? teams[0]! : null);
  const [chosen, setChosen] = useState<TeamRef | null>(initialTeam);
  const form = useForm({ team: initialTeam?.slug ?? "", licenseType: "subscription", licenseCount: "", termMonths: "12" });
  const [seats, setSeats] = useState<Record<string, Seats>>({});
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [bought, setBought] = useState<LicenseCreateResponse | null>(null);
  const api = createLicensesApi({ csrfToken });
  const { values } = form;
  const [prices, setPrices] = useState<LicensePriceList>(givenPrices ?? { currency: "EUR", prices: [] });

  // Read once, when the page has no price list of its own.
  const readPrices = useEffectEvent(() => {
    if (givenPrices) return;
    api.prices().then(setPrices, (error: unknown) => setFailure(messageFor(error)));
  });
  useEffect(() => readPrices(), []);

  // The seats of each company are read once per page, when it is chosen.
  const readSeats = useEffectEvent(() => {
    if (!values.team || seats[values.team]) return;
    api.seats(values.team).then(
      (value) => setSeats((current) => ({ ...current, [values.team]: value })),
      (error: unknown) => setFailure(messageFor(error)),
    );
  });
  useEffect(() => readSeats(), [values.team]);

  // A type sold for other terms only (a trial: one month) moves the term to its first priced one;
  // only the type and the price list decide.
  const fitTerm = useEffectEvent(() => {
    const terms = prices.prices.filter((p) => p.licenseType === values.licenseType).map((p) => p.termMonths);
    if (terms.length > 0 && !terms.includes(Number(values.termMonths))) form.setValue("termMonths", String(Math.min(...terms)));
  });
  useEffect(() => fitTerm(), [values.licenseType, prices]);

  const count = Number.parseInt(values.licenseCount, 10);
  const validCount = Number.isFinite(count) && count >= licenseCountRange.min && count <= licenseCountRange.max ? count : null;
  const term = Number(values.termMonths);
  const price = validCount ? quotePrice(prices.prices, values.licenseType, term, validCount) : null;
  const priceText = price === null ? null : formatMoney(price, prices.currency, lang);
  const teamName = chosen?.teamName ?? "";
  const before = values.team ? (seats[values.team] ?? null) : null;
  const after = before && validCount ? seatsAfter(before, validCount) : null;
  // The purchase rules (issue #32) the server applies, shown under the count and checked before review.
  const rules = prices.rules;
  const countHint = rules
    ? [
        t("licenses:purchase.limitOrder", { max: formatNumber(rules.maxSeatsPerOrder, lang) }),
        t(rules.trialRootOnly ? "licenses:purchase.limitTrialRoot" : "licenses:purchase.limitTrialOnce", {
          max: formatNumber(rules.maxTrialSeats, lang),
        }),
        t("licenses:purchase.limitAdmin", { max: formatNumber(rules.adminOrderLimit, lang) }),
      ].join(" ")
    : undefined;
  const ruleError =
    rules && validCount !== null
      ? validCount > rules.maxSeatsPerOrder
        ? t("errors:licenseOrderTooLarge")
        : values.licenseType === "trial" && validCount > rules.maxTrialSeats
          ? t("errors:licenseTrialTooLarge")
          : null
      : null;
  const body = () => ({
    team: values.team,
    licenseType: values.licenseType as LicenseType,
    licenseCount: Number(values.licenseCount),
    termMonths: term,
  });

  const review = form.handleSubmit(() => {
    setBought(null);
    setFailure(null);
    const checked = validateForm(LicensePurchaseSchema, body(), t);
    if (!checked.ok) form.showErrors(checked.errors);
    else if (ruleError) form.showErrors({ licenseCount: ruleError });
    else if (price === null) form.showErrors({ termMonths: t("errors:licenseCreate422") });
    else setConfirming(true);
    return Promise.resolve();
  });

  const [busy, setBusy] = useState(false);
  const purchase = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const slug = values.team;
      const created = await api.purchase(body());
      const now = await api.seats(slug).catch(() => null);
      if (before && now) announceSeatsChanged([{ team: slug, before, after: now }]);
      if (now) setSeats((current) => ({ ...current, [slug]: now }));
      setBought(created);
      setConfirming(false);
      form.setValue("licenseCount", "");
    } catch (error) {
      setFailure(messageFor(error));
    } finally {
      setBusy(false);
    }
  };

  if (teams?.length === 0) return <p className="notice">{t("licenses:purchase.noTeams")}</p>;
  return (
    <div className="purchase">
      <form className="form purchase-form" noValidate onSubmit={review}>
        {bought ? (
          <Alert variant="success">
            {t("errors:licenseCreate200")}
            <span className="alert-note">
              {bought.order
                ? t("licenses:purchase.invoice", {
                    invoice: bought.order.invoiceNumber,
                    total: formatMoney(bought.order.totalMinor, bought.order.currency, lang),
                  })
                : null}{" "}
              <a href={`/licenses?team=${encodeURIComponent(bought.team ?? "")}`}>{t("licenses:purchase.seePacks")}</a>
            </span>
          </Alert>
        ) : null}
        {failure && !confirming ? <Alert variant="error">{failure}</Alert> : null}
        <TeamPicker
          label={t("licenses:purchase.team")}
          required
          placeholder={t("licenses:purchase.teamPlaceholder")}
          teams={teams}
          initial={initialTeam}
          value={values.team}
          error={form.errors.team}
          onChange={(next) => {
            setChosen(next);
            form.setValue("team", next?.slug ?? "");
          }}
          csrfToken={csrfToken}
        />
        <div className="form-row">
          <SelectField
            label={t("licenses:purchase.type")}
            options={LICENSE_TYPES.map((type) => ({ value: type, label: t(`licenses:types.${type}`) }))}
            {...form.bind("licenseType")}
          />
          <SelectField
            label={t("licenses:purchase.term")}
            options={licenseTermMonths.map((months) => ({ value: String(months), label: counted(t, "licenses:purchase.months", months) }))}
            {...form.bind("termMonths")}
          />
        </div>
        <TextField
          label={t("licenses:purchase.count")}
          required
          type="number"
          inputMode="numeric"
          min={licenseCountRange.min}
          max={licenseCountRange.max}
          {...(countHint ? { hint: countHint } : {})}
          {...form.bind("licenseCount")}
        />
        <dl className="summary purchase-quote" aria-live="polite">
          <dt>{t("licenses:purchase.price")}</dt>
          <dd data-quote="price">{priceText ?? (validCount ? t("licenses:purchase.noPrice") : "—")}</dd>
          <dt>{t("licenses:purchase.after")}</dt>
          <dd data-quote="after">
            {after
              ? t("licenses:purchase.afterText", {
                  capacity: formatNumber(after.capacity, lang),
                  available: formatNumber(after.available, lang),
                })
              : "—"}
          </dd>
        </dl>
        <div className="form-actions">
          <SubmitButton busy={busy}>{t("licenses:purchase.review")}</SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t("licenses:purchase.confirmTitle")}
        confirmLabel={t("licenses:purchase.confirm")}
        busy={busy}
        error={failure}
        onConfirm={() => void purchase()}
        onClose={() => setConfirming(false)}
      >
        <p>
          {counted(t, "licenses:purchase.confirmBody", validCount ?? 0, {
            licenses: formatNumber(validCount ?? 0, lang),
            type: t(`licenses:types.${values.licenseType}`),
            team: teamName,
            months: counted(t, "licenses:purchase.months", term),
            price: priceText ?? "",
          })}
        </p>
        {after ? (
          <p>
            {t("licenses:purchase.afterLine", {
              team: teamName,
              capacity: formatNumber(after.capacity, lang),
              available: formatNumber(after.available, lang),
            })}
          </p>
        ) : null}
        <p className="muted">{t("licenses:purchase.invoiceNote")}</p>
      </ConfirmDialog>
    </div>
  );
}
