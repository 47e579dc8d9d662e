/**
 * Issue #32 item 7: bidi embedding, override and isolate marks (U+202A–U+202E, U+2066–U+2069)
 * reorder what follows them wherever a name is shown, so every single-line field refuses them
 * with their own message; multi-line text (notes, banners) may keep them for right-to-left prose.
 */
import { describe, expect, it } from "vitest";
import { fields as f, V } from "../../shared/schemas";
import { hasBidiControls, multiLineStr } from "../../shared/schemas/builders";

const MARKS = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe("bidi marks in names", () => {
  it("first, last, team and association names and slugs refuse every override, embedding and isolate", () => {
    for (const mark of MARKS) {
      for (const schema of [f.firstName, f.lastName, f.teamName, f.associationName]) {
        expect(messages(schema.safeParse(`Ada${mark}gpj.exe`)), JSON.stringify(mark)).toEqual([V.bidiControls]);
      }
      expect(messages(f.slug.safeParse(`acme${mark}`))).toContain(V.bidiControls);
    }
  });

  it("keeps right-to-left letters, direction marks that reorder nothing, and multi-line text as it was", () => {
    expect(f.firstName.parse("שרה")).toBe("שרה");
    expect(f.lastName.parse("عبد الله")).toBe("عبد الله");
    expect(f.teamName.parse("Acme\u200e Lda")).toBe("Acme\u200e Lda");
    expect(multiLineStr().parse("line \u2067שלום\u2069\nnext")).toBe("line \u2067שלום\u2069\nnext");
  });

  it("reports a control character and a bidi mark in one value as two issues", () => {
    expect(messages(f.firstName.safeParse("A\u0000\u202eB"))).toEqual([V.controlCharacters, V.bidiControls]);
    expect(hasBidiControls("plain")).toBe(false);
    expect(hasBidiControls("x\u2069")).toBe(true);
  });
});
