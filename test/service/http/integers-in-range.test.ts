import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from '../../../src/contract/zod.js';
import { INT32_MAX, INT32_MIN } from '../../../src/contract/integers.js';
import { TASK_OUTPUTS } from '../../../src/contract/task-io.js';
import { TASK_TYPES, type TaskType } from '../../../src/contract/task-types.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import {
  documentedOperations,
  exampleOf,
  type JsonSchema,
  type Operation,
} from '../../support/schema-sweep.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/**
 * Every integer of every request (each body field and query parameter /openapi.json documents) and
 * of every agent result (each task type's output schema, from the contract) holds what the
 * database's `int` columns hold. The fields are found by walking the schemas, so a new one is
 * covered by being added. For each: its schema bounds it within int4; one past either bound, and
 * 2^31, answer 400 naming the field; its bounds themselves are taken without a 5xx. The one
 * exception is a result's count the network reports, stored capped so one absurd number never loses
 * the rest (a post's likes): 2^31 is taken, and what is stored fits the column. Calls on a task
 * (`/agent/tasks/{id}/…`) are made on a task the member really holds, where the attempt reaches the
 * database. Runs on PGlite and on PostgreSQL (DATABASE_URL).
 */

let svc: TestService;
let me: SignedIn;
let agents: AgentTeam;
let watchlistOf: Partial<Record<TaskType, string>>;

beforeAll(async () => {
  svc = await startTestService();
  me = await signIn(svc, 'ints@example.com', 'Ints');
  await svc.ctx.db.query(`UPDATE teams SET plan = 'business' WHERE id = $1`, [me.team.id]);
  agents = await createAgentTeam(svc, 'Int agents', [
    { email: 'int-agent@example.com', role: 'admin' },
  ]);
  // Many results of each kind from one member: its budgets are opened up.
  const unlimited = Object.fromEntries(
    TASK_TYPES.map((t) => [t, { per_day: null, per_week: null }]),
  );
  await svc.ctx.db.query('UPDATE teams SET budgets = $2, plan = $3 WHERE id = $1', [
    agents.id,
    JSON.stringify(unlimited),
    'business',
  ]);
  // Collection results are filed into a watchlist of their kind, so the filing sees the values too.
  const keyed = { headers: agents.keyHeaders };
  const created = async (path: string, body: unknown) =>
    ((await (await svc.call('POST', path, { ...keyed, body })).json()) as { id: string }).id;
  watchlistOf = {
    agent_keyword_tracking: await created('/api-keyword-watchlist', { keywords: ['robotics'] }),
    agent_profiles_tracking: await created('/api-people-watchlist', { profiles: ['ada-lovelace'] }),
    agent_company_tracking: await created('/api-company-watchlist', {
      companies: ['acme-robotics'],
    }),
  };
  await svc.ctx.db.query(
    `UPDATE tasks SET status = 'failed' WHERE team_id = $1 AND status IN ('pending', 'processing')`,
    [agents.id],
  );
});
afterAll(() => svc.close());

type Path = (string | number)[];
interface IntegerField {
  path: Path;
  min: number;
  max: number;
}

/** Every integer of a schema, with its bounds (zod's `int()` alone documents ±(2^53 - 1)). */
function integerFields(schema: JsonSchema, path: Path = []): IntegerField[] {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const here = types.includes('integer')
    ? [{ path, min: schema.minimum ?? -Infinity, max: schema.maximum ?? Infinity }]
    : [];
  return [
    ...here,
    ...Object.entries(schema.properties ?? {}).flatMap(([k, s]) => integerFields(s, [...path, k])),
    ...(schema.items ? integerFields(schema.items, [...path, 0]) : []),
    ...(schema.prefixItems ?? []).flatMap((s, i) => integerFields(s, [...path, i])),
    ...(schema.anyOf ?? schema.oneOf ?? []).flatMap((s) => integerFields(s, path)),
  ];
}

/** A query parameter read as a whole number (documented as an integer, or as a string of digits). */
const isWholeNumberParam = (s: JsonSchema) =>
  s.type === 'integer' || (s.type === 'string' && /^\^\\d\{1,\d+\}\$$/.test(s.pattern ?? ''));

/** The schema one step down `key`, through a union's branch that has it. */
function childSchema(schema: JsonSchema, key: string | number): JsonSchema {
  for (const s of [schema, ...(schema.anyOf ?? schema.oneOf ?? [])]) {
    if (typeof key === 'string' && s.properties?.[key]) return s.properties[key];
    if (typeof key === 'number' && s.prefixItems?.[key]) return s.prefixItems[key];
    if (typeof key === 'number' && s.items) return s.items;
  }
  throw new Error(`no schema at ${key}`);
}

/** `base` (valid) with `value` at `path`; what the path crosses and `base` lacks is made valid from the schema. */
function setAt(base: unknown, schema: JsonSchema, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path as [string | number, ...Path];
  // A field of one branch of a union (a sequence's step kinds): start from that branch's own example.
  const branch =
    typeof key === 'string' && !schema.properties?.[key]
      ? (schema.anyOf ?? schema.oneOf ?? []).find((s) => s.properties?.[key])
      : undefined;
  const container = (branch ? exampleOf(branch) : (base ?? exampleOf(schema))) as Record<
    string | number,
    unknown
  >;
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<
    string | number,
    unknown
  >;
  const sub = childSchema(schema, key);
  copy[key] = setAt(copy[key] ?? exampleOf(sub), sub, rest, value);
  return copy;
}

/** Out of range: one past each bound, and 2^31 and -2^31 - 1, the first values an `int` column cannot hold. */
function pastBounds(f: IntegerField): number[] {
  return [...new Set([f.max + 1, f.min - 1, INT32_MAX + 1, INT32_MIN - 1].filter(Number.isFinite))];
}
const atBounds = (f: IntegerField) => [...new Set([f.min, f.max].filter(Number.isFinite))];

/** The message names the field: its name, alone or at the end of its dotted path, in quotes. */
function namesField(error: string, path: Path): boolean {
  const name = String([...path].reverse().find((k) => typeof k === 'string'));
  return new RegExp(`'(?:[^']*\\.)?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`).test(error);
}

/** Only the task a sweep queues next is claimable: anything else the team has open (work the service queued by itself) is settled. */
const settleOpenTasks = () =>
  svc.ctx.db.query(
    `UPDATE tasks SET status = 'failed' WHERE team_id = $1 AND status IN ('pending', 'processing')`,
    [agents.id],
  );

/**
 * A task the member holds now, for the calls on a task: a profile fetch, whose result (no completion
 * hook) goes straight to one UPDATE comparing the attempt in SQL.
 */
async function heldTask(member = agents.members[0]!) {
  await settleOpenTasks();
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: agents.id,
    type: 'agent_profile_fetch',
    input: { task_type: 'agent_profile_fetch', profile_slug: 'ada-lovelace' },
    assignedUserId: member.userId,
  });
  const claim = await svc.call('POST', '/agent/tasks/claim', {
    headers: member.agentHeaders,
    body: { wait_s: 0 },
  });
  const claimed = ((await claim.json()) as { task: { id: string } }).task;
  expect(claimed.id).toBe(task!.id);
  return claimed.id;
}

interface Sweep {
  what: string;
  fields: IntegerField[];
  /** The answer, and for a result the value stored at the field (a capped count's cap). */
  send(field: IntegerField, value: number): Promise<{ res: Response; stored?: unknown }>;
}

/** Every documented operation's integer body fields and query parameters, each with a way to send a value in it. */
async function requestSweeps(): Promise<Sweep[]> {
  const sweeps: Sweep[] = [];
  for (const [method, template, op] of (await documentedOperations(svc)) as [
    string,
    string,
    Operation,
  ][]) {
    if (template === '/agent/sign-out') continue;
    const onTask = template.startsWith('/agent/tasks/{id}');
    const headers = onTask ? agents.members[0]!.agentHeaders : me.memberHeaders;
    const at = async () =>
      template.replace('{id}', onTask ? await heldTask() : '00000000-0000-4000-8000-000000000000');
    const body = op.requestBody?.content['application/json'].schema;
    for (const shape of body ? (body.anyOf ?? [body]) : []) {
      const example = body!.examples?.[0] as Record<string, unknown> | undefined;
      // The documented example when it is of this shape; else a valid value made from the shape.
      const documented =
        example && Object.keys(example).every((k) => shape.properties?.[k])
          ? example
          : exampleOf(shape);
      // A result on the held profile fetch is a valid one, so its attempt reaches the database.
      const base = template.endsWith('/complete')
        ? { ...(documented as object), output: exampleOf(outputSchema('agent_profile_fetch')) }
        : documented;
      sweeps.push({
        what: `${method.toUpperCase()} ${template}`,
        fields: integerFields(shape),
        send: async (f, v) => ({
          res: await svc.call(method.toUpperCase(), await at(), {
            headers,
            body: setAt(base, shape, f.path, v),
          }),
        }),
      });
    }
    const query = (op.parameters ?? []).filter((p) => p.in === 'query');
    const required = Object.fromEntries(
      query.filter((p) => p.required).map((p) => [p.name, String(p.schema.examples?.[0] ?? '')]),
    );
    const params = query.filter((p) => isWholeNumberParam(p.schema));
    for (const p of params) {
      const [field] =
        p.schema.type === 'integer'
          ? integerFields(p.schema, [p.name])
          : [
              {
                path: [p.name],
                min: 0,
                max: 10 ** (Number(/\{1,(\d+)\}/.exec(p.schema.pattern!)![1]) + 0) - 1,
              },
            ];
      sweeps.push({
        what: `${method.toUpperCase()} ${template}?${p.name}`,
        fields: [field!],
        send: async (_f, v) => ({
          res: await svc.call(
            method.toUpperCase(),
            `${await at()}?${new URLSearchParams({ ...required, [p.name]: String(v) })}`,
            { headers },
          ),
        }),
      });
    }
  }
  return sweeps;
}

const outputSchema = (type: TaskType) =>
  z.toJSONSchema(TASK_OUTPUTS[type], { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Every task type's output integers, each sent as the result of a task of that type the member holds. */
function resultSweeps(): Sweep[] {
  const member = agents.members[0]!;
  return (Object.keys(TASK_OUTPUTS) as TaskType[]).map((type) => {
    const schema = outputSchema(type);
    const output = exampleOf(schema);
    return {
      what: `complete ${type}`,
      fields: integerFields(schema).map((f) => ({ ...f, path: ['output', ...f.path] })),
      async send(f, v) {
        const watchlistId = watchlistOf[type];
        const input = { task_type: type, ...(watchlistId ? { watchlist_id: watchlistId } : {}) };
        await settleOpenTasks();
        const queued = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
          teamId: agents.id,
          type,
          input,
          assignedUserId: member.userId,
          watchlistId,
        });
        const claim = await svc.call('POST', '/agent/tasks/claim', {
          headers: member.agentHeaders,
          body: { wait_s: 0 },
        });
        const task = ((await claim.json()) as { task: { id: string; attempt: number } }).task;
        expect(task.id).toBe(queued!.id);
        const res = await svc.call('POST', `/agent/tasks/${task.id}/complete`, {
          headers: member.agentHeaders,
          body: setAt(
            { attempt: task.attempt, output },
            { type: 'object', properties: { output: schema } },
            f.path,
            v,
          ),
        });
        const [row] = await svc.ctx.db.query<{ output: unknown }>(
          'SELECT output FROM tasks WHERE id = $1',
          [task.id],
        );
        const stored = f.path
          .slice(1)
          .reduce<unknown>(
            (v, k) => (v as Record<string | number, unknown> | null)?.[k],
            row?.output,
          );
        // A refused result leaves its task processing: settle it so the next claim gets the next task.
        await svc.ctx.db.query(
          `UPDATE tasks SET status = 'failed' WHERE id = $1 AND status = 'processing'`,
          [task.id],
        );
        return { res, stored };
      },
    };
  });
}

/** A result's integer its schema does not bound within int4 must be a capped count (contract/integers.ts cappedCount): checked below. */
const mayBeCapped = (what: string) => what.startsWith('complete ');

test('every integer of every request and agent result is bounded by its schema within what an int column holds, or capped into it', async () => {
  const sweeps = [...(await requestSweeps()), ...resultSweeps()];
  const fields = sweeps.flatMap((s) =>
    s.fields.map((f) => ({ what: `${s.what} ${f.path.join('.')}`, min: f.min, max: f.max })),
  );
  expect(
    fields.filter((f) => f.min < INT32_MIN || (f.max > INT32_MAX && !mayBeCapped(f.what))),
  ).toEqual([]);
  // The walk finds them: the agent's attempt, the heartbeat's counts, page sizes, budgets, the results' counts.
  expect(fields.length).toBeGreaterThan(60);
});

test.each([
  ['request', requestSweeps],
  ['agent result', async () => resultSweeps()],
] as const)(
  'each integer of each %s: past its bounds 400 naming the field (a capped count: taken, stored within int4), at its bounds no 5xx',
  async (_kind, sweeps) => {
    const failures: string[] = [];
    let sent = 0;
    for (const sweep of await sweeps()) {
      for (const f of sweep.fields) {
        const what = `${sweep.what} ${f.path.join('.')}`;
        const capped = f.max > INT32_MAX;
        for (const v of pastBounds(f)) {
          const { res, stored } = await sweep.send(f, v);
          sent++;
          const { error } = (await res.json()) as { error?: string };
          if (capped && v > INT32_MAX && v <= f.max) {
            // Capped, not refused: taken, and what is stored fits the column.
            if (res.status !== 200 || typeof stored !== 'number' || stored > INT32_MAX)
              failures.push(`${what} = ${v}: ${res.status} ${error ?? ''} stored ${stored}`);
          } else if (res.status !== 400 || !namesField(error ?? '', f.path))
            failures.push(`${what} = ${v}: ${res.status} ${error}`);
        }
        for (const v of atBounds(f)) {
          const { res } = await sweep.send(f, v);
          sent++;
          if (res.status >= 500) failures.push(`${what} = ${v}: ${res.status} ${await res.text()}`);
          else await res.arrayBuffer();
        }
      }
    }
    console.log(`${_kind}s: ${sent} values sent`);
    expect(failures).toEqual([]);
  },
  600_000,
);
