import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TASK_KINDS, TASK_TYPES, taskKind } from '../../../src/contract/task-kinds.js';
import {
  KINDS_FILE,
  kindsWithProbe,
  PROBE,
  readSource,
  tableWithProbe,
  typeCheckWith,
} from '../../support/throwaway-kind.js';
import { sourceStrings } from '../../support/source-strings.js';

/**
 * docs/adding-an-operation.md stays true: the files it names exist, every kind has the files it
 * says each kind needs (`<kind>` in a path stands for every task type, `<kind-file>` for it in
 * kebab-case), the docs it says list every kind do, with the routes and tools of the description,
 * and a throwaway kind makes the type checker name exactly the files it says the checker names.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');
const DOC = read('docs/adding-an-operation.md');

/** The paths a part of the page names. */
const pathsIn = (text: string) => [
  ...new Set(
    [...text.matchAll(/(?:^|[\s`(])((?:src|test|scripts|docs)\/[\w./<>-]*[\w>/])/g)].map(
      (m) => m[1]!,
    ),
  ),
];
const named = pathsIn(DOC);
/** The files of "What the type checker asks for". */
const checkerNamed = pathsIn(DOC.split('## What the type checker asks for')[1]!.split('\n## ')[0]!);

describe('docs/adding-an-operation.md', () => {
  it('names files that exist', () => {
    const fixed = named.filter((p) => !p.includes('<'));
    expect(fixed.length).toBeGreaterThan(20);
    expect(fixed.filter((p) => !existsSync(`${ROOT}${p}`))).toEqual([]);
  });

  it('every kind has the files the page says each kind needs', () => {
    const perKind = named.filter((p) => p.includes('<kind>') || p.includes('<kind-file>'));
    expect(perKind).toContain('src/network/operations/<kind-file>.ts');
    // `<kind-file>` is the kind as a file name: kebab-case, like every file of the tree.
    const missing = TASK_TYPES.flatMap((t) =>
      perKind
        .map((p) => p.replace('<kind-file>', t.replaceAll('_', '-')).replace('<kind>', t))
        .filter((p) => !existsSync(`${ROOT}${p}`)),
    );
    expect(missing).toEqual([]);
    const operations = read('src/network/operations/index.ts');
    for (const t of TASK_TYPES) expect(operations).toContain(`  ${t}: `);
  });

  it('the "Task types" table of docs/agent-protocol.md has every kind, by its route', () => {
    const table = read('docs/agent-protocol.md').split('## Task types')[1]!.split('\n\n')[1]!;
    const rows = table.split('\n').slice(2);
    const routes = new Map<string, string | null>();
    for (const row of rows) {
      const type = /\| `(agent_\w+)`/.exec(row)?.[1];
      if (!type) continue;
      const route = /POST \/network-agent\/([a-z-]+)/.exec(row)?.[1] ?? null;
      if (!routes.has(type) || route) routes.set(type, route);
    }
    expect(Object.fromEntries(routes)).toEqual(
      Object.fromEntries(TASK_TYPES.map((t) => [t, TASK_KINDS[t].endpoint])),
    );
  });

  it('docs/api.md describes every route', () => {
    const headings = [...read('docs/api.md').matchAll(/^### (.+)$/gm)].flatMap((m) =>
      m[1]!.split(', '),
    );
    for (const t of TASK_TYPES) {
      const endpoint = TASK_KINDS[t].endpoint;
      if (endpoint) expect(headings, endpoint).toContain(endpoint);
    }
  });

  it('docs/mcp.md lists every tool of a kind', () => {
    const mcp = read('docs/mcp.md');
    for (const t of TASK_TYPES) {
      const kind = taskKind(t);
      if (kind.endpoint !== null && kind.mcp) expect(mcp, t).toContain(`\`${kind.mcp.tool}\``);
    }
  });

  // What the type checker cannot see: a list of kinds in a string, such as SQL's `IN (…)`.
  it('no string of src/ names two kinds: SQL takes its lists of kinds built from the description', () => {
    const kinds = new Set<string>(TASK_TYPES);
    const lists = sourceStrings(`${ROOT}src`)
      .filter((s) => s.file !== KINDS_FILE)
      .filter((s) => new Set(s.text.match(/\bagent_\w+/g)?.filter((w) => kinds.has(w))).size > 1)
      .map((s) => `${s.file}: ${s.text.slice(0, 80)}`);
    expect(lists).toEqual([]);
  });

  // The type checker over src/ in memory, twice: the longest test of this folder.
  it('a throwaway kind: the checker names the files of "What the type checker asks for", and filling them in is enough', () => {
    expect(checkerNamed.length).toBeGreaterThan(0);
    const kinds = kindsWithProbe(readSource(ROOT, KINDS_FILE));
    expect(kinds).toContain(`  ${PROBE}: {`);
    // The kind alone: each file the page names lacks it.
    const alone = typeCheckWith(ROOT, { [KINDS_FILE]: kinds }, checkerNamed);
    expect(alone.lacking).toEqual([...checkerNamed].sort());
    // Those files given it too: the checker has nothing more to say, in any file.
    const filled = Object.fromEntries(
      checkerNamed.map((p) => {
        const text = tableWithProbe(readSource(ROOT, p));
        expect(text, p).toContain(PROBE);
        return [p, text];
      }),
    );
    const done = typeCheckWith(ROOT, { [KINDS_FILE]: kinds, ...filled }, undefined, alone.program);
    expect(done.all).toEqual([]);
  }, 300_000);
});
