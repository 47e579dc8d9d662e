/**
 * The CLI's translations (DESIGN §7): the same locales/<lang>/*.json files the server reads, here
 * the `cli` and `errors` namespaces, loaded synchronously with plain fs into an i18next
 * instance so interpolation behaves exactly as in the console (plus `validation`, the messages of
 * the shared schemas, for flags checked before a call). cli/ may not import server/, so
 * this is its own small loader.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import i18next from "i18next";
import { ERRORS_NAMESPACE } from "../shared/errors";
import { defaultLanguage, languages } from "../shared/limits";

/** A console language. */
export type Language = (typeof languages)[number];

/** The namespace of every CLI text. */
export const CLI_NAMESPACE = "cli";
/** The namespace of the shared schemas' validation messages (`validation:slug`, …). */
export const VALIDATION_NAMESPACE = "validation";

/** A translator: `t("login.success", { url })`, `t("errors:signin401")`. */
export type Translate = (key: string, vars?: Readonly<Record<string, string | number>>) => string;

/** Narrows untrusted text (a flag, a token claim) to a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/**
 * Finds locales/ by walking up from this module: cli/i18n.ts in the sources and dist/cli/main.js
 * in the bundle both reach the package root, which ships locales/ beside package.json.
 */
export function findLocalesDir(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, "locales");
    if (existsSync(path.join(candidate, defaultLanguage, `${CLI_NAMESPACE}.json`))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the locales/ directory of the Bulwark package");
    dir = parent;
  }
}

function readNamespace(dir: string, lang: string, ns: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(readFileSync(path.join(dir, lang, `${ns}.json`), "utf8"));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error(`${lang}/${ns}.json is not an object`);
  return parsed as Record<string, unknown>;
}

let cache: { dir: string; instance: ReturnType<typeof i18next.createInstance> } | null = null;

/** Adds a language's namespaces to the instance unless they are there: a run reads only the languages it speaks. */
function ensureLanguage(instance: ReturnType<typeof i18next.createInstance>, dir: string, lang: Language): void {
  for (const ns of [CLI_NAMESPACE, ERRORS_NAMESPACE, VALIDATION_NAMESPACE]) {
    if (!instance.hasResourceBundle(lang, ns)) instance.addResourceBundle(lang, ns, readNamespace(dir, lang, ns));
  }
}

function instanceFor(dir: string, lang: Language): ReturnType<typeof i18next.createInstance> {
  if (cache?.dir !== dir) {
    const instance = i18next.createInstance();
    void instance.init({
      resources: {},
      lng: defaultLanguage,
      supportedLngs: [...languages],
      fallbackLng: defaultLanguage,
      ns: [CLI_NAMESPACE, ERRORS_NAMESPACE, VALIDATION_NAMESPACE],
      defaultNS: CLI_NAMESPACE,
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
    ensureLanguage(instance, dir, defaultLanguage); // English fills any gap
    cache = { dir, instance };
  }
  ensureLanguage(cache.instance, dir, lang);
  return cache.instance;
}

/** A translator fixed to one language (English fills any gap, as on the server). */
export function createTranslator(lang: Language, localesDir = findLocalesDir()): Translate {
  const fixed = instanceFor(localesDir, lang).getFixedT(lang);
  return (key, vars) => fixed(key, vars ? { ...vars } : {});
}

/**
 * The `lang` claim of a token, read without verifying it: only to choose the language of
 * messages (the server verifies every call). Anything unreadable gives null.
 */
export function tokenLanguage(token: string | null | undefined): Language | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    // A plain look rather than a schema: this runs before every command, zod is loaded only by those that need it.
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const lang = typeof claims === "object" && claims !== null ? (claims as { lang?: unknown }).lang : undefined;
    return typeof lang === "string" && isLanguage(lang) ? lang : null;
  } catch {
    return null;
  }
}

/** The value of `--lang` in raw argv (`--lang pt` or `--lang=pt`), before commander has parsed it. */
export function languageFromArgv(argv: readonly string[]): Language | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--") break;
    const value = arg === "--lang" ? argv[i + 1] : arg?.startsWith("--lang=") ? arg.slice("--lang=".length) : undefined;
    if (isLanguage(value)) return value;
  }
  return null;
}
