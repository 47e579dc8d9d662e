/** "Did you mean …?" for a mistyped command or flag, by commander's own closeness rule. */
import type { Translate } from "./i18n";

/** Optimal string alignment distance, as commander's suggestSimilar computes it (at most 3 is useful). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Math.max(a.length, b.length);
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d[i] = [i];
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      const row = d[i]!;
      const prev = d[i - 1]!;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidates closest to `word` (commander's rule: the fewest edits, at most 3, and more than
 * 40 % alike; `--` ignored for options), sorted; empty when none is close.
 */
export function similar(word: string, candidates: readonly string[]): string[] {
  const options = word.startsWith("--");
  const strip = (s: string) => (options ? s.slice(2) : s);
  const target = strip(word);
  let best = 3;
  let found: string[] = [];
  for (const candidate of new Set(candidates)) {
    const bare = strip(candidate);
    if (bare.length <= 1) continue;
    const distance = editDistance(target, bare);
    const length = Math.max(target.length, bare.length);
    if ((length - distance) / length <= 0.4) continue;
    if (distance < best) {
      best = distance;
      found = [candidate];
    } else if (distance === best) found.push(candidate);
  }
  return found.sort((a, b) => a.localeCompare(b));
}

/** The localized "(Did you mean …?)" line, or nothing. */
export function suggestion(t: Translate, found: readonly string[]): string {
  if (found.length === 0) return "";
  return `\n${found.length === 1 ? t("usage.didYouMean", { suggestion: found[0]! }) : t("usage.didYouMeanOneOf", { suggestions: found.join(", ") })}`;
}
