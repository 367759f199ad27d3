import { describe, expect, it } from 'vitest';
import { unusedExports } from '../../../scripts/unused-exports.mjs';

/**
 * No export of the product's code is left that nothing imports (scripts/unused-exports.mjs says
 * how it is found): a name is exported because another file uses it. `node
 * scripts/unused-exports.mjs --fix` drops the ones this names.
 */
describe('exports', () => {
  it('every export of src, entrypoints, scripts and bench is imported somewhere', () => {
    const unused = unusedExports().map((u) => `${u.file}:${u.line}: ${u.name}`);
    expect(unused).toEqual([]);
  });

  it('finds an export nothing imports (a check that found nothing would pass)', () => {
    // The check's own fixture: scripts/unused-exports.mjs reads test/ as a user only, so a file
    // there stands for a module of the product when its folder is passed as the root.
    expect(unusedExports(new URL('./unused-exports-fixture/', import.meta.url).pathname)).toEqual([
      { file: 'src/module.ts', name: 'unusedName', line: 4 },
    ]);
  });
});
