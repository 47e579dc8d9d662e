/**
 * The one undici dispatcher of a CLI run: keep-alive connections (a bulk run reuses them), the
 * standard proxy variables (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, either case) through
 * EnvHttpProxyAgent, and a private CA added to the system roots. undici is loaded on the first
 * request only, so `bulwark --help` never pays for it.
 */
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";
import { EnvHttpProxyAgent, type Dispatcher } from "undici";
import type { ConfigEnv } from "../configFile";

/** What the dispatcher is built from: the environment and an optional CA file (`--ca-file`, `BULWARK_CA_FILE`). */
export interface AgentSettings {
  env: ConfigEnv;
  caFile: string | null;
}

/** The first non-empty value among the names, in order (lower case first, as curl and undici read them). */
export function envValue(env: ConfigEnv, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value.trim() !== "") return value.trim();
  }
  return undefined;
}

/** The proxy settings as read from the environment. */
export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

/** HTTP_PROXY / HTTPS_PROXY / NO_PROXY in either case; an unset HTTPS proxy falls back to the HTTP one (as undici does). */
export function proxySettings(env: ConfigEnv): ProxySettings {
  const httpProxy = envValue(env, "http_proxy", "HTTP_PROXY");
  const httpsProxy = envValue(env, "https_proxy", "HTTPS_PROXY") ?? httpProxy;
  const noProxy = envValue(env, "no_proxy", "NO_PROXY");
  return { ...(httpProxy ? { httpProxy } : {}), ...(httpsProxy ? { httpsProxy } : {}), noProxy: noProxy ?? "" };
}

/** The CA list to trust: the system roots, plus the file's certificates when one is given. */
export function trustedCas(caFile: string | null): string[] | undefined {
  if (!caFile) return undefined; // undici then uses Node's defaults, NODE_EXTRA_CA_CERTS included
  return [...rootCertificates, readFileSync(caFile, "utf8")];
}

/**
 * Builds the dispatcher. Throws when the CA file cannot be read. undici is a static import: this
 * module is itself loaded only on a run's first request (cli/runtime.ts imports ./fetch lazily).
 */
export function createDispatcher(settings: AgentSettings): Dispatcher {
  const ca = trustedCas(settings.caFile);
  const tls = ca ? { ca } : {};
  return new EnvHttpProxyAgent({
    ...proxySettings(settings.env),
    connect: tls,
    requestTls: tls,
    proxyTls: tls,
    keepAliveTimeout: 10_000,
  });
}
