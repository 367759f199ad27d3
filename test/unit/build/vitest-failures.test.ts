import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vitestFailures } from '../../../scripts/vitest-failures.mjs';

/**
 * `npm test` repeats at its end what vitest said failed (scripts/vitest-failures.mjs): read here
 * from a real vitest run, in colour, on a scratch project with a file that does not load and a
 * test that fails.
 */
const dir = mkdtempSync(join(tmpdir(), 'na-vitest-failures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'loads.test.mjs': "import { it } from 'vitest';\nit('passes quietly', () => {});\n",
  'broken.test.mjs':
    "import './gone.mjs';\nimport { it } from 'vitest';\nit('never runs', () => {});\n",
  'wrong.test.mjs':
    "import { expect, it } from 'vitest';\nit('adds up', () => expect(1 + 1).toBe(3));\n",
};
symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
writeFileSync(
  join(dir, 'vitest.config.mjs'),
  "export default { test: { include: ['*.test.mjs'] } };",
);
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);

/** What vitest printed, in colour, running the scratch files whose names hold `filter`. */
function vitestOn(filter: string): string {
  const r = spawnSync(join(dir, 'node_modules', '.bin', 'vitest'), ['run', filter], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '1', CI: 'true' },
  });
  return r.stdout + r.stderr;
}

describe('what vitest reported failed', () => {
  const printed = vitestOn('.test.mjs');

  it('names the file that did not load and the test that failed, with why, in plain text', () => {
    expect(printed).toContain('\u001b[');
    const said = vitestFailures(printed).join('\n');
    expect(said).toMatch(/broken\.test\.mjs/);
    expect(said).toMatch(/gone\.mjs/);
    expect(said).toMatch(/wrong\.test\.mjs > adds up/);
    expect(said).toMatch(/expected 2 to be 3/);
    expect(said).not.toContain('\u001b[');
    expect(said).not.toMatch(/passes quietly/);
    expect(said).not.toMatch(/Test Files/);
  });

  it('keeps at most the lines asked for, and says how many more there are', () => {
    const all = vitestFailures(printed);
    const few = vitestFailures(printed, 3);
    expect(few.slice(0, 3)).toEqual(all.slice(0, 3));
    expect(few[3]).toBe(`… ${all.length - 3} more lines of it above, in vitest's own output`);
    expect(few).toHaveLength(4);
  });

  it('says nothing of a run where nothing failed', () => {
    const passing = vitestOn('loads');
    expect(passing).toMatch(/1 passed/);
    expect(vitestFailures(passing)).toEqual([]);
  });
});
