import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { splitStatements } from '../../src/service/db/split-statements.js';

const MIGRATIONS = fileURLToPath(new URL('../../src/service/db/migrations/', import.meta.url));

describe('splitStatements', () => {
  test('splits at semicolons, also two statements on one line, and trims', () => {
    expect(splitStatements('CREATE TABLE a (x int);\nCREATE INDEX a_x ON a (x); SELECT 1;\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX a_x ON a (x)',
      'SELECT 1',
    ]);
  });

  test('a last statement without a semicolon is kept', () => {
    expect(splitStatements('SELECT 1;\nSELECT 2')).toEqual(['SELECT 1', 'SELECT 2']);
  });

  test('a dollar-quoted function body stays whole, with its inner semicolons', () => {
    const fn = `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO t VALUES (1);
  RETURN NULL;
END $$`;
    const tagged = `CREATE FUNCTION g() RETURNS int LANGUAGE plpgsql AS $body$ BEGIN RETURN 1; END; $body$`;
    expect(splitStatements(`${fn};\n${tagged};\nCREATE TRIGGER x AFTER INSERT ON t FOR EACH STATEMENT EXECUTE FUNCTION f();`)).toEqual([
      fn,
      tagged,
      'CREATE TRIGGER x AFTER INSERT ON t FOR EACH STATEMENT EXECUTE FUNCTION f()',
    ]);
  });

  test('a tagged dollar quote is closed only by the same tag', () => {
    const sql = `SELECT $a$ one $$ ; two $b$; $a$`;
    expect(splitStatements(`${sql}; SELECT 3`)).toEqual([sql, 'SELECT 3']);
  });

  test('semicolons in strings, quoted identifiers and comments do not split', () => {
    const sql = `INSERT INTO "odd;name" VALUES ('a;b', 'it''s; fine', E'back\\'slash;') -- a; comment
/* block; /* nested; */ still comment; */`;
    expect(splitStatements(`${sql};SELECT 2;`)).toEqual([sql, 'SELECT 2']);
  });

  test('positional parameters and identifiers with $ are not dollar quotes', () => {
    expect(splitStatements('SELECT $1, a$b$c FROM t; SELECT 2')).toEqual(['SELECT $1, a$b$c FROM t', 'SELECT 2']);
  });

  test('comment-only pieces are dropped', () => {
    expect(splitStatements('-- header; with a semicolon\n\n;\n/* c */;\nSELECT 1;\n-- trailer\n')).toEqual(['SELECT 1']);
  });

  test('unterminated quotes are an error, not a silent merge', () => {
    expect(() => splitStatements('SELECT $$ never closed; SELECT 1')).toThrow(/unterminated dollar-quoted/);
    expect(() => splitStatements("SELECT 'open; SELECT 1")).toThrow(/unterminated string/);
    expect(() => splitStatements('SELECT 1 /* open')).toThrow(/unterminated block comment/);
  });

  test('every migration splits into statements that each begin with SQL, the function bodies whole', async () => {
    const files = (await readdir(MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
    expect(files).toContain('007_posts_counts.sql');
    for (const file of files) {
      const sql = await readFile(MIGRATIONS + file, 'utf8');
      const statements = splitStatements(sql);
      expect(statements.length, file).toBeGreaterThan(0);
      for (const s of statements) {
        const firstCode = s.replace(/^(\s*--[^\n]*\n)*/, '').trimStart();
        expect(firstCode, `${file}: ${s.slice(0, 60)}`).toMatch(/^(CREATE|ALTER|INSERT|UPDATE|DELETE|DROP|SELECT|WITH)\b/i);
      }
      // Statement count: every top-level `;` in the file (those outside $$ bodies) ends one.
      const outsideBodies = sql.replace(/\$\$[\s\S]*?\$\$/g, '').replace(/--[^\n]*/g, '');
      expect(statements.length, file).toBe((outsideBodies.match(/;/g) ?? []).length);
    }
    const counts = splitStatements(await readFile(MIGRATIONS + '007_posts_counts.sql', 'utf8'));
    const functions = counts.filter((s) => /CREATE (OR REPLACE )?FUNCTION/i.test(s));
    expect(functions.length).toBeGreaterThan(0);
    for (const f of functions) expect(f).toMatch(/\$\$[\s\S]*;[\s\S]*\$\$/);
  });
});
