import { describe, expect, it } from "vitest";
import { FORM_ERROR, validateForm } from "../../client/components/forms/validation";
import { inviteFailure, NewPasswordForm } from "../../client/islands/NewPasswordForm";
import { ApiError } from "../../shared/api/errors";
import { SignInForm } from "../../client/islands/SignInForm";
import { SignUpForm } from "../../client/islands/SignUpForm";
import { describeBrowser } from "../../client/lib/browser";
import { NewPasswordPage, newPasswordTitleKey } from "../../client/pages/public/NewPasswordPage";
import { SignInPage } from "../../client/pages/public/SignInPage";
import { SignUpPage } from "../../client/pages/public/SignUpPage";
import { formatDateTime } from "../../client/lib/datetime";
import { MyProfilePage } from "../../client/pages/MyProfilePage";
import { renderAsServer, translate } from "../support/render";
import { maxLength } from "../../shared/limits";
import { PasswordWithConfirmationSchema } from "../../shared/schemas";
import { AdminCreateForm } from "../../client/islands/AdminCreateForm";
import { ForgotPasswordForm } from "../../client/islands/ForgotPasswordForm";
import { PasswordChangeForm } from "../../client/islands/PasswordChangeForm";
import { TokenCreateForm } from "../../client/islands/TokenCreateForm";

const render = renderAsServer;

const TOKEN = "tok_3xY9aQ7LmN2pR5sT8vW1zB";
const TIMEZONES = ["Europe/Lisbon", "Europe/Madrid", "America/Sao_Paulo"];

describe("NewPasswordForm", () => {
  it.each(["activate", "invite", "reset"] as const)("never renders a token (%s), as an island or inside its page", (mode) => {
    const island = render(<NewPasswordForm lang="pt" flow={mode} />, "pt").html;
    const page = render(<NewPasswordPage lang="pt" flow={mode} />, "pt");
    for (const html of [island, page.html]) {
      expect(html).not.toContain(TOKEN);
      expect(html).not.toMatch(/token/i);
    }
    expect(page.html).toContain('<bulwark-island name="NewPasswordForm"');
    expect(page.html).toContain(`{"lang":"pt","flow":"${mode}"}`);
    expect(page.html).toContain('type="password"');
    expect(page.html).toContain('autoComplete="new-password"');
    expect([...page.state.namespaces].sort()).toEqual(["auth", "common", "errors", "validation"]);
  });
});

describe("NewPasswordPage wording", () => {
  it.each([
    ["en", "Choose the password you will use to sign in.", "Activate account"],
    ["pt", "Escolha a palavra-passe que vai usar para iniciar sessão.", "Ativar conta"],
    ["es", "Elija la contraseña que usará para iniciar sesión.", "Activar cuenta"],
  ])("words an invitation (%s) as account activation, never as a new password", (lang, intro, submit) => {
    for (const flow of ["activate", "invite"] as const) {
      const { html } = render(<NewPasswordPage lang={lang} flow={flow} />, lang);
      expect(html).toContain(intro);
      expect(html).toContain(submit);
      expect(html).not.toContain(translate(lang)("auth:reset.submit"));
      expect(newPasswordTitleKey(flow)).toBe("auth:activate.title");
    }
  });

  it("tells the holder of a dead invitation link to ask for a new invitation", () => {
    expect(inviteFailure(new ApiError({ status: 404, prefix: "confirm", code: "confirm404" }))).toBe("auth:activate.inviteInvalid");
    expect(inviteFailure(new ApiError({ status: 410, prefix: "confirm", code: "confirm410" }))).toBe("auth:activate.inviteExpired");
    expect(inviteFailure(new ApiError({ status: 422, prefix: "confirm", code: "confirm422" }))).toBeNull();
    expect(inviteFailure(new ApiError({ status: 0, prefix: "confirm" }))).toBeNull();
    expect(translate("en")("auth:activate.inviteExpired")).toContain("Ask the administrator who invited you for a new invitation");
  });

  it("keeps the password reset worded as choosing a new password", () => {
    const { html } = render(<NewPasswordPage lang="pt" flow="reset" />, "pt");
    expect(html).toContain("Escolha uma nova palavra-passe para a sua conta.");
    expect(html).toContain("Guardar palavra-passe");
    expect(newPasswordTitleKey("reset")).toBe("auth:reset.title");
    expect(translate("pt")("auth:reset.title")).toBe("Escolher nova palavra-passe");
  });
});

describe("SignUpForm", () => {
  it("renders the time zone options and no captcha widget when captcha is off", () => {
    const { html } = render(<SignUpForm lang="es" captcha="off" timezones={TIMEZONES} />, "es");
    expect(html).toContain('<option value="" selected="">Elija una zona horaria</option>');
    for (const zone of TIMEZONES) expect(html).toContain(`<option value="${zone}">`);
    expect(html).toContain("America/Sao Paulo");
    expect(html).not.toContain("data-captcha");
    expect(html).not.toContain("captcha");
  });

  it("announces the proof of work when captcha is altcha, without choosing a time zone on the server", () => {
    const { html } = render(<SignUpForm lang="en" captcha="altcha" timezones={TIMEZONES} />);
    expect(html).toContain('data-captcha="altcha"');
    expect(html).not.toMatch(/<option value="[^"]+" selected/);
  });

  it("is replaced by a notice and no island when registration is disabled", () => {
    const { html, state } = render(<SignUpPage lang="pt" captcha="altcha" timezones={TIMEZONES} registrationEnabled={false} />, "pt");
    expect(html).toContain("O registo autónomo está desativado");
    expect(html).not.toContain("<bulwark-island");
    expect(html).not.toContain("<form");
    expect(state.islands.size).toBe(0);
  });
});

describe("validateForm", () => {
  it.each([
    ["pt", "A palavra-passe precisa de pelo menos 9 caracteres."],
    ["es", "La contraseña necesita al menos 9 caracteres."],
  ])("turns a too-short password into the localized message in %s", (lang, message) => {
    const result = validateForm(PasswordWithConfirmationSchema, { password: "Ab1!", confirmPassword: "Ab1!" }, translate(lang));
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual({ password: message });
  });

  it("reports a mismatch on the confirmation and one message per field", () => {
    const result = validateForm(PasswordWithConfirmationSchema, { password: "Str0ng!Pass", confirmPassword: "x" }, translate("en"));
    expect(result.errors).toEqual({ confirmPassword: "The passwords do not match." });
    expect(validateForm(PasswordWithConfirmationSchema, { password: "", confirmPassword: "" }, translate("en")).errors).toEqual({
      password: "This field is required.",
    });
    const ok = validateForm(PasswordWithConfirmationSchema, { password: "Str0ng!Pass", confirmPassword: "Str0ng!Pass" }, translate("en"));
    expect(ok).toEqual({ ok: true, data: { password: "Str0ng!Pass", confirmPassword: "Str0ng!Pass" }, errors: {} });
    const whole = validateForm(PasswordWithConfirmationSchema, "nope", translate("en"));
    expect(Object.keys(whole.errors)).toEqual([FORM_ERROR]);
  });
});

describe("SignInPage", () => {
  it("hides the sign-up link when registration is disabled", () => {
    const { html } = render(<SignInPage lang="es" next={null} registrationEnabled={false} />, "es");
    expect(html).toContain('href="/forgot-password/es"');
    expect(html).not.toContain('href="/signup/es"');
    expect(html).toContain('"registrationEnabled":false');
  });

  it("shows it when registration is enabled and carries next in the island props", () => {
    const { html, state } = render(<SignInPage lang="en" next="/teams?x=1" registrationEnabled />);
    expect(html).toContain('href="/signup/en"');
    expect(html).toContain('"next":"/teams?x=1"');
    expect([...state.islands]).toEqual(["SignInForm"]);
    expect(html).toContain('autoComplete="current-password"');
  });

  it("renders error-free fields with no aria-invalid until validation runs", () => {
    const { html } = render(<SignInForm lang="en" next={null} registrationEnabled={false} />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain('role="alert"');
  });
});

describe("MyProfilePage", () => {
  const profile = {
    uid: "3f1c1a2e-5b7d-4a40-9c1e-2d9f0c7b8a11",
    username: "ada@example.test",
    firstName: "Ada",
    lastName: "Lovelace",
    role: "root" as const,
    status: "active",
    lang: "pt",
    timezone: "Asia/Tokyo",
    createdOn: "2025-01-02T23:30:00.000Z",
    lastSeen: null,
    teams: [{ slug: "acme", teamName: "Acme & Co" }],
  };

  it("shows the summary in the admin's language and time zone, and the three islands", () => {
    const { html, state } = render(<MyProfilePage profile={profile} csrfToken="csrf-1" timezones={TIMEZONES} />, "pt");
    expect(html).toContain("Superadministrador");
    expect(html).toContain("Ativo");
    expect(html).toContain("Nunca");
    expect(html).toContain("Acme &amp; Co");
    // The one date style of lists and profiles (client/components/DateTime.tsx), in the admin's zone.
    expect(html).toContain(`>${formatDateTime(profile.createdOn, "pt", "Asia/Tokyo")}</time>`);
    expect(formatDateTime(profile.createdOn, "pt", "Asia/Tokyo")).toBe("03/01/2025, 08:30");
    expect([...state.islands].sort()).toEqual(["MfaSettings", "PasswordChangeForm", "ProfileForm", "TerminateAccount"]);
    expect(html).toContain("<dialog");
    expect(html).not.toContain("<h1");
  });
});

describe("describeBrowser", () => {
  it("summarises common agents within the sign-in limit", () => {
    expect(describeBrowser("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("Firefox 128 on Linux");
    expect(
      describeBrowser(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      ),
    ).toBe("Edge 126 on Windows");
    expect(
      describeBrowser(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari 17 on iOS");
    expect(describeBrowser("x".repeat(200))).toHaveLength(maxLength.browser);
  });
});

describe("forms that carry a secret, as the server renders them", () => {
  const secretForms = {
    SignInForm: <SignInForm lang="en" next={null} registrationEnabled />,
    SignUpForm: <SignUpForm lang="en" captcha="off" timezones={TIMEZONES} />,
    NewPasswordForm: <NewPasswordForm lang="en" flow="activate" />,
    ForgotPasswordForm: <ForgotPasswordForm lang="en" />,
    PasswordChangeForm: <PasswordChangeForm csrfToken="csrf" />,
    AdminCreateForm: <AdminCreateForm csrfToken="csrf" teams={[]} canCreateRoot lang="en" />,
    TokenCreateForm: <TokenCreateForm csrfToken="csrf" maxDays={90} noExpiry={false} teams={[]} />,
  };

  it.each(Object.entries(secretForms))("%s posts (never GET) and cannot be submitted before its island hydrates", (_name, element) => {
    const { html } = render(element);
    const forms = html.match(/<form\b[^>]*>/g) ?? [];
    expect(forms.length).toBeGreaterThan(0);
    // A browser submit would put the fields in the address bar with GET; POST keeps them in the body.
    for (const form of forms) expect(form).toMatch(/\bmethod="post"/);
    // A disabled default button blocks clicks and implicit submission (Enter) until hydration.
    const submits = html.match(/<button type="submit"[^>]*>/g) ?? [];
    expect(submits.length).toBeGreaterThan(0);
    for (const button of submits) expect(button).toMatch(/\bdisabled=""/);
  });

  it.each([
    ["en", "This form needs JavaScript."],
    ["pt", "Este formulário precisa de JavaScript."],
    ["es", "Este formulario necesita JavaScript."],
  ])("says in a noscript note (%s) that the form needs JavaScript", (lang, words) => {
    for (const page of [
      <SignInPage key="in" lang={lang} next={null} registrationEnabled />,
      <SignUpPage key="up" lang={lang} captcha="off" timezones={TIMEZONES} registrationEnabled />,
      <NewPasswordPage key="new" lang={lang} flow="activate" />,
    ]) {
      const { html } = render(page, lang);
      expect(html).toMatch(new RegExp(`<noscript><p class="notice" role="note">${words}`));
    }
  });
});

describe("the activation page names the account", () => {
  it.each([
    ["en", "Account:"],
    ["pt", "Conta:"],
    ["es", "Cuenta:"],
  ])("shows the username the link activates (%s), and only for a usable link", (lang, label) => {
    const { html } = render(<NewPasswordPage lang={lang} flow="invite" account="marie@acme.test" />, lang);
    const line = /<p class="form-account">(.*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(line.replace(/<!-- -->/g, "")).toBe(`${label} <strong translate="no">marie@acme.test</strong>`);
    expect(html).toContain('"account":"marie@acme.test"');
    const dead = render(<NewPasswordPage lang={lang} flow="invite" problem="expired" account="marie@acme.test" />, lang).html;
    expect(dead).not.toContain("marie@acme.test");
  });
});
