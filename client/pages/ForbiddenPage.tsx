import { useT } from "../components/render-context";

/** Shown inside the layout when a signed-in admin opens a page their role may not use (status 403). */
export function ForbiddenPage() {
  const t = useT();
  return (
    <div className="status-page status-page-inline">
      <p className="status-code" aria-hidden="true">
        403
      </p>
      <p>{t("pages:forbidden.body")}</p>
      <a className="button" href="/dashboard">
        {t("pages:forbidden.home")}
      </a>
    </div>
  );
}
