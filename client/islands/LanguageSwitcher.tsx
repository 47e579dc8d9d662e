import { useState } from "react";
import { useId } from "../components/hooks";
import { useT } from "../components/render-context";

/** Props of the public pages' language switcher: the current language and where each one lives. */
export interface LanguageSwitcherProps {
  current: string;
  hrefs: Record<string, string>;
}

/** Switches a public page to another language by moving to that language's URL. */
export function LanguageSwitcher({ current, hrefs }: LanguageSwitcherProps) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState(current);
  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t("common:language.label")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          const href = hrefs[next];
          if (href) window.location.assign(href);
        }}
      >
        {Object.keys(hrefs).map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {t(`common:language.${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
