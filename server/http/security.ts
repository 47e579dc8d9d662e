import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

const NONCE_BYTES = 16;

/**
 * 128 random bits in base64, fresh from the CSPRNG for each response. (A pool refilled 256 nonces
 * at a time stood here; measured on the pages it serves it bought nothing beyond noise: issue
 * #28, docs/DECISIONS.md "28 — speed tricks, measured".)
 */
export function nextCspNonce(): string {
  return randomBytes(NONCE_BYTES).toString("base64");
}

/** A fresh CSP nonce per response; pages put it on every inline and module script. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = nextCspNonce();
  next();
};

/**
 * Powerful browser features the console never uses, denied to it and to anything it could ever
 * embed, so an injected script or a hostile frame cannot ask for the camera, the microphone, the
 * location, payments or USB devices. Only features Chromium knows are listed: it logs an error
 * for an unknown one on every page ('bluetooth' was one; tests/e2e/console-hygiene.browser.test.ts
 * reads the browser's log), and browsers ignore the known ones they do not implement.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * Security headers (helmet) with a nonce-based CSP: no inline script without the nonce, no
 * plugins, no <base> hijacking, no framing; plus the Permissions-Policy above, which helmet does
 * not set. Development adds Vite's reload socket.
 */
export function securityHeaders({ development, secure }: { development: boolean; secure: boolean }): RequestHandler {
  const headers = helmetHeaders(development, secure);
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    headers(req, res, next);
  };
}

function helmetHeaders(development: boolean, secure: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
        styleSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: development ? ["'self'", "ws:", "wss:"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "same-origin" },
  });
}
