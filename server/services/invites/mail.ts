/**
 * The invitation e-mail: in the invitation's language, with the code, the expiry
 * date, the link built from the 'my' URL prefix of the system settings and the company's e-mail
 * theme. Used by creation and by resend.
 */
import type { EnqueueMailInput } from "../../mail/outbox";
import { THEME_PARAM } from "../../mail/templates";
import { serviceHost } from "../users";

/** What the mail shows of the company. */
export interface InviteMailTeam {
  teamName: string;
  /** The company's theme as stored (JSON of EmailThemeSchema), or null for the default look. */
  emailTheme: string | null;
}

/** The link an invitee opens: registration, or sign-in at once for `directSignIn` invitations. */
export function invitationLink(publicUrl: string, myPrefix: string, code: string, directSignIn: boolean): string {
  return `https://${serviceHost(publicUrl, myPrefix)}/${directSignIn ? "signin" : "register"}?invite=${encodeURIComponent(code)}`;
}

/** The outbox row of one e-mail invitation. */
export function invitationMail(input: {
  address: string;
  code: string;
  lang: string;
  directSignIn: boolean;
  expiresAt: number;
  team: InviteMailTeam;
  publicUrl: string;
  myPrefix: string;
}): EnqueueMailInput {
  return {
    to: input.address,
    template: "userInvitation",
    lang: input.lang,
    params: {
      firstName: input.address,
      link: invitationLink(input.publicUrl, input.myPrefix, input.code, input.directSignIn),
      code: input.code,
      expiration: new Date(input.expiresAt).toISOString().slice(0, 10),
      companyName: input.team.teamName,
      ...(input.team.emailTheme ? { [THEME_PARAM]: input.team.emailTheme } : {}),
    },
  };
}
