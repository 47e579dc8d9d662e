import { randomBytes, randomFillSync } from "node:crypto";
import { speedTricks } from "../lib/speedTricks";
import type { RequestHandler } from "express";
import helmet from "helmet";

const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/**
 * 128 random bits in base64, each handed out once. Drawn from a pool refilled 256 nonces at a
 * time (as Node's randomUUID does): one call into the CSPRNG per request cost more than the
 * rest of /healthz's own work (measured: 4.5–5.7 µs a call in a tight loop, ~14 µs under load; the pool ~0.2 µs).
 */
export function nextCspNonce(): string {
  if (!speedTricks.noncePool) return randomBytes(NONCE_BYTES).toString("base64");
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
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
