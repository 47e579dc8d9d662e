import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { InviteWizard, type InviteWizardProps } from "../../islands/InviteWizard";
import { InvitesTable, type InvitesTableProps } from "../../islands/InvitesTable";

/** Namespaces the invitation islands read in the browser. */
export const INVITES_ISLAND_NAMESPACES = ["invites", "validation"] as const;

/** The two views of /invites. */
export const INVITES_VIEWS = ["new", "pending"] as const;
/** One view of /invites. */
export type InvitesView = (typeof INVITES_VIEWS)[number];

/** Props of /invites: the open view and its island's props. */
export type InvitesPageProps = { view: "new"; wizard: InviteWizardProps } | { view: "pending"; table: InvitesTableProps };

/**
 * Users → Invite (SPEC §2 /invites): two tabs as links (each works without script), the
 * invitation wizard and the list of invitations with resend and delete.
 */
export function InvitesPage(props: InvitesPageProps) {
  const t = useT();
  const tabs: { view: InvitesView; href: string; label: string }[] = [
    { view: "new", href: "/invites", label: t("invites:tabs.wizard") },
    { view: "pending", href: "/invites?view=pending", label: t("invites:tabs.pending") },
  ];
  return (
    <div className="invites-page">
      <nav aria-label={t("invites:tabs.label")} className="tabs">
        <ul className="tab-list">
          {tabs.map((tab) => (
            <li key={tab.view}>
              <a
                href={tab.href}
                className={tab.view === props.view ? "tab tab-active" : "tab"}
                aria-current={tab.view === props.view ? "page" : undefined}
              >
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* The wizard is a form in a card; the list stands on the background like every list. */}
      {props.view === "new" ? (
        <div className="card">
          <Island name="InviteWizard" component={InviteWizard} props={props.wizard} namespaces={INVITES_ISLAND_NAMESPACES} />
        </div>
      ) : (
        <Island name="InvitesTable" component={InvitesTable} props={props.table} namespaces={INVITES_ISLAND_NAMESPACES} />
      )}
    </div>
  );
}
