import { navItemForPath, visibleNavigation, type NavEdition, type NavRole } from "../../../shared/domain/navigation";
import { APP_VERSION } from "../../../shared/limits";
import { useT } from "../render-context";
import { Brand } from "./Brand";

/**
 * The left sidebar (SPEC §2): sections filtered by role and edition from the shared table. On
 * small screens it is a popover drawer opened by the header's menu button, so it needs no script.
 */
export function Sidebar({ role, edition, currentPath }: { role: NavRole; edition: NavEdition; currentPath: string }) {
  const t = useT();
  // One current entry: the longest matching prefix (the page guard's rule), so /users/import is Import alone.
  const currentKey = navItemForPath(currentPath, edition)?.key;
  return (
    <aside id="sidebar" className="sidebar" popover="auto" aria-label={t("layout:sidebar.label")}>
      <div className="sidebar-brand">
        <a href="/dashboard" className="sidebar-home">
          <Brand />
        </a>
        <button type="button" className="sidebar-close" popoverTarget="sidebar" popoverTargetAction="hide">
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t("layout:sidebar.close")}</span>
        </button>
      </div>
      <nav className="sidebar-nav" aria-label={t("layout:sidebar.navigation")}>
        {visibleNavigation(role, edition).map((section) => (
          <div className="nav-section" key={section.key}>
            <h2
              className={section.items.length === 1 && section.items[0]?.key === section.key ? "visually-hidden" : "nav-section-title"}
              id={`nav-${section.key}`}
            >
              {t(`layout:nav.sections.${section.key}`)}
            </h2>
            <ul aria-labelledby={`nav-${section.key}`}>
              {section.items.map((item) => {
                const current = item.key === currentKey;
                return (
                  <li key={item.key}>
                    <a
                      href={item.href}
                      className={current ? "nav-link is-current" : "nav-link"}
                      aria-current={current ? "page" : undefined}
                      data-nav={item.key}
                    >
                      {t(`layout:nav.items.${item.key}`)}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <footer className="sidebar-footer">
        <span>{t("layout:footer.version", { version: APP_VERSION })}</span>
      </footer>
    </aside>
  );
}
