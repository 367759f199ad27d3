import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TASK_KINDS, TASK_TYPES } from '../../../src/contract/task-kinds.js';

/**
 * docs/adding-an-operation.md stays true: the files it names exist, every kind has the files it
 * says each kind needs (`<kind>` in a path stands for every task type, `<kind-file>` for it in
 * kebab-case), and the docs it says list every kind do, with the routes of the description.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');
const DOC = read('docs/adding-an-operation.md');

const named = [
  ...new Set(
    [...DOC.matchAll(/(?:^|[\s`(])((?:src|test|scripts|docs)\/[\w./<>-]*[\w>/])/g)].map(
      (m) => m[1]!,
    ),
  ),
];

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
});
