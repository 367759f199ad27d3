/**
 * Splits a migration file into statements at each `;` that is SQL, not text: semicolons inside
 * quoted strings ('…', E'…'), quoted identifiers ("…"), dollar-quoted bodies ($$…$$, $fn$…$fn$)
 * and comments (-- …, nested /* … *\/) do not end a statement. Statements that hold nothing but
 * comments and blanks are dropped; the others are returned trimmed, their comments kept.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let hasCode = false;
  let i = 0;
  const end = (at: number) => {
    if (hasCode) statements.push(sql.slice(start, at).trim());
    start = at + 1;
    hasCode = false;
  };

  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const eol = sql.indexOf('\n', i);
      i = eol === -1 ? sql.length : eol + 1;
      continue;
    }
    if (c === '/' && next === '*') {
      i = skipBlockComment(sql, i);
      continue;
    }
    if (c === ';') {
      end(i);
      i++;
      continue;
    }
    if (!/\s/.test(c)) hasCode = true;
    if (c === "'") {
      const escapes = /[eE]/.test(sql[i - 1] ?? '') && !isIdentChar(sql[i - 2]);
      i = skipQuoted(sql, i, "'", escapes);
    } else if (c === '"') {
      i = skipQuoted(sql, i, '"', false);
    } else if (c === '$' && !isIdentChar(sql[i - 1])) {
      const tag = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i))?.[0];
      if (tag) {
        const close = sql.indexOf(tag, i + tag.length);
        if (close === -1) throw new Error(`unterminated dollar-quoted string ${tag} in migration`);
        i = close + tag.length;
      } else {
        i++;
      }
    } else {
      i++;
    }
  }
  end(sql.length);
  return statements;
}

/** Letters, digits, `_` and `$` continue an identifier: `a$b` is one name, not a dollar quote. */
function isIdentChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_$\u0080-\uffff]/.test(c);
}

/** From an opening quote to just past its closing one; a doubled quote is an escaped quote. */
function skipQuoted(sql: string, open: number, quote: string, backslashEscapes: boolean): number {
  let i = open + 1;
  while (i < sql.length) {
    const c = sql[i]!;
    if (backslashEscapes && c === '\\') {
      i += 2;
    } else if (c === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  throw new Error(`unterminated ${quote === "'" ? 'string' : 'quoted identifier'} in migration`);
}

/** Block comments nest in PostgreSQL. */
function skipBlockComment(sql: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else {
      i++;
    }
  }
  throw new Error('unterminated block comment in migration');
}
