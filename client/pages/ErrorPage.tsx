import { useT } from "../components/render-context";

/** Which failure a page error shows: a request the server cannot read (4xx) or a fault of its own (5xx). */
export type ErrorPageKind = "badRequest" | "tooLarge" | "serverError";

/**
 * The body of a page that failed for a reason other than not-found or forbidden: the status, a
 * localized explanation and, for a fault of the server, the request id to quote to an operator.
 */
export function ErrorPage({
  status,
  kind,
  requestId,
  homeHref,
}: {
  status: number;
  kind: ErrorPageKind;
  requestId?: string;
  homeHref: string;
}) {
  const t = useT();
  return (
    <div className="status-page">
      <p className="status-code" aria-hidden="true">
        {status}
      </p>
      <p>{t(`pages:errorPage.${kind}`)}</p>
      {requestId ? <p>{t("pages:errorPage.requestId", { requestId })}</p> : null}
      <a className="button button-primary" href={homeHref}>
        {t("pages:notFound.home")}
      </a>
    </div>
  );
}
