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
import { z } from "zod";
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

function instanceFor(dir: string): ReturnType<typeof i18next.createInstance> {
  if (cache?.dir === dir) return cache.instance;
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const lang of languages) {
    resources[lang] = {
      [CLI_NAMESPACE]: readNamespace(dir, lang, CLI_NAMESPACE),
      [ERRORS_NAMESPACE]: readNamespace(dir, lang, ERRORS_NAMESPACE),
      [VALIDATION_NAMESPACE]: readNamespace(dir, lang, VALIDATION_NAMESPACE),
    };
  }
  const instance = i18next.createInstance();
  void instance.init({
    resources,
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
  cache = { dir, instance };
  return instance;
}

/** A translator fixed to one language (English fills any gap, as on the server). */
export function createTranslator(lang: Language, localesDir = findLocalesDir()): Translate {
  const fixed = instanceFor(localesDir).getFixedT(lang);
  return (key, vars) => fixed(key, vars ? { ...vars } : {});
}

const ClaimsSchema = z.object({ lang: z.string() });

/**
 * The `lang` claim of a token, read without verifying it: only to choose the language of
 * messages (the server verifies every call). Anything unreadable gives null.
 */
export function tokenLanguage(token: string | null | undefined): Language | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const parsed = ClaimsSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success && isLanguage(parsed.data.lang) ? parsed.data.lang : null;
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
