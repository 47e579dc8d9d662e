import type { ReactNode } from "react";
import type { NavEdition } from "../../../shared/domain/navigation";
import { LIST_FILTERS_ID, LIST_RESULTS_ID } from "../list/ListLayout";
import { useT } from "../render-context";
import { PAGE_STATUS_ID } from "../status/pageStatus";
import { MfaPolicyBanner, type MfaPolicyNotice } from "../reauth/MfaPolicyBanner";
import { ReauthPromptIsland } from "../reauth/ReauthPromptIsland";
import { Header, type HeaderAdmin } from "./Header";
import { Sidebar } from "./Sidebar";

/** What every signed-in page passes to the layout. */
export interface AppLayoutProps {
  title: string;
  admin: HeaderAdmin;
  edition: NavEdition;
  currentPath: string;
  csrfToken: string;
  /** A success the server shows in the page's status region (the action that led here). */
  notice?: string;
  /** The MFA policy's banner (issue #29): the admin must set up a factor, by a date or now. */
  mfaPolicy?: { notice: MfaPolicyNotice; href: string; timezone: string } | undefined;
  children?: ReactNode;
}

/** The signed-in shell of SPEC §2: skip links (content; filters and results on lists), sidebar, header, the page's status region and main landmark. */
export function AppLayout({ title, admin, edition, currentPath, csrfToken, notice, mfaPolicy, children }: AppLayoutProps) {
  const t = useT();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t("layout:skipToContent")}
      </a>
      {/* On list pages only (client/styles/app.css hides them where their targets are missing). */}
      <a className="skip-link skip-link-list" href={`#${LIST_FILTERS_ID}`}>
        {t("layout:skipToFilters")}
      </a>
      <a className="skip-link skip-link-list" href={`#${LIST_RESULTS_ID}`}>
        {t("layout:skipToResults")}
      </a>
      <Sidebar role={admin.role} edition={edition} currentPath={currentPath} />
      <div className="app-main">
        <Header title={title} admin={admin} csrfToken={csrfToken} />
        <main id="main" className="app-content" tabIndex={-1} aria-label={title}>
          {/* The page's one status region: islands write each success here (latest replaces previous). */}
          <div className="page-status">
            <p id={PAGE_STATUS_ID} className="page-status-text" role="status" aria-live="polite" aria-atomic="true">
              {notice}
            </p>
            <button type="button" className="page-status-dismiss">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t("layout:status.dismiss")}</span>
            </button>
          </div>
          {mfaPolicy ? <MfaPolicyBanner {...mfaPolicy} /> : null}
          {children}
        </main>
        <ReauthPromptIsland csrfToken={csrfToken} />
      </div>
    </div>
  );
}
