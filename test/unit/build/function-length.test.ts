import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type FunctionLength,
  functionLengths,
  functionLengthsUnder,
} from '../../support/function-lengths.js';

/**
 * No function in src/ is longer than 150 lines, from its first line to its last, nested functions
 * included: a closure that long holds several jobs that want files of their own
 * (docs/architecture.md, "small files with one job"). Data tables (object and array literals) are
 * not functions and are not measured; the functions inside them are.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LIMIT = 150;

/**
 * The functions allowed over the limit, by `file:name` (the name as test/support/function-lengths.ts
 * gives it), each with its reason. An entry whose function has become short is no failure: the
 * list is trimmed by hand.
 */
const EXCEPTIONS: Record<string, string> = {
  'src/shared/json-schema-check.ts:checkJsonSchema':
    'one recursive walk of a JSON Schema whose steps share the documents and the memo of the ' +
    '$refs they resolved, mirroring zod rule by rule',
  'src/popup/popup.ts:startPopup':
    "the popup's controller: every handler reads and redraws the one model it keeps",
};

/** The functions of `found` over the limit that `exceptions` does not name, with their lengths. */
function overLimit(found: FunctionLength[], exceptions: Record<string, string>): string[] {
  return found
    .filter((f) => f.lines > LIMIT && !Object.hasOwn(exceptions, f.id))
    .map((f) => `${f.id}: ${f.lines} lines`);
}

/** A function of `lines` lines in all, its header and closing brace included. */
const steps = (lines: number, indent = '  ') =>
  Array.from({ length: lines - 2 }, (_, i) => `${indent}step(${i});`).join('\n');

/** Source text with functions of known lengths around a data table of 400 lines. */
const SYNTHETIC = [
  `export function tooLong() {\n${steps(151)}\n}`,
  `export function atTheLimit() {\n${steps(150)}\n}`,
  `class Panel {\n  draw() {\n${steps(160, '    ')}\n  }\n}`,
  `const handler = async () => {\n${steps(170)}\n};`,
  `app.post('/things', (c) => {\n${steps(155)}\n});`,
  `function outer() {\n  function inner() {\n${steps(152, '    ')}\n  }\n  return inner;\n}`,
  `export const TABLE = {\n${Array.from({ length: 400 }, (_, i) => `  row${i}: ${i},`).join('\n')}\n  pick: (x: number) => x,\n};`,
].join('\n');

describe('function length', () => {
  const found = functionLengthsUnder(ROOT, 'src');

  it('reads the functions of src/ (a walk that found nothing would pass)', () => {
    expect(found.length).toBeGreaterThan(2_000);
    const signals = found.find(
      (f) => f.id === 'src/service/tasks/task-signals.ts:createTaskSignals',
    );
    expect(signals?.lines).toBeGreaterThan(20);
  });

  it(`no function in src/ is longer than ${LIMIT} lines, the named exceptions aside`, () => {
    expect(overLimit(found, EXCEPTIONS)).toEqual([]);
  });

  it('measures functions, methods, arrows and callbacks from first line to last, not data tables', () => {
    const lengths = Object.fromEntries(
      functionLengths('x.ts', SYNTHETIC).map((f) => [f.id, f.lines]),
    );
    expect(lengths).toEqual({
      'x.ts:tooLong': 151,
      'x.ts:atTheLimit': 150,
      'x.ts:Panel.draw': 160,
      'x.ts:handler': 170,
      "x.ts:app.post('/things')": 155,
      'x.ts:outer': 155,
      'x.ts:outer/inner': 152,
      'x.ts:pick': 1,
    });
  });

  it('fails for a long function it does not list, never for a listed one, long or grown short', () => {
    const synthetic = functionLengths('x.ts', SYNTHETIC);
    expect(overLimit(synthetic, {})).toEqual([
      'x.ts:tooLong: 151 lines',
      'x.ts:Panel.draw: 160 lines',
      'x.ts:handler: 170 lines',
      "x.ts:app.post('/things'): 155 lines",
      'x.ts:outer: 155 lines',
      'x.ts:outer/inner: 152 lines',
    ]);
    const listed = {
      'x.ts:tooLong': 'a reason',
      'x.ts:Panel.draw': 'a reason',
      'x.ts:handler': 'a reason',
      "x.ts:app.post('/things')": 'a reason',
      'x.ts:outer': 'a reason',
      'x.ts:outer/inner': 'a reason',
      // Short now, or gone: still no failure.
      'x.ts:atTheLimit': 'a reason',
      'x.ts:removedSinceListed': 'a reason',
    };
    expect(overLimit(synthetic, listed)).toEqual([]);
  });

  it('gives every exception a reason', () => {
    for (const [id, why] of Object.entries(EXCEPTIONS)) {
      expect(id).toMatch(/^src\/.+\.ts:.+$/);
      expect(why.length).toBeGreaterThan(20);
    }
  });
});
