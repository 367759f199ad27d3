/**
 * The rows of a server-driven screen's answer (docs/network-internal-api.md, "Server-driven
 * screens"): one row per line, `<hex id>:<value>`, the value JSON or text. A value may carry a
 * one- or two-letter tag before its JSON (`I[…]`, `HL[…]` in some streams); a text row
 * (`T<hex length>,<text>`) may run over several lines. Rows that are no JSON are kept as text: the
 * readers look for meaning and pass over what they do not know.
 */

/** A row whose value is text, not JSON: taken as it is (no escapes to undo). */
export class RawText {
  constructor(readonly text: string) {}
}

const ROW = /^([0-9a-fA-F]+):(.*)$/s;
const TAGGED = /^[A-Z]{1,2}(?=[[{"])/;
/** A text row with its length: `T<hex length>,<text>`. */
const TEXT_ROW = /^T[0-9a-fA-F]+,/;

function rowValue(raw: string): unknown {
  const textRow = TEXT_ROW.exec(raw);
  if (textRow) return new RawText(raw.slice(textRow[0].length));
  for (const candidate of [raw, raw.replace(TAGGED, '')]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // not JSON (or not with this tag): next form, then text
    }
  }
  return new RawText(raw);
}

/** Rows by id, in the order they came. */
export function parseRows(text: string): Map<string, unknown> {
  const rows = new Map<string, unknown>();
  // The text row (`T<length>,…`) a line that is no row continues; other lines that are no row are passed over.
  let textRow: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const m = ROW.exec(line);
    if (m) {
      const id = m[1]!.toLowerCase();
      rows.set(id, rowValue(m[2]!));
      textRow = TEXT_ROW.test(m[2]!) ? id : null;
    } else if (textRow !== null) {
      rows.set(textRow, new RawText(`${(rows.get(textRow) as RawText).text}\n${line}`));
    }
  }
  return rows;
}
