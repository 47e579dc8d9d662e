/** The URL a fetch call was given, whatever its form (string, URL or Request): what the recording test doubles keep. */
export function requestUrl(input: RequestInfo | URL): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
}
