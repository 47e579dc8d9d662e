/**
 * The list count line with a capped total (issue #28: a users search stops counting at 10,000):
 * "10,000+" in the range and the total-only forms, the exact total otherwise.
 */
import { describe, expect, it } from "vitest";
import { countLineText } from "../../client/components/list/CountLine";

/** A translator that shows the key and its variables, so the test reads what the line is given. */
const t = (key: string, vars: Record<string, string | number> = {}) => `${key} ${JSON.stringify(vars)}`;

describe("countLineText with a capped total", () => {
  it("shows the bound with a plus, in the locale's digits", () => {
    expect(countLineText(t, "en", { index: 0, limit: 50, shown: 50, total: 10_000, capped: true })).toBe(
      'common:list.range {"from":"1","to":"50","total":"10,000+"}',
    );
    expect(countLineText(t, "en", { index: null, limit: 50, shown: 50, total: 10_000, capped: true })).toBe(
      'common:list.totalOnly {"total":"10,000+"}',
    );
  });
  it("shows an exact total as it is", () => {
    expect(countLineText(t, "en", { index: 1, limit: 50, shown: 3, total: 53 })).toBe(
      'common:list.range {"from":"51","to":"53","total":"53"}',
    );
  });
});
