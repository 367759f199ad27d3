import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as workerKinds from 'virtual:task-kinds';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGETS } from '../../../src/contract/budgets.js';
import { NETWORK_ENDPOINTS } from '../../../src/contract/task-io.js';
import {
  manyWords,
  REFUSABLE_TYPES,
  TASK_KINDS,
  TASK_TYPES,
  WRITE_TYPES,
} from '../../../src/contract/task-kinds.js';
import { taskTarget } from '../../../src/contract/task-target.js';

/**
 * What derives from the one description of each task kind (src/contract/task-kinds.ts) agrees
 * with it, including what cannot import it: the worker's build-time copy, the service's targets
 * and the docs that list kinds in prose.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8').replace(/\s+/g, ' ');

/** "likes, comments, connection requests, messages or withdrawals" -> its items. */
const items = (list: string) =>
  list
    .replace(/^> /, '')
    .split(/, | or | and /)
    .map((w) => w.trim());

describe('the task kinds', () => {
  it('keeps the types the protocol names, in their order, with routes named as the spec names them', () => {
    expect(TASK_TYPES).toHaveLength(17);
    expect(TASK_TYPES[0]).toBe('agent_profile_fetch');
    expect(Object.keys(NETWORK_ENDPOINTS)).toEqual(
      TASK_TYPES.flatMap((t) => TASK_KINDS[t].endpoint ?? []),
    );
    expect(NETWORK_ENDPOINTS['send-connection-request']).toMatchObject({
      type: 'agent_connection_request',
      runsAs: 'oldest_admin',
    });
    expect(DEFAULT_BUDGETS.agent_connection_request).toEqual({ per_day: 25, per_week: 100 });
  });

  it('gives the worker the same types, writes and targets as the description (virtual:task-kinds)', () => {
    expect(workerKinds.TASK_TYPES).toEqual(TASK_TYPES);
    expect(workerKinds.WRITE_TYPES).toEqual(WRITE_TYPES);
    expect(workerKinds.TARGETS).toEqual(
      Object.fromEntries(TASK_TYPES.map((t) => [t, TASK_KINDS[t].target])),
    );
  });

  it("has the service's task list show each kind's target as the description says", () => {
    for (const t of TASK_TYPES)
      expect([t, taskTarget(TASK_KINDS[t], {}).kind]).toEqual([t, TASK_KINDS[t].target]);
  });

  it('gives each route an example its own body accepts, and each MCP tool a name of its own', () => {
    for (const endpoint of Object.values(NETWORK_ENDPOINTS)) {
      const parsed = endpoint.body.safeParse(endpoint.kind.example);
      expect([endpoint.type, parsed.success]).toEqual([endpoint.type, true]);
    }
    const tools = Object.values(NETWORK_ENDPOINTS).flatMap((e) => e.kind.mcp?.tool ?? []);
    expect(new Set(tools).size).toBe(tools.length);
  });

  it('words every kind in plain words, once each', () => {
    for (const t of TASK_TYPES) {
      const { one, lead, many } = TASK_KINDS[t].words;
      for (const w of [one, lead, many]) expect(w).not.toMatch(/agent_|_/);
      expect(many).toBe(many.toLowerCase());
    }
    const plurals = TASK_TYPES.map((t) => manyWords(t));
    expect(new Set(plurals).size).toBe(plurals.length);
    expect(manyWords('agent_profile_fetch', true)).toBe('Profile fetches');
  });

  it('writes are paced, and only writes may be refused', () => {
    for (const t of REFUSABLE_TYPES) expect(WRITE_TYPES).toContain(t);
  });
});

describe('the docs that list kinds in prose', () => {
  const refusable = REFUSABLE_TYPES.map((t) => manyWords(t));

  it('name the kinds a member may turn off, as the description has them', () => {
    const lists = [
      ['README.md', /can turn off ((?:[a-z ]+, )+[a-z ]+ or [a-z ]+) for their account/],
      ['docs/store.md', /turning off ((?:[a-z ]+, )+[a-z ]+ or [a-z ]+) for their account/],
      ['docs/store.md', /can turn off ((?:[a-z ]+, )+[a-z ]+ or (?:> )?[a-z ]+) for (?:> )?your/],
      ['docs/agent-protocol.md', /`refusable` in `src\/contract\/task-kinds.ts`: ([a-z ,]+);/],
    ] as const;
    for (const [file, pattern] of lists) {
      const found = pattern.exec(read(file));
      expect(found, `${file}: ${pattern}`).not.toBeNull();
      expect([file, items(found![1]!)]).toEqual([file, refusable]);
    }
  });

  it('give the default budgets of docs/budgets.md as the description has them', () => {
    const table = readFileSync(`${ROOT}docs/budgets.md`, 'utf8');
    const seen = new Set<string>();
    for (const row of table.matchAll(
      /^\| (`agent_[^|]+) \| ([\d,]+)(?: each)? \| ([\d,]+|—) \|/gm,
    )) {
      const number = (v: string) => (v === '—' ? null : Number(v.replace(',', '')));
      for (const [, type] of row[1]!.matchAll(/`(agent_\w+)`/g)) {
        seen.add(type!);
        expect([type, TASK_KINDS[type as keyof typeof TASK_KINDS]?.budget]).toEqual([
          type,
          { per_day: number(row[2]!), per_week: number(row[3]!) },
        ]);
      }
    }
    expect([...seen].sort()).toEqual([...TASK_TYPES].sort());
  });
});
