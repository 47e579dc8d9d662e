import { useT } from "../components/render-context";

/**
 * The body of the 503 page, shown in the public frame when the database cannot serve (down,
 * unreachable or silent): nothing is wrong with the request, so it offers to try the same page again.
 */
export function UnavailablePage({ retryHref }: { retryHref: string }) {
  const t = useT();
  return (
    <div className="status-page">
      <p className="status-code" aria-hidden="true">
        503
      </p>
      <p>{t("pages:unavailable.body")}</p>
      <a className="button button-primary" href={retryHref}>
        {t("pages:unavailable.retry")}
      </a>
    </div>
  );
}
