import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the docs name exists: a backticked path under one of the repository's
 * folders (`src/…`, `test/…`, …), taken from the repository's root, and every relative link,
 * taken from the linking file's folder. A path with a placeholder (`<name>`) or a glob (`*`)
 * stands for files, so only the folder before it has to exist.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FOLDERS = ['src', 'test', 'scripts', 'bench', 'docs', 'entrypoints', 'public', 'assets'];
const PATH = new RegExp(`^(?:\\./)?(?:${FOLDERS.join('|')})/[\\w./<>*@+-]*$`);
/** Paths the docs name that a run writes (ignored by git), not files of the tree. */
const WRITTEN_BY_RUNS = new Set<string>(['test/e2e/artifacts/']);

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The part of a path that must exist: all of it, or the folder before a placeholder or glob. */
function mustExist(path: string): string {
  const cut = path.search(/[<*]/);
  return cut < 0 ? path : path.slice(0, path.lastIndexOf('/', cut) + 1);
}

/** The repository paths `doc` names, relative to the root: backticked ones and relative links. */
function namedPaths(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const out: string[] = [];
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const word of span!.split(/\s+/)) {
      const path = word.replace(/[),;:]+$/, '').replace(/(?::\d+)?$/, '');
      if (PATH.test(path)) out.push(path.replace(/^\.\//, ''));
    }
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(?:[a-z]+:|#)/i.test(target!)) continue;
    const path = target!.replace(/#.*$/, '');
    out.push(relative(ROOT, join(ROOT, dirname(doc), path)));
  }
  return out;
}

describe('paths named in the docs', () => {
  it('finds the docs and paths in them', () => {
    expect(DOCS).toContain('docs/architecture.md');
    expect(namedPaths('docs/architecture.md').length).toBeGreaterThan(10);
  });

  it.each(DOCS)('%s names only paths that exist', (doc) => {
    const missing = namedPaths(doc).filter(
      (p) => !WRITTEN_BY_RUNS.has(p) && !existsSync(join(ROOT, mustExist(p))),
    );
    expect(missing).toEqual([]);
  });
});
