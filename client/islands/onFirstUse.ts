/**
 * Islands whose chunk loads on first use, not with the page: the re-authentication prompt renders
 * nothing until a call is refused with `reauthRequired` (client/entry.tsx defers it). Pages do not
 * preload them (server/pages/document.tsx) and the JS budget does not count them (bench/jsBudget.ts).
 */
export const ON_FIRST_USE_ISLANDS: ReadonlySet<string> = new Set(["ReauthPrompt"]);
