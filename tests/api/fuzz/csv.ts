/**
 * CSV bodies for the routes that take one (`POST /v2/users/import`, body `text/csv`): a header of
 * the import's columns (sometimes one missing, unknown or repeated) and a few rows whose cells are
 * plausible values or hostile strings, quoted as RFC 4180 wants — or, hostile, quoted wrongly.
 */
import fc from "fast-check";
import { IMPORT_COLUMNS } from "../../../shared/schemas/userImport";
import { hostileString } from "./hostile";

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

const plausible = fc.oneof(
  fc.constantFrom("", "yes", "no", "1", "0", "true", "acme", "team-1", "ada@example.test", "ada", "Ada", "Lovelace"),
  fc.stringMatching(/^[a-z0-9][a-z0-9.-]{0,20}@[a-z0-9-]{1,12}\.test$/),
  fc.stringMatching(/^[a-z0-9-]{2,20}$/),
);

/** A CSV import body: valid structure with plausible cells, or (hostile) broken structure and hostile cells. */
export function csvBodyArb(hostile: boolean): fc.Arbitrary<string> {
  const header = hostile
    ? fc.oneof(
        fc.constant([...IMPORT_COLUMNS]),
        fc.shuffledSubarray([...IMPORT_COLUMNS, "colour", "username", "__proto__"], { minLength: 0 }),
      )
    : fc.shuffledSubarray([...IMPORT_COLUMNS], { minLength: IMPORT_COLUMNS.length });
  const cell = hostile
    ? fc.oneof({ weight: 2, arbitrary: plausible }, { weight: 1, arbitrary: hostileString.filter((s) => s.length < 300) })
    : plausible;
  return header.chain((columns) =>
    fc
      .array(fc.array(cell, { minLength: hostile ? 0 : columns.length, maxLength: hostile ? columns.length + 1 : columns.length }), {
        maxLength: 6,
      })
      .chain((rows) =>
        fc
          .tuple(
            fc.constant(rows),
            hostile ? fc.constantFrom("\r\n", "\n", "\r") : fc.constant("\r\n"),
            hostile ? fc.boolean() : fc.constant(false),
          )
          .map(([list, eol, bom]) => {
            const lines = [columns.map(quote).join(","), ...list.map((r) => r.map(quote).join(","))];
            // One hostile case in a few leaves a quote open: not CSV at all.
            return `${bom ? "\uFEFF" : ""}${lines.join(eol)}${hostile && list.length % 3 === 1 ? '"' : ""}${eol}`;
          }),
      ),
  );
}
