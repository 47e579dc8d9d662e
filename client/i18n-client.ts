import i18next from "i18next";
import type { Translate } from "./components/render-context";

/** The translations the server inlined for the islands of one page, in one language. */
export interface InlinedTranslations {
  lang: string;
  resources: Record<string, Record<string, unknown>>;
}

/** Builds the islands' translator from the inlined resources, with the server's i18next rules. */
export function createClientTranslate({ lang, resources }: InlinedTranslations): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: resources },
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return (key, vars) => instance.t(key, vars ?? {});
}
