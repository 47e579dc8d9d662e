/**
 * Public authentication calls of SPEC §7 (`v2/public/*`). The registration payload keeps the
 * snake_case names of SPEC §3, as do `new_password` bodies.
 */
import type { z } from "zod";
import { maxLength } from "../limits";
import { obj, requiredText } from "./builders";
import {
  browser,
  country,
  firstName,
  language,
  lastName,
  passwordHash,
  teamName,
  timezone,
  token,
  username,
  usernameViaEmail,
} from "./primitives";

/** `POST v2/public/auth`: sign in with the hashed password. */
export const SignInSchema = obj({
  username,
  password: passwordHash,
  /** Browser description for the access log; the CLI may omit it. */
  browser: browser.optional(),
});
/** Sign-in body. */
export type SignInReq = z.infer<typeof SignInSchema>;

/** `POST v2/public/register`: self sign-up of a company and its first admin (SPEC §3 registration payload). */
export const RegisterSchema = obj({
  /** The admin's e-mail: the verification link is sent there. */
  username: usernameViaEmail,
  /** Company name. */
  name: teamName,
  first_name: firstName,
  last_name: lastName,
  lang: language,
  country,
  timezone,
  /** ALTCHA proof-of-work payload (DESIGN §2). */
  captcha: requiredText(maxLength.captcha),
});
/** Registration body. */
export type RegisterReq = z.infer<typeof RegisterSchema>;

/** `POST v2/public/verify` and `POST v2/public/confirm`: redeem an e-mailed token, optionally setting a password. */
export const VerifySchema = obj({
  token,
  new_password: passwordHash.optional(),
});
/** Verify body. */
export type VerifyReq = z.infer<typeof VerifySchema>;

/** `POST v2/public/confirm` has the same body as verify. */
export const ConfirmSchema = VerifySchema;
/** Confirm body. */
export type ConfirmReq = VerifyReq;

/** `POST v2/public/reset`: request a password-reset e-mail. */
export const ResetSchema = obj({ username });
/** Reset body. */
export type ResetReq = z.infer<typeof ResetSchema>;
