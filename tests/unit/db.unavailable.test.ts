import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, isDatabaseUnavailable } from "../../server/db/unavailable";

/** An error shaped like a driver's: pg's DatabaseError and Node's system errors carry `code`. */
const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["57P01", "admin shutdown (pg_terminate_backend)"],
    ["57P02", "crash shutdown"],
    ["57P03", "cannot connect now (starting up)"],
    ["08006", "connection failure"],
    ["08001", "cannot establish the connection"],
    ["53300", "too many connections"],
    ["57014", "statement_timeout"],
    ["25P03", "idle_in_transaction_session_timeout"],
    ["ECONNREFUSED", "down"],
    ["ECONNRESET", "reset"],
    ["ETIMEDOUT", "dropped path"],
    ["ENOTFOUND", "unresolvable host"],
    ["SQLITE_BUSY", "locked past busy_timeout"],
    ["SQLITE_BUSY_SNAPSHOT", "an extended busy code"],
  ])("classifies code %s (%s) as unavailable", (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it.each([
    ["Connection terminated unexpectedly"],
    ["Connection terminated due to connection timeout"],
    ["timeout exceeded when trying to connect"],
    ["Query read timeout"],
    ["Client has encountered a connection error and is not queryable"],
  ])("classifies pg's code-less %j as unavailable", (message) => {
    expect(isDatabaseUnavailable(new Error(message))).toBe(true);
  });

  it("follows the cause chain and aggregate errors (a service may wrap the driver's error)", () => {
    expect(isDatabaseUnavailable(new Error("listing failed", { cause: coded("57P01") }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([coded("ECONNREFUSED")], "all addresses failed"))).toBe(true);
    expect(isDatabaseUnavailable(new DatabaseUnavailableError("no connection"))).toBe(true);
  });

  it.each([
    [coded("23505", "duplicate key value violates unique constraint")],
    [coded("40P01", "deadlock detected")],
    [coded("42P01", "relation does not exist")],
    [coded("SQLITE_CONSTRAINT_UNIQUE")],
    [new Error("Connection terminated unexpectedly in a message with a code") as Error & { code?: string }],
    [new TypeError("undefined is not a function")],
    ["Connection terminated"],
    [null],
  ])("leaves other failures (bugs, constraints, deadlocks) to their own handling: %s", (error) => {
    if (error instanceof Error && error.message.includes("with a code")) Object.assign(error, { code: "XX000" });
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
