import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBundles, statsDirFor } from '../../../scripts/bundle-size.mjs';

/** The size budgets npm test enforces (scripts/bundle-size.mjs), on a build made up here. */
describe('bundle budgets', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A build of one bundle (the content script unless told) of `bytes`, holding these modules (minified sizes). */
  function build(
    bytes: number,
    modules: Record<string, number>,
    file = 'content-scripts/network.js',
  ) {
    root = mkdtempSync(join(tmpdir(), 'na-bundles-'));
    const out = join(root, 'chrome-mv3');
    mkdirSync(join(out, 'content-scripts'), { recursive: true });
    writeFileSync(join(out, file), 'x'.repeat(bytes));
    mkdirSync(statsDirFor(out), { recursive: true });
    writeFileSync(
      join(statsDirFor(out), `${file.replace('/', '__')}.json`),
      JSON.stringify({ file, bytes, modules }),
    );
    return out;
  }
  const budgets = { 'content-scripts/network.js': 1_000 };
  const baseline = {
    'content-scripts/network.js': {
      bytes: 900,
      modules: { 'src/content/content-runner.ts': 500, 'src/shared/messaging.ts': 400 },
    },
  };

  it('within budget: passes, listing the largest modules', () => {
    const { lines, failures } = checkBundles(
      build(950, { 'src/content/content-runner.ts': 520, 'src/shared/messaging.ts': 430 }),
      { budgets, baseline },
    );
    expect(failures).toEqual([]);
    expect(lines[0]).toBe('✓ content-scripts/network.js: 950 B of 1.0 kB');
    expect(lines[1]).toContain('src/content/content-runner.ts');
  });

  it('over budget: fails, naming the modules that grew it since the recorded sizes', () => {
    const { failures } = checkBundles(
      build(1_300, {
        'src/content/content-runner.ts': 510,
        'src/shared/messaging.ts': 400,
        'src/content/new-thing.ts': 380,
      }),
      { budgets, baseline },
    );
    expect(failures).toEqual([
      'content-scripts/network.js is 1.3 kB, over its 1.0 kB budget by 300 B. Grew most: src/content/new-thing.ts +380 B (new), src/content/content-runner.ts +10 B. Largest: src/content/content-runner.ts 510 B, src/shared/messaging.ts 400 B, src/content/new-thing.ts 380 B',
    ]);
  });

  it('a content script that takes in zod or the built-in map fails, whatever its size', () => {
    const { failures } = checkBundles(
      build(500, { 'node_modules/zod/v4/core/core.js': 100, 'src/network/map/built-in.ts': 100 }),
      { budgets, baseline },
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /holds modules it must not:\n\s+node_modules\/zod\/v4\/core\/core\.js \(zod belongs to the service/,
    );
    expect(failures[0]).toContain(
      'src/network/map/built-in.ts (the built-in network map reaches the tab in task:start)',
    );
  });

  it('a worker that takes in zod fails, whatever its size: it checks against the contract as JSON Schema', () => {
    const { failures } = checkBundles(
      build(500, { 'node_modules/zod/v4/core/schemas.js': 100 }, 'background.js'),
      { budgets: { 'background.js': 1_000 }, baseline: {} },
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^background\.js holds modules it must not:\n\s+node_modules\/zod\/v4\/core\/schemas\.js \(the worker checks against the contract written as JSON Schema/,
    );
  });

  it('a content script that takes in the network operations fails: they load on first use, from their own file', () => {
    const { failures } = checkBundles(
      build(500, { 'src/content/content-runner.ts': 100, 'src/network/call.ts': 300 }),
      { budgets, baseline },
    );
    expect(failures).toEqual([
      expect.stringContaining(
        'src/network/call.ts (the operations load on first use, from network-operations.js',
      ),
    ]);
  });

  it('a build without stats is not taken as within budget', () => {
    const out = build(100, {});
    rmSync(statsDirFor(out), { recursive: true });
    expect(checkBundles(out, { budgets, baseline }).failures[0]).toMatch(
      /^content-scripts\/network\.js: no bundle stats/,
    );
  });
});
