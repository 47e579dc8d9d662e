import { EXIT_CODES } from "../exitCodes";
import type { ActionEntrySpecs } from "../types";

const AUTH = EXIT_CODES.authentication;

/**
 * Public calls and the admin's own session and account (SPEC §7, §8: Register, Sign-in, Reset,
 * Terminate). Every sign-in failure and every wrong password on re-authentication exits with 3.
 */
export const AUTH_ENTRIES = {
  signin200: { status: 200, kind: "success", en: "Signed in successfully" },
  signin401: { status: 401, kind: "error", en: "Invalid credentials. Check your username and password" },
  signin403: {
    status: 403,
    kind: "error",
    exit: AUTH,
    en: "This account is blocked or locked. Contact your administrator",
  },
  signin422: {
    status: 422,
    kind: "error",
    exit: AUTH,
    en: "Your account is not active yet. Open the activation link sent to your e-mail",
  },
  signout200: { status: 200, kind: "info", en: "You have been signed out" },
  register200: {
    status: 200,
    kind: "success",
    en: "Activation e-mail sent. Open the link in it to activate your account",
  },
  register403: { status: 403, kind: "error", en: "Registration is disabled. Contact your administrator" },
  register409: {
    status: 409,
    kind: "error",
    en: "This e-mail address is already registered. Sign in or reset your password",
  },
  register501: {
    status: 501,
    kind: "error",
    en: "Registration is only available when e-mailing is active. Contact your administrator",
  },
  register509: {
    status: 509,
    kind: "error",
    en: "Could not e-mail the registration details to the administrator. Try again later",
  },
  verify200: { status: 200, kind: "success", en: "Account verification successful" },
  verify404: { status: 404, kind: "error", en: "This activation link is invalid or has already been used" },
  verify410: { status: 410, kind: "error", en: "This activation link has expired. Ask for a new one" },
  verify422: { status: 422, kind: "error", en: "Choose a password to finish activating your account" },
  confirm200: { status: 200, kind: "success", en: "Password changed. Sign in with your new password" },
  confirm404: {
    status: 404,
    kind: "error",
    en: "This link is invalid or has already been used. Request a new password reset",
  },
  confirm410: { status: 410, kind: "error", en: "This link has expired. Request a new password reset" },
  confirm422: { status: 422, kind: "error", en: "This password was used recently. Choose a different password" },
  reset200: {
    status: 200,
    kind: "success",
    en: "Password reset sent. Check your e-mail; the link expires in an hour",
  },
  reset401: { status: 401, kind: "error", en: "Bad credentials. Check the username and try again" },
  reset404: { status: 404, kind: "error", en: "This administrator does not exist. Check the username" },
  reset422: { status: 422, kind: "error", en: "This password was used recently. Choose a different password" },
  profileUpdate200: { status: 200, kind: "success", en: "Profile updated" },
  passwordChange200: { status: 200, kind: "success", en: "Password changed successfully" },
  passwordChange403: {
    status: 403,
    kind: "error",
    exit: AUTH,
    en: "Your current password is incorrect. Try again",
  },
  passwordChange422: {
    status: 422,
    kind: "error",
    en: "This password was used recently. Choose a different password",
  },
  passwordChange429: {
    status: 429,
    kind: "error",
    exit: AUTH,
    en: "Too many wrong passwords. This account is locked for a while; a super administrator can lift the lock",
  },
  terminate200: { status: 200, kind: "success", en: "Your account has been terminated" },
  terminate403: { status: 403, kind: "error", exit: AUTH, en: "Bad password. Your account was not terminated" },
  terminate429: {
    status: 429,
    kind: "error",
    exit: AUTH,
    en: "Too many wrong passwords. This account is locked for a while; a super administrator can lift the lock",
  },
} as const satisfies ActionEntrySpecs;
