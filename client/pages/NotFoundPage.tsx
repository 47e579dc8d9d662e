import { useT } from "../components/render-context";

/** The body of the not-found page (status 404), shown inside the public frame. */
export function NotFoundPage({ homeHref }: { homeHref: string }) {
  const t = useT();
  return (
    <div className="status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <p>{t("pages:notFound.body")}</p>
      <a className="button button-primary" href={homeHref}>
        {t("pages:notFound.home")}
      </a>
    </div>
  );
}
