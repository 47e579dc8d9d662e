/**
 * Reads locales/glossary.json and finds texts that use an avoided synonym (docs/DECISIONS.md, "Words").
 * Kept apart from the test so the test can also prove, on planted texts, that it can fail.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const LOCALES = path.resolve(import.meta.dirname, "..", "..", "locales");

/** A language's entry of one concept in the glossary. */
export interface GlossaryEntry {
  use: string[];
  avoid: string[];
  allowIn?: Record<string, string>;
  patterns?: { regex: string; except?: string[]; note: string }[];
}

/** One concept: its chosen and avoided words per language. */
export interface GlossaryConcept {
  id: string;
  note: string;
  en?: GlossaryEntry;
  pt?: GlossaryEntry;
  es?: GlossaryEntry;
}

/** A text that uses a word the glossary avoids. */
export interface Violation {
  key: string;
  concept: string;
  word: string;
  text: string;
}

type Tree = { [key: string]: string | Tree };

/** The glossary file as written. */
export function loadGlossary(): GlossaryConcept[] {
  const parsed = JSON.parse(readFileSync(path.join(LOCALES, "glossary.json"), "utf8")) as { concepts: GlossaryConcept[] };
  return parsed.concepts;
}

function flatten(tree: Tree, prefix: string, out: Map<string, string>): void {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, out);
  }
}

/** Every text of a language as `namespace:key` → text. */
export function loadTexts(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(path.join(LOCALES, lang))
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    flatten(JSON.parse(readFileSync(path.join(LOCALES, lang, file), "utf8")) as Tree, `${file.slice(0, -5)}:`, out);
  }
  return out;
}

/** Lower case without diacritics, so "Usuário", "USUARIO" and "usuario" compare equal. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Sets identifiers aside: placeholders, URLs, e-mail addresses, `bulwark` commands (lower case,
 * as typed), --flags and paths. They are names, not words a person reads as prose.
 */
export function proseOf(text: string): string {
  return text
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\S+@\S+/g, " ")
    .replace(/\bbulwark(?: [a-z][a-z-]*)+/g, " ")
    .replace(/\$[A-Z_]+/g, " ")
    .replace(/(?<!\S)--?[a-z][\w-]*/g, " ")
    .replace(/(?<![\p{L}\p{N}])\/[\w./-]+/gu, " ");
}

const WORD = "[\\p{L}\\p{N}-]";

const compiled = new Map<string, RegExp>();

/** A whole-word regular expression for a glossary word: spaces match any space, a final * any ending. */
export function wordPattern(word: string): RegExp {
  const known = compiled.get(word);
  if (known) return known;
  const wild = word.endsWith("*");
  const body = fold(wild ? word.slice(0, -1) : word)
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\s+/g, "\\s+");
  const pattern = new RegExp(`(?<!${WORD})${body}${wild ? `${WORD}*` : ""}(?!${WORD})`, "u");
  compiled.set(word, pattern);
  return pattern;
}

function globPattern(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
}

/** Tells whether an exception of the entry covers the key. */
export function isAllowed(entry: GlossaryEntry, key: string): boolean {
  return Object.keys(entry.allowIn ?? {}).some((glob) => globPattern(glob).test(key));
}

/** The avoided words (and patterns) of an entry found in one text, exceptions not applied. */
export function avoidedWordsIn(entry: GlossaryEntry, text: string): string[] {
  const prose = fold(proseOf(text));
  const found = entry.avoid.filter((word) => wordPattern(word).test(prose));
  for (const pattern of entry.patterns ?? []) {
    const except = new Set((pattern.except ?? []).map(fold));
    const re = new RegExp(`(?<!${WORD})(?:${pattern.regex})(?!${WORD})`, "gu");
    for (const match of prose.matchAll(re)) if (!except.has(match[0])) found.push(match[0]);
  }
  return found;
}

/** The CLI's `…examples` texts are shell command lines: identifiers, not prose. */
export function isShellExample(key: string): boolean {
  return /^cli:.*[eE]xamples$/.test(key);
}

/** Every text of `texts` that uses a word the glossary avoids in `lang`, exceptions applied. */
export function findViolations(glossary: GlossaryConcept[], lang: "en" | "pt" | "es", texts: Map<string, string>): Violation[] {
  const out: Violation[] = [];
  for (const concept of glossary) {
    const entry = concept[lang];
    if (!entry) continue;
    for (const [key, text] of texts) {
      if (isAllowed(entry, key) || isShellExample(key)) continue;
      for (const word of avoidedWordsIn(entry, text)) out.push({ key, concept: concept.id, word, text });
    }
  }
  return out;
}
