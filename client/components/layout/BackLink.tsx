/**
 * The way back to a page's list, in one place on every page that has one: first in the page,
 * above its cards (back links were at the top of some pages and the bottom of others).
 */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <p className="back-link">
      <a href={href}>
        <span aria-hidden="true">← </span>
        {children}
      </a>
    </p>
  );
}
