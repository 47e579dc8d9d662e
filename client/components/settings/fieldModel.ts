/**
 * The settings forms' model: one group's values flattened to the string map the form
 * state holds (`warningBanner.en`, `turn.url`, booleans as "true"/"false"), and back to the
 * partial patch of `PUT /v2/settings/<group>` holding only the fields the admin changed.
 */
import { type SettingsGroup } from "../../../shared/schemas/settings";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settingsDefaults";

/** A settings value as text: strings as they are, numbers and booleans spelled out, anything else as JSON. */
export function settingText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

/** How a field is edited. */
export type FieldKind = "boolean" | "number" | "text" | "multiline" | "object" | "turn" | "pem" | "secretPem";

const MULTILINE = new Set(["ciphers"]);

/** The kind of a field, from its default (the TURN relay and certificates default to null). */
export function fieldKind(group: SettingsGroup, field: string): FieldKind {
  if (group === "calling" && field === "turn") return "turn";
  if (group === "certs" && (field === "clientCaCertificates" || field === "serverCertificateChain")) return "pem";
  // Write-only: never filled from the server, sent only when something is typed.
  if (group === "certs" && field === "serverPrivateKey") return "secretPem";
  const value = (DEFAULT_SETTINGS[group] as Record<string, unknown>)[field];
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return "number";
  if (typeof value === "object" && value !== null) return "object";
  return MULTILINE.has(field) ? "multiline" : "text";
}

/** The fields of a group, in the defaults' order. */
export function groupFields(group: SettingsGroup): string[] {
  return Object.keys(DEFAULT_SETTINGS[group]);
}

/** The sub-fields of an object field (banner languages, URL prefixes, one platform's release). */
export function subFields(group: SettingsGroup, field: string): string[] {
  return Object.keys((DEFAULT_SETTINGS[group] as Record<string, Record<string, unknown>>)[field] ?? {});
}

/** Flattens a group's values (as GET answers them) to form strings. */
export function flatten(group: SettingsGroup, values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of groupFields(group)) {
    const value = values[field];
    const kind = fieldKind(group, field);
    if (kind === "turn") {
      const turn = value as { url: string; username: string } | null;
      out["turn.enabled"] = String(turn !== null);
      out["turn.url"] = turn?.url ?? "";
      out["turn.username"] = turn?.username ?? "";
      out["turn.password"] = "";
    } else if (kind === "object") {
      for (const sub of subFields(group, field)) out[`${field}.${sub}`] = settingText((value as Record<string, unknown>)[sub] ?? "");
    } else if (kind === "secretPem") {
      out[field] = "";
    } else {
      out[field] = value === null || value === undefined ? "" : settingText(value);
    }
  }
  return out;
}

/** A form string back to the field's value: numbers only when they are whole numbers (else the server names the field). */
function parseScalar(kind: FieldKind, text: string): unknown {
  if (kind === "boolean") return text === "true";
  if (kind === "number") return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
  if (kind === "pem") return text.trim() === "" ? null : text;
  return text;
}

/** The patch of the fields whose form strings differ from the initial ones. */
export function patchOf(group: SettingsGroup, initial: Record<string, string>, current: Record<string, string>): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const differs = (prefix: string) =>
    Object.keys(current).some((k) => (k === prefix || k.startsWith(`${prefix}.`)) && current[k] !== initial[k]);
  for (const field of groupFields(group)) {
    if (!differs(field)) continue;
    const kind = fieldKind(group, field);
    if (kind === "turn") {
      if (current["turn.enabled"] !== "true") patch.turn = null;
      else {
        const turn: Record<string, string> = { url: current["turn.url"] ?? "", username: current["turn.username"] ?? "" };
        if (current["turn.password"]) turn.password = current["turn.password"];
        patch.turn = turn;
      }
    } else if (kind === "object") {
      patch[field] = Object.fromEntries(subFields(group, field).map((sub) => [sub, current[`${field}.${sub}`] ?? ""]));
    } else {
      patch[field] = parseScalar(kind, current[field] ?? "");
    }
  }
  return patch;
}

/** A default shown under a field, as text. */
export function defaultText(group: SettingsGroup, field: string): string | null {
  const value = (DEFAULT_SETTINGS[group] as Record<string, unknown>)[field];
  if (value === null || typeof value === "object") return null;
  return settingText(value);
}
