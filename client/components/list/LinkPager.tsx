/**
 * First page / Next page for a server-rendered keyset list, above and below the rows:
 * links, so paging works without script. The bottom one is the `nav` landmark and carries
 * 'Rows per page' (given as children); the top one a plain group (one landmark per name, for
 * axe), as in the islands' {@link Pager}.
 */
import type { ReactNode } from "react";
import { useT } from "../render-context";

/** Props of {@link LinkPager}. */
export interface LinkPagerProps {
  position: "top" | "bottom";
  /** The landmark's name (bottom) or the group's (top). */
  label: string;
  /** The first page's address; null on the first page. */
  firstHref: string | null;
  nextHref: string | null;
  /** At the start of the row (the bottom pager's 'Rows per page'). */
  children?: ReactNode;
}

/** The pager row; nothing when the list has one page and nothing else to show. */
export function LinkPager({ position, label, firstHref, nextHref, children }: LinkPagerProps) {
  const t = useT();
  if (!firstHref && !nextHref && !children) return null;
  const links = (
    <>
      {children}
      {firstHref || nextHref ? (
        <span className="pager-buttons">
          {firstHref ? (
            <a className="button" href={firstHref}>
              {t("common:list.first")}
            </a>
          ) : null}
          {nextHref ? (
            <a className="button" rel="next" href={nextHref}>
              {t("common:list.next")}
            </a>
          ) : null}
        </span>
      ) : null}
    </>
  );
  return position === "bottom" ? (
    <nav className="pager pager-bottom" aria-label={label}>
      {links}
    </nav>
  ) : (
    <div className="pager pager-top" role="group" aria-label={label}>
      {links}
    </div>
  );
}
