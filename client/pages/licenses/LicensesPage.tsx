import { LICENSE_TYPES, PACK_STATES } from "../../../shared/domain/licenses";
import type { NavEdition } from "../../../shared/domain/navigation";
import type { TeamRef } from "../../../shared/api/responses";
import { Island } from "../../components/Island";
import { EmptyState } from "../../components/list/EmptyState";
import { ExportForm } from "../../components/list/ExportForm";
import { ListFrame, listFrameProps } from "../../components/list/ListFrame";
import { activeChips, clearedHref, type ListFiltersProps } from "../../components/list/listQuery";
import { useT } from "../../components/render-context";
import { LicenseGauge, type LicenseGaugeProps } from "../../islands/LicenseGauge";
import { LicensesTable, type LicensesTableProps } from "../../islands/LicensesTable";

/** Namespaces the license islands read in the browser. */
export const LICENSES_ISLAND_NAMESPACES = ["licenses", "validation"] as const;

/** The list's query as the page echoes it into the toolbar and its links. */
export interface LicenseListView {
  team?: string;
  state?: string;
  licenseType?: string;
  limit: number;
  defaultLimit: number;
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
  /** The catalogue message when the packs could not be read (the list's error state). */
  error?: string | null;
}

/**
 * Licenses → Status (SPEC §2 /licenses): the gauge and per-company summary, then the packs in the
 * list frame (docs/DECISIONS.md "The list pattern"): company, state and type filters, chips,
 * count, page size, pager above and below; packs sorted by expiration (the API's one order). The
 * rows are an island: root extends, expires or distributes a pack in place.
 */
export function LicensesPage({ query, total, nextCursor, teams, gauge, table, edition, canAddLicenses, error }: LicensesPageProps) {
  const t = useT();
  const any = t("common:list.any");
  const filters: ListFiltersProps = {
    action: "/licenses",
    label: t("licenses:filters.title"),
    search: null,
    selects: [
      {
        name: "team",
        label: t("licenses:filters.team"),
        value: query.team ?? "",
        anyLabel: any,
        options: teams.map((team) => ({ value: team.slug, label: team.teamName })),
      },
      {
        name: "state",
        label: t("licenses:filters.state"),
        value: query.state ?? "",
        anyLabel: any,
        options: PACK_STATES.map((state) => ({ value: state, label: t(`licenses:state.${state}`) })),
      },
      {
        name: "licenseType",
        label: t("licenses:filters.type"),
        value: query.licenseType ?? "",
        anyLabel: any,
        options: LICENSE_TYPES.map((type) => ({ value: type, label: t(`licenses:types.${type}`) })),
      },
    ],
    keep: {},
    limit: { value: query.limit, default: query.defaultLimit },
  };
  const filtered = activeChips(filters).length > 0;
  const addLabel = t(edition === "public" ? "licenses:list.purchase" : "licenses:list.activate");
  const add = canAddLicenses ? (
    <a className="button button-primary" href="/purchase">
      {addLabel}
    </a>
  ) : null;
  return (
    <div className="licenses-page">
      <Island name="LicenseGauge" component={LicenseGauge} props={gauge} namespaces={LICENSES_ISLAND_NAMESPACES} />
      <ListFrame
        {...listFrameProps(filters, { items: table.items, total, nextCursor }, query.cursor, t("licenses:list.pages"), error)}
        actions={add}
        exportMenu={
          <ExportForm
            resource="licenses"
            filters={{ team: query.team, state: query.state, licenseType: query.licenseType }}
            total={total}
          />
        }
        empty={
          <EmptyState
            title={t(filtered ? "licenses:list.noMatch" : "licenses:list.emptyTitle")}
            hint={
              filtered
                ? t("licenses:list.noMatchHint")
                : t(
                    canAddLicenses
                      ? edition === "public"
                        ? "licenses:list.emptyPurchase"
                        : "licenses:list.emptyActivate"
                      : "licenses:list.emptyAdmin",
                  )
            }
            action={
              filtered ? (
                <a className="button" href={clearedHref(filters)}>
                  {t("licenses:filters.clear")}
                </a>
              ) : (
                add
              )
            }
          />
        }
      >
        <Island name="LicensesTable" component={LicensesTable} props={table} namespaces={LICENSES_ISLAND_NAMESPACES} />
      </ListFrame>
    </div>
  );
}
