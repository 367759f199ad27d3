import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { contractSchemas } from '../../../scripts/contract-schemas.js';
import { WORKER_CHECKED } from '../../../src/contract/worker-checked.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { checkContract, type ContractSchemaId } from '../../../src/shared/contract-check.js';

/**
 * The worker checks against the contract written as JSON Schema (scripts/contract-schemas.ts), not
 * against zod. These tests hold the two to the same answers: for valid values and thousands of
 * mutations of them, the worker's check accepts what zod accepts, with the same parsed value
 * (defaults, dropped keys), and refuses what zod refuses, at the same place.
 */

const taskError = { code: 'network_changed', message: 'The answer moved', retryable: false };
const report = {
  used: [{ call: 'profile', alternative: 'dash-profile' }],
  failed: [
    {
      call: 'post',
      alternative: 'feed-update',
      status: 404,
      code: 'network_changed',
      message: 'gone',
    },
  ],
};

const VALID: { [K in ContractSchemaId]?: unknown[] } = {
  'network-map': [BUILT_IN_NETWORK_MAP],
  'task:result': [
    {
      task_id: 't-1',
      attempt: 1,
      type: 'agent_profile_fetch',
      result: { ok: true, output: { profile: { name: 'Ada' } }, network: report },
    },
    {
      task_id: 't-2',
      attempt: 3,
      type: 'agent_like_post',
      result: { ok: false, error: { ...taskError, retry_after: '2026-01-01T00:00:00Z' } },
    },
  ],
  'popup:send-code': [
    { service_url: 'https://agent.example', email: 'ada@example.com', full_name: 'Ada Lovelace' },
  ],
  'popup:verify-code': [{ otp: '123456' }],
  'popup:set-paused': [{ paused: true }],
  'popup:status': [{}],
  'popup:answer-invitation': [{ team_id: 'team-1', accept: false }],
  agent_profile_fetch: [{ task_type: 'agent_profile_fetch', profile_slug: 'ada' }],
  agent_profiles_tracking: [
    { task_type: 'agent_profiles_tracking', profile_urns: ['urn:li:fsd_profile:A'], count: 5 },
  ],
  agent_like_post: [
    {
      task_type: 'agent_like_post',
      social_urn: 'urn:li:activity:1',
      reaction_type: 'LIKE',
      actor_type: 'company',
      company_title: 'Acme',
    },
  ],
  agent_comment_post: [
    { task_type: 'agent_comment_post', social_urn: 'urn:li:activity:1', comment_text: 'Well said' },
  ],
  agent_connection_request: [
    { task_type: 'agent_connection_request', profile_urn: 'urn:li:fsd_profile:A', note: 'Hello' },
  ],
  agent_company_posts_fetch: [
    { task_type: 'agent_company_posts_fetch', company: 'acme', count: 10 },
  ],
  agent_profiles_search: [
    {
      task_type: 'agent_profiles_search',
      keywords: 'duckdb',
      network_degree: ['first', 'second'],
      start: 0,
      count: 10,
    },
  ],
  agent_send_message: [
    { task_type: 'agent_send_message', profile_urn: 'urn:li:fsd_profile:A', message_text: 'Hi' },
  ],
  agent_keyword_tracking: [
    { task_type: 'agent_keyword_tracking', watchlist_id: 'w-1', keyword: 'duckdb', stray: 1 },
  ],
  agent_company_tracking: [
    { task_type: 'agent_company_tracking', watchlist_id: 'w-2', company: 'acme' },
  ],
  'answer:error': [{ error: 'Nope' }],
  'answer:claim': [
    {
      task: {
        id: 't-1',
        type: 'agent_company_fetch',
        input: { company: 'acme' },
        attempt: 2,
        lease_expires_at: '2026-01-01T00:00:00Z',
      },
    },
  ],
  'answer:heartbeat': [
    {
      server_time: '2026-01-01T00:00:00Z',
      member: { id: 'm', email: 'ada@example.com', full_name: 'Ada', role: 'admin' },
      team: { id: 't', name: 'Team' },
      heartbeat_every_s: 60,
      claim_wait_s: 20,
      pacing: { write_min_s: 30, write_max_s: 90, read_min_s: 2, read_max_s: 6 },
      safety: {
        budgets: [
          {
            task_type: 'agent_like_post',
            per_day: 20,
            per_week: null,
            used_today: 1,
            used_this_week: 4,
            next_free_at: null,
          },
        ],
        working_hours: { days: [1, 2, 3], start: '09:00', end: '17:00', time_zone: 'Europe/Paris' },
        writes_open: true,
        writes_open_at: null,
        waiting: [],
      },
      invitations: [],
    },
  ],
  'answer:fail': [{ status: 'pending' }],
};

/** A small seeded generator: the same mutations on every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const REPLACEMENTS: unknown[] = [
  undefined,
  null,
  '',
  'x'.repeat(2001),
  0,
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  true,
  [],
  {},
  [1],
  { a: 1 },
  'LIKE',
  'profile',
  'agent_lost',
];

/** Every place in a value: [path, value there]. */
function places(v: unknown, path: (string | number)[] = []): [(string | number)[], unknown][] {
  const here: [(string | number)[], unknown][] = [[path, v]];
  if (Array.isArray(v)) return here.concat(...v.map((x, i) => places(x, [...path, i])));
  if (v && typeof v === 'object')
    return here.concat(...Object.entries(v).map(([k, x]) => places(x, [...path, k])));
  return here;
}

/** A copy of `v` with one of its places changed: replaced, removed, or an unknown key added. */
function mutate(v: unknown, all: [(string | number)[], unknown][], next: () => number): unknown {
  const copy = structuredClone(v);
  const [path] = all[Math.floor(next() * all.length)]!;
  const pick = next();
  if (path.length === 0)
    return pick < 0.5
      ? REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)]
      : { ...(copy as object), stray: 1 };
  const parent = path.slice(0, -1).reduce((o: any, k) => o[k], copy) as Record<
    string | number,
    unknown
  >;
  const key = path[path.length - 1]!;
  const target = parent[key];
  if (pick < 0.2 && !Array.isArray(parent)) delete parent[key];
  else if (pick < 0.3 && target && typeof target === 'object' && !Array.isArray(target))
    (target as Record<string, unknown>).stray = 'x';
  else if (pick < 0.4 && typeof target === 'string') parent[key] = target.repeat(400);
  else if (pick < 0.5 && Array.isArray(target)) target.push(...Array(60).fill(target[0] ?? 1));
  else parent[key] = REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)];
  return copy;
}

function expectSameAnswer(id: ContractSchemaId, value: unknown) {
  const zod = (WORKER_CHECKED[id] as z.ZodMiniType).safeParse(value);
  const ours = checkContract(id, value);
  const where = `${id} ${JSON.stringify(value)?.slice(0, 300)}`;
  expect(ours.ok, where).toBe(zod.success);
  if (ours.ok && zod.success) expect(ours.data, where).toEqual(zod.data);
  if (!ours.ok && !zod.success)
    expect(
      zod.error.issues.map((i) => i.path.join('.')),
      `${where} ${JSON.stringify(zod.error.issues).slice(0, 600)} ours: ${JSON.stringify(ours)}`,
    ).toContain(ours.path.join('.'));
}

describe("the worker's checks, from the contract as JSON Schema", () => {
  it('accepts what the contract accepts, with the same parsed value', () => {
    for (const [id, values] of Object.entries(VALID)) {
      for (const value of values) {
        expectSameAnswer(id as ContractSchemaId, value);
        expect(checkContract(id as ContractSchemaId, value).ok, id).toBe(true);
      }
    }
  });

  it('refuses what the contract refuses, at the same place, over mutations of every valid value', () => {
    const next = random(20);
    let refused = 0;
    for (const [id, values] of Object.entries(VALID)) {
      for (const value of values) {
        const all = places(value);
        for (let i = 0; i < 200; i++) {
          const mutated = mutate(value, all, next);
          expectSameAnswer(id as ContractSchemaId, mutated);
          if (!checkContract(id as ContractSchemaId, mutated).ok) refused++;
        }
      }
    }
    // The mutations do reach the checks: most of them break the value.
    expect(refused).toBeGreaterThan(2000);
  });

  it('says what is wrong in zod words, naming the field', () => {
    expect(checkContract('popup:set-paused', { paused: 'yes' })).toEqual({
      ok: false,
      path: ['paused'],
      message: 'Invalid input: expected boolean, received string',
    });
    expect(checkContract('popup:set-paused', { paused: true, extra: 1 })).toEqual({
      ok: false,
      path: [],
      message: 'Unrecognized key: "extra"',
    });
    expect(checkContract('popup:verify-code', { otp: '1'.repeat(21) })).toEqual({
      ok: false,
      path: ['otp'],
      message: 'Too big: expected string to have <=20 characters',
    });
    expect(
      checkContract('agent_keyword_tracking', {
        task_type: 'agent_keyword_tracking',
        watchlist_id: 'w',
        keyword: 'k',
        count: 1.5,
      }),
    ).toMatchObject({ path: ['count'], message: 'Invalid input: expected int, received number' });
  });

  it('keeps a key named __proto__ a key, never a prototype', () => {
    const forged = JSON.parse(
      '{"task_id":"t","attempt":1,"type":"agent_profile_fetch","result":{"ok":true,"output":{"__proto__":{"polluted":1}}}}',
    );
    const checked = checkContract('task:result', forged);
    expect(checked.ok).toBe(true);
    const output = checked.ok && checked.data.result.ok ? checked.data.result.output : {};
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
    expect(Object.hasOwn(output, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the build of those schemas (scripts/contract-schemas.ts)', () => {
  it('refuses a schema the worker could not check to the letter: a transform, a refinement', () => {
    const trimmed = z.object({
      name: z.pipe(
        z.string(),
        z.transform((s: string) => s.trim()),
      ),
    });
    expect(() => contractSchemas({ trimmed })).toThrow(/cannot be checked by the worker/);
    const refined = z.object({ name: z.string().check(z.refine((s) => s !== 'root')) });
    expect(() => contractSchemas({ refined })).toThrow(
      /refinement cannot be checked by the worker/,
    );
  });
  it('writes what schemas share as schemas of their own, each `$ref` naming one it wrote', () => {
    const schemas = contractSchemas();
    expect(schemas.__shared).toBeUndefined();
    const refs = JSON.stringify(schemas).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(Object.keys(schemas), ref).toContain(ref.slice(8, -1));
    expect(refs.filter((r) => r.includes('__shared'))).toEqual([]);
  });
  it('writes every schema of the contract the worker checks', () => {
    expect(Object.keys(contractSchemas())).toEqual(
      expect.arrayContaining(Object.keys(WORKER_CHECKED)),
    );
  });
});
