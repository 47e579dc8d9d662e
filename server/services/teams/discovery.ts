/**
 * An OpenID Connect discovery document is read when a root saves it, so a wrong address or an
 * issuer that does not match the authority is refused at once instead of breaking every sign-in
 * of the company's users later (issue 31). Root only, https only, a few seconds and 256 KB at
 * most, no redirects: the server fetches an address a root typed, and nothing else.
 */
import { fetch } from "undici";
import type { TeamAuthentication } from "../../../shared/schemas/team";
import { V } from "../../../shared/schemas/messages";
import { AppError } from "../../errors";

/** How long the save waits for the provider. */
export const DISCOVERY_TIMEOUT_MS = 5_000;
const MAX_BYTES = 256 * 1024;

const trimSlash = (value: string) => value.replace(/\/+$/, "");

/** A 400 on the discovery field with the reason as a validation message. */
function refuse(message: string): AppError {
  return new AppError("badParameters", 400, [{ path: ["authentication", "discovery"], code: "custom", message }]);
}

/** The `issuer` of the document at `address`, or a refusal when it cannot be read as one. */
async function issuerAt(address: string): Promise<string> {
  let text: string;
  try {
    const res = await fetch(address, {
      redirect: "error",
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    if (!res.ok) throw refuse(V.discoveryUnreachable);
    text = await res.text();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(V.discoveryUnreachable);
  }
  if (text.length > MAX_BYTES) throw refuse(V.discoveryUnreachable);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw refuse(V.discoveryUnreachable);
  }
  const issuer = typeof doc === "object" && doc !== null ? (doc as { issuer?: unknown }).issuer : undefined;
  if (typeof issuer !== "string" || !issuer.startsWith("https://")) throw refuse(V.discoveryIssuer);
  return issuer;
}

/**
 * Checks the discovery document of an authentication group that names one: it must be readable
 * JSON with an https `issuer`, equal to the authority when one is given (trailing slashes aside).
 */
export async function checkDiscovery(auth: Pick<TeamAuthentication, "authority" | "discovery">): Promise<void> {
  if (!auth.discovery) return;
  const issuer = await issuerAt(auth.discovery);
  if (auth.authority && trimSlash(issuer) !== trimSlash(auth.authority)) throw refuse(V.discoveryIssuer);
}
