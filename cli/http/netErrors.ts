/**
 * Why a request got no HTTP answer, read from the error chain undici and node:tls leave behind, so
 * the CLI can say "certificate expired" or "proxy refused the tunnel" instead of one generic
 * network message. The codes are the CLI's `net` family; `net` stays the fallback.
 */

/** The CLI's network failure codes; each has a message under `net.<code>` in locales/<lang>/cli.json. */
export type NetCode =
  | "netRefused"
  | "netDns"
  | "netCertUntrusted"
  | "netCertExpired"
  | "netCertHostname"
  | "netTls"
  | "netTimeout"
  | "netProxyRefused"
  | "netProxyUnreachable"
  | "netReset"
  | "net";

/** Every code of the family, for the locale test and the README. */
export const NET_CODES: readonly NetCode[] = [
  "netRefused",
  "netDns",
  "netCertUntrusted",
  "netCertExpired",
  "netCertHostname",
  "netTls",
  "netTimeout",
  "netProxyRefused",
  "netProxyUnreachable",
  "netReset",
  "net",
];

/**
 * A classified network failure, thrown by the CLI's fetch in place of undici's "fetch failed"; the
 * shared transport wraps it as the `cause` of an ApiError with status 0.
 */
export class NetFailure extends Error {
  override name = "NetFailure";
  constructor(
    readonly code: NetCode,
    /** host[:port] of the server (or of the proxy, for the proxy codes). */
    readonly host: string,
    /** The low-level code or message (ECONNREFUSED, CERT_HAS_EXPIRED, …), shown after the sentence. */
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(`${code}: ${host}: ${detail}`, options);
  }

  /** Whether another attempt may succeed: refusals, resets, time-outs and passing DNS failures. */
  get transient(): boolean {
    return this.code === "netRefused" || this.code === "netReset" || this.code === "netTimeout" || this.detail === "EAI_AGAIN";
  }
}

const UNTRUSTED = new Set([
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
]);
const EXPIRED = new Set(["CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID"]);
const TIMEOUTS = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);
const RESETS = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED", "ECONNABORTED"]);

interface Link {
  code?: string;
  name?: string;
  message: string;
  port?: number;
}

/** The error and its causes, outermost first (bounded: a cycle must not hang the CLI). */
function chain(error: unknown): Link[] {
  const links: Link[] = [];
  let current: unknown = error;
  for (let i = 0; i < 8 && typeof current === "object" && current !== null; i++) {
    const e = current as { code?: unknown; name?: unknown; message?: unknown; port?: unknown; cause?: unknown };
    links.push({
      ...(typeof e.code === "string" ? { code: e.code } : {}),
      ...(typeof e.name === "string" ? { name: e.name } : {}),
      ...(typeof e.port === "number" ? { port: e.port } : {}),
      message: typeof e.message === "string" ? e.message : "",
    });
    current = e.cause;
  }
  return links;
}

/** Where the request was going: the server, and the proxy when one was used. */
export interface Route {
  host: string;
  proxy: URL | null;
}

function proxyPort(proxy: URL): number {
  return Number(proxy.port) || (proxy.protocol === "https:" ? 443 : 80);
}

/** Classifies what a fetch threw into a {@link NetFailure}. */
export function classifyNetError(error: unknown, route: Route): NetFailure {
  const links = chain(error);
  const codes = links.map((l) => l.code).filter((c): c is string => c !== undefined);
  const found = (set: ReadonlySet<string>) => codes.find((c) => set.has(c));
  const make = (code: NetCode, detail: string, host = route.host) => new NetFailure(code, host, detail, { cause: error });
  const proxyHost = route.proxy?.host ?? "";

  if (links.some((l) => /Proxy response \(\d+\)/.test(l.message))) {
    const status = /Proxy response \((\d+)\)/.exec(links.map((l) => l.message).join(" "))?.[1] ?? "?";
    return make("netProxyRefused", `HTTP ${status}`, proxyHost);
  }
  if (links.some((l) => l.name === "TimeoutError") || found(TIMEOUTS)) return make("netTimeout", found(TIMEOUTS) ?? "TimeoutError");
  const refused = links.find((l) => l.code === "ECONNREFUSED" || l.code === "ENOTFOUND" || l.code === "EAI_AGAIN");
  if (
    refused &&
    route.proxy &&
    (refused.port === undefined || refused.port === proxyPort(route.proxy)) &&
    refused.code === "ECONNREFUSED"
  ) {
    return make("netProxyUnreachable", "ECONNREFUSED", proxyHost);
  }
  if (codes.includes("ECONNREFUSED")) return make("netRefused", "ECONNREFUSED");
  const dns = codes.find((c) => c === "ENOTFOUND" || c === "EAI_AGAIN" || c === "EAI_NONAME");
  if (dns) return route.proxy ? make("netProxyUnreachable", dns, proxyHost) : make("netDns", dns);
  const untrusted = found(UNTRUSTED);
  if (untrusted) return make("netCertUntrusted", untrusted);
  const expired = found(EXPIRED);
  if (expired) return make("netCertExpired", expired);
  if (codes.includes("ERR_TLS_CERT_ALTNAME_INVALID")) return make("netCertHostname", "ERR_TLS_CERT_ALTNAME_INVALID");
  const tls = codes.find((c) => c.startsWith("ERR_SSL") || c.startsWith("ERR_TLS") || c === "EPROTO" || c.startsWith("CERT_"));
  if (tls) return make("netTls", tls);
  const reset = found(RESETS);
  if (reset) return make("netReset", reset);
  const last = links.at(-1);
  return make("net", last?.code ?? last?.message ?? "fetch failed");
}
