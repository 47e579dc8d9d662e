/**
 * Reads the /v2 router back into plain route descriptions: method, path, what validates the
 * input, how the call authenticates and what its final handler declares (handler.ts `describes`).
 */
import type { Router } from "express";
import type { ValidationInfo } from "../../http/validate";
import type { RouteDescription } from "../handler";

/** How a call authenticates: none, an admin (bearer or cookie session), or a service token. */
export type RouteKind = "public" | "admin" | "service";

/** One method of one route, as the document generator needs it. */
export interface RouteInfo {
  method: string;
  /** The Express path, e.g. `/team/:slug`. */
  path: string;
  kind: RouteKind;
  validation?: ValidationInfo;
  /** The media type of a body read as text (the CSV import), when not JSON. */
  rawBody?: string;
  describes?: RouteDescription;
}

type Handler = {
  (...args: never[]): unknown;
  validates?: ValidationInfo;
  rawBody?: string;
  requiresAdmin?: boolean;
  requiresServiceToken?: boolean;
  describes?: RouteDescription;
};
type Layer = {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: Handler }[] };
  handle?: Handler & { stack?: Layer[] };
};

/**
 * Every route in registration order. A route registered after the admin authentication
 * middleware is an admin call; one with the service-token guard is a service call.
 */
export function routesOf(router: Router): RouteInfo[] {
  const out: RouteInfo[] = [];
  let authenticated = false;
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const handles = layer.route.stack.map((s) => s.handle);
        const validation = handles.map((h) => h.validates).find((v): v is ValidationInfo => v !== undefined);
        const rawBody = handles.map((h) => h.rawBody).find((t): t is string => t !== undefined);
        const describes = handles.map((h) => h.describes).find((d): d is RouteDescription => d !== undefined);
        const kind: RouteKind = handles.some((h) => h.requiresServiceToken) ? "service" : authenticated ? "admin" : "public";
        for (const method of Object.keys(layer.route.methods)) {
          out.push({
            method,
            path: layer.route.path,
            kind,
            ...(validation ? { validation } : {}),
            ...(rawBody ? { rawBody } : {}),
            ...(describes ? { describes } : {}),
          });
        }
      } else if (layer.handle?.requiresAdmin) {
        authenticated = true;
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return out;
}
