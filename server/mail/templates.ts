/**
 * Localized e-mail templates (DESIGN §2, §7). Texts live in locales/<lang>/mail.json; this file
 * only arranges them. Every value that comes from a person (names) or from the caller (links)
 * is escaped for HTML, so a name like `<script>` arrives as text.
 */
import type { i18n, TFunction } from "i18next";
import { defaultLanguage, languages } from "../../shared/limits";
import { EmailThemeSchema, type EmailTheme } from "../../shared/schemas/team";

/** The parameters each template needs; the outbox checks them when a mail is enqueued. */
export const TEMPLATE_PARAMS = {
  verification: ["firstName", "link"],
  passwordReset: ["firstName", "link"],
  adminInvitation: ["firstName", "inviterName", "link"],
  userPasswordReset: ["firstName", "link"],
  // A user created without a password chooses one from this link (POST v2/user).
  userRegistration: ["firstName", "link"],
  // A purchase's invoice to the company's finance contact; firstName is the company's name.
  licenseInvoice: ["firstName", "link", "invoiceNumber", "licenseCount", "licenseType", "termMonths", "total"],
  // A pack expires in `days` days; firstName is the company's name.
  licenseExpiry: ["firstName", "link", "days", "licenseCount", "expiration"],
  // A user's invitation; firstName is the invited address, expiration a UTC date.
  userInvitation: ["firstName", "link", "code", "expiration", "companyName"],
  // An admin's access token `name` expires in `days` days (on `expiration`, a UTC date).
  accessTokenExpiry: ["firstName", "link", "name", "days", "expiration"],
  // A change to the admin's second factors (services/mfa/notify): `change` names it, `left` the unused recovery codes when one was used.
  mfaChange: ["firstName", "link", "change", "left"],
  // Root turned on a policy requiring a second factor of this admin (services/mfa/announce); `deadline` is the grace period's end, a UTC date.
  mfaPolicy: ["firstName", "link", "deadline"],
} as const;

/**
 * The optional parameter every template takes: the company's e-mail theme, as the
 * JSON of EmailThemeSchema. Kept only when it parses; it colours the button, adds the logo and
 * replaces the signature and footer with the company's.
 */
export const THEME_PARAM = "theme";

/**
 * The optional parameter of link mails: how many minutes the link lives (from the setting that
 * bounded it), so the text states the real figure. Rows queued before it existed say "a limited time".
 */
export const VALID_MINUTES_PARAM = "validMinutes";

/** The sentence on a link's life: in hours when whole hours, else minutes, else the generic words. */
function linkValidity(t: TFunction, p: Record<string, string>): string {
  const minutes = Number(p[VALID_MINUTES_PARAM]);
  if (!Number.isSafeInteger(minutes) || minutes <= 0) return t("mail:common.validity");
  if (minutes % 60 === 0) return t("mail:common.validityHours", { count: minutes / 60 });
  return t("mail:common.validityMinutes", { count: minutes });
}

/** The transactional messages Bulwark sends. */
export type MailTemplate = keyof typeof TEMPLATE_PARAMS;

/** The parameters of template T, e.g. `{ firstName, link }` for "verification". */
export type TemplateParams<T extends MailTemplate> = Record<(typeof TEMPLATE_PARAMS)[T][number], string>;

/** A message ready for a transport, in the recipient's language. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A template cannot be rendered from the data given; retrying cannot help, so it is not retried. */
export class MailTemplateError extends Error {
  override name = "MailTemplateError";
}

/** Tells whether a stored template name is one this version knows (rows outlive deployments). */
export function isMailTemplate(name: string): name is MailTemplate {
  return Object.hasOwn(TEMPLATE_PARAMS, name);
}

/** What a template says, before it becomes text and HTML. */
interface Content {
  subject: string;
  /** Paragraphs before the button. */
  before: string[];
  /** The button's label. */
  action: string;
  /** Paragraphs after the button. */
  after: string[];
}

// Literal keys (not built from the template name) so the locales test sees each one used.
const CONTENT: { [T in MailTemplate]: (t: TFunction, p: TemplateParams<T>) => Content } = {
  verification: (t) => ({
    subject: t("mail:verification.subject"),
    before: [t("mail:verification.intro")],
    action: t("mail:verification.action"),
    after: [t("mail:verification.ignore")],
  }),
  passwordReset: (t, p) => ({
    subject: t("mail:passwordReset.subject"),
    before: [t("mail:passwordReset.intro")],
    action: t("mail:passwordReset.action"),
    after: [linkValidity(t, p), t("mail:passwordReset.ignore")],
  }),
  adminInvitation: (t, p) => ({
    subject: t("mail:adminInvitation.subject"),
    before: [t("mail:adminInvitation.intro", { inviterName: p.inviterName }), t("mail:adminInvitation.next")],
    action: t("mail:adminInvitation.action"),
    after: [t("mail:adminInvitation.ignore")],
  }),
  userPasswordReset: (t, p) => ({
    subject: t("mail:userPasswordReset.subject"),
    before: [t("mail:userPasswordReset.intro")],
    action: t("mail:userPasswordReset.action"),
    after: [linkValidity(t, p), t("mail:userPasswordReset.ignore")],
  }),
  userRegistration: (t, p) => ({
    subject: t("mail:userRegistration.subject"),
    before: [t("mail:userRegistration.intro")],
    action: t("mail:userRegistration.action"),
    after: [linkValidity(t, p), t("mail:userRegistration.ignore")],
  }),
  licenseInvoice: (t, p) => ({
    subject: t("mail:licenseInvoice.subject", { invoiceNumber: p.invoiceNumber }),
    before: [
      t("mail:licenseInvoice.intro", { licenseCount: p.licenseCount, termMonths: p.termMonths }),
      t(p.licenseType === "trial" ? "mail:licenseInvoice.typeTrial" : "mail:licenseInvoice.typeSubscription"),
      t("mail:licenseInvoice.total", { invoiceNumber: p.invoiceNumber, total: p.total }),
    ],
    action: t("mail:licenseInvoice.action"),
    after: [t("mail:licenseInvoice.payment")],
  }),
  userInvitation: (t, p) => ({
    subject: t("mail:userInvitation.subject", { companyName: p.companyName }),
    before: [t("mail:userInvitation.intro", { companyName: p.companyName }), t("mail:userInvitation.code", { code: p.code })],
    action: t("mail:userInvitation.action"),
    after: [t("mail:userInvitation.expiry", { expiration: p.expiration }), t("mail:userInvitation.ignore")],
  }),
  licenseExpiry: (t, p) => ({
    subject: t("mail:licenseExpiry.subject", { days: p.days }),
    before: [t("mail:licenseExpiry.intro", { licenseCount: p.licenseCount, expiration: p.expiration, days: p.days })],
    action: t("mail:licenseExpiry.action"),
    after: [t("mail:licenseExpiry.after")],
  }),
  accessTokenExpiry: (t, p) => ({
    subject: t("mail:accessTokenExpiry.subject", { name: p.name, days: p.days }),
    before: [t("mail:accessTokenExpiry.intro", { name: p.name, expiration: p.expiration, days: p.days })],
    action: t("mail:accessTokenExpiry.action"),
    after: [t("mail:accessTokenExpiry.after")],
  }),
  mfaChange: (t, p) => ({
    subject: t("mail:mfaChange.subject"),
    before: [mfaChangeText(t, p.change, p.left)],
    action: t("mail:mfaChange.action"),
    after: [t("mail:mfaChange.notYou")],
  }),
  mfaPolicy: (t, p) => ({
    subject: t("mail:mfaPolicy.subject"),
    before: [t("mail:mfaPolicy.intro"), t("mail:mfaPolicy.deadline", { deadline: p.deadline })],
    action: t("mail:mfaPolicy.action"),
    after: [t("mail:mfaPolicy.after")],
  }),
};

/** The paragraph naming one factor change (literal keys, for the locales test). */
function mfaChangeText(t: TFunction, change: string, left: string): string {
  switch (change) {
    case "totpAdded":
      return t("mail:mfaChange.totpAdded");
    case "totpRemoved":
      return t("mail:mfaChange.totpRemoved");
    case "recoveryCodesRenewed":
      return t("mail:mfaChange.recoveryCodesRenewed");
    case "recoveryCodeUsed":
      return t("mail:mfaChange.recoveryCodeUsed", { left });
    case "passkeyAdded":
      return t("mail:mfaChange.passkeyAdded");
    case "passkeyRemoved":
      return t("mail:mfaChange.passkeyRemoved");
    default:
      return t("mail:mfaChange.factorsReset");
  }
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** The language to write in: the recipient's when supported, else the default. */
export function mailLanguage(lang: string): (typeof languages)[number] {
  return languages.find((l) => l === lang) ?? defaultLanguage;
}

/**
 * Checks that `params` holds every parameter of the template as a non-empty string and that the
 * link is an absolute http(s) URL; throws MailTemplateError naming the first problem.
 */
export function checkTemplateParams<T extends MailTemplate>(template: T, params: Record<string, unknown>): TemplateParams<T> {
  const out: Record<string, string> = {};
  for (const name of TEMPLATE_PARAMS[template]) {
    const value = params[name];
    if (typeof value !== "string" || value.trim() === "") {
      throw new MailTemplateError(`Template ${template} needs the parameter ${name}`);
    }
    out[name] = value;
  }
  const theme = params[THEME_PARAM];
  if (typeof theme === "string" && themeOf(theme) !== null) out[THEME_PARAM] = theme;
  const validMinutes = params[VALID_MINUTES_PARAM];
  if (typeof validMinutes === "string" && /^[1-9][0-9]{0,6}$/.test(validMinutes)) out[VALID_MINUTES_PARAM] = validMinutes;
  const link = out.link ?? "";
  let url: URL | undefined;
  try {
    url = new URL(link);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    throw new MailTemplateError(`Template ${template} needs an absolute http(s) link`);
  }
  return out as TemplateParams<T>;
}

/** The theme a mail carries, or null when absent or not a valid theme (then the default look). */
export function themeOf(text: string | undefined): EmailTheme | null {
  if (text === undefined) return null;
  try {
    const parsed = EmailThemeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Renders a template in the recipient's language (en, pt or es; anything else falls back to en)
 * with the i18next instance of the server (namespace `mail`). The text part carries the raw link;
 * the HTML part is a small inline-styled message with a button.
 */
export function renderMail(i18n: i18n, template: MailTemplate, lang: string, params: Record<string, unknown>): RenderedMail {
  const language = mailLanguage(lang);
  const p = checkTemplateParams(template, params);
  const t = i18n.getFixedT(language);
  const build = CONTENT[template] as (t: TFunction, p: Record<string, string>) => Content;
  const content = build(t, p);
  const greeting = t("mail:common.greeting", { firstName: p.firstName });
  const theme = themeOf((p as Record<string, string>)[THEME_PARAM]);
  const common = {
    fallback: t("mail:common.linkFallback"),
    signature: theme?.name ?? t("mail:common.signature"),
    footer: theme?.footer || t("mail:common.footer"),
  };
  return {
    subject: content.subject,
    text: renderText(greeting, content, p.link, common),
    html: renderHtml(language, greeting, content, p.link, common, theme),
  };
}

interface CommonTexts {
  fallback: string;
  signature: string;
  footer: string;
}

function renderText(greeting: string, c: Content, link: string, common: CommonTexts): string {
  return [greeting, ...c.before, `${c.action}:\n${link}`, ...c.after, `-- \n${common.signature}\n${common.footer}`]
    .join("\n\n")
    .concat("\n");
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const P = "margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933";
const SMALL = "margin:0 0 8px;font-size:13px;line-height:20px;color:#52606d";
const BUTTON =
  "display:inline-block;padding:12px 24px;border-radius:6px;background:#1d4ed8;color:#ffffff;" +
  "font-size:16px;font-weight:600;text-decoration:none";

function renderHtml(
  lang: string,
  greeting: string,
  c: Content,
  link: string,
  common: CommonTexts,
  theme: EmailTheme | null = null,
): string {
  const para = (text: string, style = P) => `<p style="${style}">${escapeHtml(text)}</p>`;
  const href = escapeHtml(link);
  const button = theme ? BUTTON.replace("background:#1d4ed8", `background:${escapeHtml(theme.primaryColor)}`) : BUTTON;
  const logo = theme?.logoUrl
    ? [`<p style="margin:0 0 24px"><img src="${escapeHtml(theme.logoUrl)}" alt="${escapeHtml(theme.name)}" style="max-height:48px"></p>`]
    : [];
  return [
    "<!doctype html>",
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(c.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;${FONT}">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px">',
    '<tr><td align="center">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border:1px solid #e4e7eb">',
    '<tr><td style="padding:32px">',
    ...logo,
    para(greeting),
    ...c.before.map((text) => para(text)),
    `<p style="margin:24px 0">`,
    `<a href="${href}" style="${button}" target="_blank" rel="noopener noreferrer">${escapeHtml(c.action)}</a></p>`,
    ...c.after.map((text) => para(text)),
    para(common.fallback, SMALL),
    `<p style="${SMALL};word-break:break-all"><a href="${href}" style="color:#1d4ed8">${href}</a></p>`,
    `<p style="${P};margin-top:24px">${escapeHtml(common.signature)}</p>`,
    "</td></tr></table>",
    `<p style="${SMALL};max-width:560px;margin:16px auto 0">${escapeHtml(common.footer)}</p>`,
    "</td></tr></table>",
    "</body></html>",
  ].join("\n");
}
