/**
 * An e-mail address (or a username that may be one) that breaks only after '@' and '.'
 * (issue 27: 'afonso.almeida.583@atl|as-logistics.example' broke mid-word in narrow cells): a
 * `<wbr>` follows each, and `.email-text` (client/styles/lists.css) turns off the cell's
 * break-anywhere. The text itself, copied or read aloud, is unchanged.
 */
import { Fragment } from "react";

/** The address cut after each '@' and '.', the pieces between the allowed breaks. */
export function emailPieces(value: string): string[] {
  return value.split(/(?<=[@.])/).filter((piece) => piece !== "");
}

/** See the module comment. */
export function EmailText({ value }: { value: string }) {
  const pieces = emailPieces(value);
  return (
    <span className="email-text">
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
