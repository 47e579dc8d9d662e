import { maxLength } from "../../shared/limits";

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\b(?:OPR|Opera)\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/**
 * A short, human description of a browser for the access log ("Firefox 128 on Linux"), at most
 * `maxLength.browser` (50) characters as the sign-in schema requires. Unknown agents fall back
 * to the start of the user-agent string, so the log still says something.
 */
export function describeBrowser(userAgent: string): string {
  const limit = maxLength.browser;
  let name: string | null = null;
  for (const [pattern, label] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      name = `${label} ${match[1] ?? ""}`.trim();
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const text = name && system ? `${name} on ${system}` : (name ?? system ?? userAgent.trim());
  return text.slice(0, limit);
}
