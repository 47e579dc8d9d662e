/** Every IANA time zone this runtime knows, with UTC first: the choices of profile and sign-up forms. */
export const TIMEZONES: readonly string[] = (() => {
  const zones = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC");
  return ["UTC", ...zones];
})();
