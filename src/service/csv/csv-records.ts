/** One record of a CSV document by the line it starts on, or why the record at that line was not read. */
export type CsvRecord = { line: number; fields: string[] } | { line: number; reason: string };

const NOT_CLOSED = 'a quoted field is not closed';
const BAD_QUOTE = 'a quote inside a field that is not quoted, or text after a closing quote';
const TOO_LONG = 'the record is too long';

type State = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted' | 'skipLine';

/**
 * Splits CSV text (RFC 4180: comma-separated, `"` quoting with `""` for a quote, CRLF, LF or CR
 * line breaks) into records as it arrives, numbering each by the line it starts on; empty lines
 * are skipped.
 *
 * A record that cannot be read is reported once, at the line it starts on, and reading goes on at
 * the line after that one: a stray or unclosed quote then costs its own line only, never the rows
 * that follow it (an unclosed quote would otherwise take the rest of the document as one field).
 * That is why the raw text of the record being read is kept until the record ends.
 */
export class CsvRecords {
  private state: State = 'fieldStart';
  private line = 1;
  private startLine = 1;
  private fields: string[] = [];
  private field = '';
  /** The record's raw text so far, to read again from its second line if it turns out bad. */
  private raw = '';
  private prev = '';
  private tooLong = false;
  private skipReason = '';

  constructor(private readonly maxRecordSize: number) {}

  /** The records completed by this text. */
  push(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    this.read(text, out);
    return out;
  }

  /** The last record, once the document has ended. */
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    // Each pass either ends the document or reads again from a later line, so this ends.
    for (;;) {
      if (this.state === 'skipLine') {
        out.push({ line: this.startLine, reason: this.skipReason });
        this.reset();
        return out;
      }
      if (this.state === 'quoted') {
        const again = this.rejected(NOT_CLOSED, out);
        if (again !== null) this.read(again, out);
        continue;
      }
      if (this.raw !== '') this.endRecord(out);
      return out;
    }
  }

  private read(input: string, out: CsvRecord[]): void {
    // Text still to read, the next piece last: a rejected record's later lines go before the rest.
    const pieces = [input];
    for (let text = pieces.pop(); text !== undefined; text = pieces.pop()) {
      for (let i = 0; i < text.length; ) {
        const ch = text[i] as string;
        i++;
        const again = this.take(ch, out);
        if (again !== null) {
          pieces.push(text.slice(i), again);
          break;
        }
      }
    }
  }

  /** Reads one character; the text to read again first when it ended a record as not read. */
  private take(ch: string, out: CsvRecord[]): string | null {
    const isBreak = ch === '\n' || ch === '\r';
    // The \n of a CRLF belongs to the line break its \r started.
    const newLine = isBreak && !(ch === '\n' && this.prev === '\r');
    this.prev = ch;
    if (this.state === 'skipLine') {
      if (isBreak) {
        if (newLine) this.line++;
        out.push({ line: this.startLine, reason: this.skipReason });
        this.reset();
      }
      return null;
    }
    if (this.state === 'fieldStart' && this.raw === '' && isBreak) {
      // An empty line, or the \n of a CRLF that ended the last record.
      if (newLine) this.line++;
      return null;
    }
    if (this.raw === '') this.startLine = this.line;
    this.raw += ch;
    if (newLine) this.line++;
    if (this.raw.length > this.maxRecordSize) this.tooLong = true;
    switch (this.state) {
      case 'fieldStart':
        if (ch === '"') this.state = 'quoted';
        else if (ch === ',') this.fields.push('');
        else if (isBreak) this.endRecord(out);
        else {
          this.field = ch;
          this.state = 'unquoted';
        }
        return null;
      case 'unquoted':
        if (ch === '"') return this.rejected(BAD_QUOTE, out);
        if (ch === ',') this.endField();
        else if (isBreak) this.endRecord(out);
        else this.add(ch);
        return null;
      case 'quoted':
        if (ch === '"') this.state = 'quoteInQuoted';
        else this.add(ch);
        return null;
      case 'quoteInQuoted':
        if (ch === '"') {
          this.add('"');
          this.state = 'quoted';
        } else if (ch === ',') this.endField();
        else if (isBreak) this.endRecord(out);
        // A quote that closes on a later line with text after it most likely never closed where
        // it was meant to: its record is the one at the start line, read again from the next line.
        else return this.rejected(this.line > this.startLine ? NOT_CLOSED : BAD_QUOTE, out);
        return null;
    }
  }

  private add(ch: string): void {
    if (!this.tooLong) this.field += ch;
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
    this.state = 'fieldStart';
  }

  private endRecord(out: CsvRecord[]): void {
    this.fields.push(this.field);
    if (this.tooLong) out.push({ line: this.startLine, reason: TOO_LONG });
    else out.push({ line: this.startLine, fields: this.fields });
    this.reset();
  }

  /**
   * Reports the record as not read, and gives the text to read again: the record's raw text after
   * its first line. Null when the record is still on its first line: the rest of that line is then
   * skipped (or, at the document's end, nothing is left).
   */
  private rejected(reason: string, out: CsvRecord[]): string | null {
    const firstBreak = this.raw.search(/[\r\n]/);
    if (firstBreak === -1) {
      this.skipReason = reason;
      this.state = 'skipLine';
      return null;
    }
    out.push({ line: this.startLine, reason });
    let after = firstBreak + 1;
    if (this.raw[firstBreak] === '\r' && this.raw[after] === '\n') after++;
    const again = this.raw.slice(after);
    const line = this.startLine + 1;
    this.prev = this.raw[after - 1] as string;
    this.reset();
    this.line = line;
    return again;
  }

  private reset(): void {
    this.state = 'fieldStart';
    this.fields = [];
    this.field = '';
    this.raw = '';
    this.tooLong = false;
    this.skipReason = '';
  }
}
