import { DateTime } from "../DateTime";
import { useT } from "../render-context";

/** Where the admin stands with a requiring MFA policy: setting up within the grace period, or past it. */
export type MfaPolicyNotice = { kind: "grace"; until: string } | { kind: "required" };

/**
 * The banner every console page shows an admin the MFA policy applies to who has no factor yet
 * (issue #29): until when they may keep working, or that they must set it up now, with a link
 * to their profile's two-step verification section.
 */
export function MfaPolicyBanner({ notice, href, timezone }: { notice: MfaPolicyNotice; href: string; timezone: string }) {
  const t = useT();
  return (
    <div className={`alert ${notice.kind === "required" ? "alert-error" : "alert-info"} mfa-policy-banner`} role="status">
      <p>
        {notice.kind === "grace" ? (
          <>
            {t("layout:mfaPolicy.grace")} <DateTime iso={notice.until} timezone={timezone} />
          </>
        ) : (
          t("layout:mfaPolicy.required")
        )}{" "}
        <a href={href}>{t("layout:mfaPolicy.setUp")}</a>
      </p>
    </div>
  );
}
