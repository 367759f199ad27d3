import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  filesWorkersDiedIn,
  vitestCounts,
  vitestFailures,
  witnessLines,
} from '../../../scripts/vitest-failures.mjs';

/**
 * `npm test` repeats at its end what vitest said failed, and runs again a file whose test worker
 * process died (scripts/vitest-failures.mjs): read here from real vitest runs, in colour, on
 * scratch projects.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'na-vitest-failures-'));
  dirs.push(dir);
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    "export default { test: { include: ['*.test.mjs'] } };",
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/**
 * What vitest printed running the files of `dir` whose names hold `filter`, and its report; with
 * the witness of its workers' deaths loaded as `npm test` loads it when asked.
 */
function vitestOn(dir: string, filter: string, witnessed = false) {
  const json = join(dir, 'report.json');
  const witness = witnessed ? ['--import', resolve('scripts/worker-exit-witness.mjs')] : [];
  const r = spawnSync(
    process.execPath,
    [
      ...witness,
      join(dir, 'node_modules', 'vitest', 'vitest.mjs'),
      ...['run', filter, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    ],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '1', CI: 'true' } },
  );
  return { printed: r.stdout + r.stderr, report: JSON.parse(readFileSync(json, 'utf8')) };
}

const PASSES = "import { it } from 'vitest';\nit('passes quietly', () => {});\n";
const FAILS = "import { expect, it } from 'vitest';\nit('adds up', () => expect(1 + 1).toBe(3));\n";
const kills = "process.kill(process.pid, 'SIGKILL');";

describe('what vitest reported failed', () => {
  const dir = project({
    'loads.test.mjs': PASSES,
    'broken.test.mjs':
      "import './gone.mjs';\nimport { it } from 'vitest';\nit('never runs', () => {});\n",
    'wrong.test.mjs': FAILS,
  });
  const { printed, report } = vitestOn(dir, '.test.mjs');

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

  it('counts from the report, naming the file that did not load and the test that failed', () => {
    const counts = vitestCounts(report, dir);
    expect(counts.passed).toBe(1);
    expect(counts.failed).toBe(2);
    expect(counts.failedNames).toHaveLength(2);
    expect(counts.failedNames).toContain('wrong.test.mjs > adds up (failed)');
    expect(counts.failedNames.find((n) => n.startsWith('broken.test.mjs: '))).toMatch(/gone\.mjs/);
  });

  it('says nothing of a run where nothing failed', () => {
    const passing = vitestOn(dir, 'loads').printed;
    expect(passing).toMatch(/1 passed/);
    expect(vitestFailures(passing)).toEqual([]);
  });
});

describe('the files a test worker died in', () => {
  const dir = project({
    'lives.test.mjs': PASSES,
    'dies-loading.test.mjs': `import { it } from 'vitest';\n${kills}\nit('never runs', () => {});\n`,
    'dies-running.test.mjs': `import { it } from 'vitest';\nit('runs', () => {});\nit('dies', () => { ${kills} });\nit('never runs', () => {});\n`,
    'wrong.test.mjs': FAILS,
  });

  it('are the files whose tests were cut short, or never collected', () => {
    const { printed, report } = vitestOn(dir, 'ies');
    expect(printed).toMatch(/Worker exited unexpectedly/);
    expect(filesWorkersDiedIn(report, printed).sort()).toEqual(
      [join(dir, 'dies-loading.test.mjs'), join(dir, 'dies-running.test.mjs')].sort(),
    );
    // The tests of the file it died running count as failed, those it ran before included: none
    // passes unreported. A file it died loading reports none; npm test names it as a failure.
    expect(vitestCounts(report, dir)).toEqual({
      passed: 0,
      failed: 3,
      failedNames: [
        'dies-running.test.mjs > runs (pending)',
        'dies-running.test.mjs > dies (pending)',
        'dies-running.test.mjs > never runs (pending)',
      ],
    });
  });

  it('are named beside a test that failed otherwise', () => {
    const { printed, report } = vitestOn(dir, '.test.mjs');
    expect(printed).toMatch(/Worker exited unexpectedly/);
    expect(filesWorkersDiedIn(report, printed).sort()).toEqual(
      [join(dir, 'dies-loading.test.mjs'), join(dir, 'dies-running.test.mjs')].sort(),
    );
    expect(vitestCounts(report, dir).failedNames).toContain('wrong.test.mjs > adds up (failed)');
  });

  it('are none when no worker died', () => {
    const { printed, report } = vitestOn(dir, 'lives');
    expect(filesWorkersDiedIn(report, printed)).toEqual([]);
  });

  it('are told with the signal that ended each worker, by the witness npm test loads', () => {
    const { printed } = vitestOn(dir, 'ies', true);
    const said = witnessLines(printed);
    expect(said).toHaveLength(2);
    for (const line of said)
      expect(line).toMatch(
        /^worker-exit-witness: test worker \d+ ended with code null and signal SIGKILL after [\d.]+ s/,
      );
    expect(witnessLines(vitestOn(dir, 'lives', true).printed)).toEqual([]);
  });
});
