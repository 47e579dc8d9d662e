import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell, csvRow, neutralizeFormula } from "../../server/services/export/csv";

describe("CSV export cells", () => {
  it("neutralizes every formula start with a leading quote and leaves other text alone", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(neutralizeFormula(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(neutralizeFormula('=HYPERLINK("http://evil","x")')).toBe('\'=HYPERLINK("http://evil","x")');
    expect(neutralizeFormula("Ana = Bea")).toBe("Ana = Bea");
    expect(neutralizeFormula("ana@example.com")).toBe("ana@example.com");
    expect(neutralizeFormula("")).toBe("");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
  });

  it("quotes as RFC 4180 does, and a CSV reader gets the neutralized texts back", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("\rcr")).toBe('"\'\rcr"');
    const texts = ["=1+2", "+33 1", "-x", "@SUM(A1)", "\tTab", "ok, fine", 'q"q', "multi\r\nline", "ção ñ 日本"];
    const line = csvRow(texts) + csvRow(["x", null, 3]);
    expect(line.endsWith("\r\n")).toBe(true);
    const records = parse(line, { relax_column_count: true });
    expect(records[0]).toEqual(["'=1+2", "'+33 1", "'-x", "'@SUM(A1)", "'\tTab", "ok, fine", 'q"q', "multi\r\nline", "ção ñ 日本"]);
    expect(records[1]).toEqual(["x", "", "3"]);
  });
});
