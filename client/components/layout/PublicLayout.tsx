import type { ReactNode } from "react";
import { APP_VERSION } from "../../../shared/limits";
import { LanguageSwitcher } from "../../islands/LanguageSwitcher";
import { Island } from "../Island";
import { useT } from "../render-context";
import { Brand } from "./Brand";

/** The public pages' frame: brand, language switcher island, a centred card and the version. */
export function PublicLayout({
  title,
  lang,
  languageHrefs,
  banner,
  children,
}: {
  title: string;
  lang: string;
  languageHrefs: Record<string, string> | null;
  /** The system's warning banner (settings), shown above the sign-in card. */
  banner?: string | null;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="public-shell">
      <header className="public-header">
        <Brand />
        {languageHrefs ? (
          <Island name="LanguageSwitcher" component={LanguageSwitcher} props={{ current: lang, hrefs: languageHrefs }} />
        ) : null}
      </header>
      <main id="main" className="public-main">
        {banner ? (
          <p className="warning-banner" role="note">
            {banner}
          </p>
        ) : null}
        <section className="public-card" aria-labelledby="page-title">
          <h1 id="page-title" className="public-title">
            {title}
          </h1>
          {children}
        </section>
      </main>
      <footer className="public-footer">{t("layout:footer.version", { version: APP_VERSION })}</footer>
    </div>
  );
}
