/** Assertions shared by the API suites. */
import type { Response } from "supertest";
import { expect } from "vitest";

/** Asserts an error envelope (docs/API.md): the HTTP status, and the body's catalogue code and status. */
export function expectError(res: Response, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toMatchObject({ code, status });
}
