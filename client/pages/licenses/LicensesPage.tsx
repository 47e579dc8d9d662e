import { ExportForm } from "../../components/list/ExportForm";
import { CountLine } from "../../components/list/CountLine";
import { LICENSE_TYPES, PACK_STATES } from "../../../shared/domain/licenses";
import type { NavEdition } from "../../../shared/domain/navigation";
import type { TeamRef } from "../../../shared/api/responses";
import { Island } from "../../components/Island";
import { useLang, useT } from "../../components/render-context";
import { formatNumber } from "../../lib/datetime";
import { LicenseGauge, type LicenseGaugeProps } from "../../islands/LicenseGauge";
import { LicensesTable, type LicensesTableProps } from "../../islands/LicensesTable";

/** Namespaces the license islands read in the browser. */
export const LICENSES_ISLAND_NAMESPACES = ["licenses", "validation"] as const;

/** The list's query as the page echoes it into the filter form and its links. */
export interface LicenseListView {
  team?: string;
  state?: string;
  licenseType?: string;
  cursor?: string;
}

/** Props of /licenses. */
export interface LicensesPageProps {
  query: LicenseListView;
  total: number;
  nextCursor: string | null;
  /** Companies in scope, for the filter. */
  teams: TeamRef[];
  gauge: LicenseGaugeProps;
  table: LicensesTableProps;
  edition: NavEdition;
  /** Purchase (public edition, everyone) or activate (private edition, root). */
  canAddLicenses: boolean;
}

/** `/licenses?…` with the given changes to the current query (empty values dropped). */
export function licensesHref(query: LicenseListView, changes: Partial<LicenseListView> = {}): string {
  const params = new URLSearchParams();
  for (const name of ["team", "state", "licenseType", "cursor"] as const) {
    const value = name in changes ? changes[name] : query[name];
    if (value) params.set(name, value);
  }
  const text = params.toString();
  return text ? `/licenses?${text}` : "/licenses";
}

/**
 * Licenses → Status (SPEC §2 /licenses): the gauge and per-company summary, a GET filter form
 * (company, state, type), the packs sorted by expiration with keyset "Next page", and an empty
 * state that says what to do next. Without script everything but the actions works; the
 * actions, for root, are in the table island.
 */
export function LicensesPage({ query, total, nextCursor, teams, gauge, table, edition, canAddLicenses }: LicensesPageProps) {
  const t = useT();
  const lang = useLang();
  const filtered = Boolean(query.team || query.state || query.licenseType);
  const addLabel = t(edition === "public" ? "licenses:list.purchase" : "licenses:list.activate");
  return (
    <div className="licenses-page">
      <Island name="LicenseGauge" component={LicenseGauge} props={gauge} namespaces={LICENSES_ISLAND_NAMESPACES} />
      <div className="licenses-toolbar">
        <CountLine className="licenses-count" index={query.cursor ? null : 0} limit={table.items.length} shown={table.items.length} total={total} />
        {canAddLicenses ? <a className="button button-primary" href="/purchase">{addLabel}</a> : null}
      </div>
      <ExportForm resource="licenses" filters={{ team: query.team, state: query.state, licenseType: query.licenseType }} total={total} />
      <form className="filters card licenses-filters" method="get" action="/licenses" role="search" aria-label={t("licenses:filters.title")}>
        <div className="field">
          <label className="field-label" htmlFor="licenses-team">{t("licenses:filters.team")}</label>
          <select id="licenses-team" className="input" name="team" defaultValue={query.team ?? ""}>
            <option value="">{t("licenses:filters.any")}</option>
            {teams.map((team) => <option key={team.slug} value={team.slug}>{team.teamName}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="licenses-state">{t("licenses:filters.state")}</label>
          <select id="licenses-state" className="input" name="state" defaultValue={query.state ?? ""}>
            <option value="">{t("licenses:filters.any")}</option>
            {PACK_STATES.map((state) => <option key={state} value={state}>{t(`licenses:state.${state}`)}</option>)}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="licenses-type">{t("licenses:filters.type")}</label>
          <select id="licenses-type" className="input" name="licenseType" defaultValue={query.licenseType ?? ""}>
            <option value="">{t("licenses:filters.any")}</option>
            {LICENSE_TYPES.map((type) => <option key={type} value={type}>{t(`licenses:types.${type}`)}</option>)}
          </select>
        </div>
        <div className="licenses-filter-actions">
          <button type="submit" className="button button-primary">{t("licenses:filters.apply")}</button>
          {filtered ? <a className="button" href="/licenses">{t("licenses:filters.clear")}</a> : null}
        </div>
      </form>
      {table.items.length === 0 ? (
        <div className="empty-state licenses-empty">
          <p className="empty-title">{t(filtered ? "licenses:list.noMatch" : "licenses:list.emptyTitle")}</p>
          <p>
            {filtered
              ? t("licenses:list.noMatchHint")
              : t(canAddLicenses ? (edition === "public" ? "licenses:list.emptyPurchase" : "licenses:list.emptyActivate") : "licenses:list.emptyAdmin")}
          </p>
          {filtered ? <a className="button" href="/licenses">{t("licenses:filters.clear")}</a> : canAddLicenses ? <a className="button button-primary" href="/purchase">{addLabel}</a> : null}
        </div>
      ) : (
        <Island name="LicensesTable" component={LicensesTable} props={table} namespaces={LICENSES_ISLAND_NAMESPACES} />
      )}
      {query.cursor || nextCursor ? (
        <nav className="pager" aria-label={t("licenses:list.pages")}>
          {query.cursor ? <a className="button" href={licensesHref(query, { cursor: undefined })}>{t("licenses:list.first")}</a> : null}
          {nextCursor ? <a className="button" rel="next" href={licensesHref(query, { cursor: nextCursor })}>{t("licenses:list.next")}</a> : null}
        </nav>
      ) : null}
    </div>
  );
}
