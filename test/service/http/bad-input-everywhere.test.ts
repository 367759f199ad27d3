import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from '../../../src/contract/zod.js';
import { TASK_OUTPUTS } from '../../../src/contract/task-io.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { createAgentTeam } from '../../support/task-team.js';
import {
  documentedOperations,
  exampleOf,
  leafPaths,
  withValueAt,
  type JsonSchema,
} from '../../support/schema-sweep.js';
import { TASK_TYPES, type TaskType } from '../../../src/contract/task-types.js';

/**
 * A sweep over every operation /openapi.json documents, and over every agent result: malformed
 * bodies, and then hostile values in every field (NUL, lone surrogates, 3,000-character and 1 MB
 * strings, JSON nested
 * 10,000 deep, extreme numbers, extreme dates), with valid credentials and an agent-active team.
 * The operations and their fields come from the document (each body's example, each parameter), the
 * agent results from the contract's output schema of each task type. Nothing may answer 5xx, and
 * every refusal is `{error}` quoting at most a short excerpt. The per-family tests check the exact
 * messages; this one keeps every route honest, a new one included. Runs on PGlite and on PostgreSQL
 * (DATABASE_URL).
 */

let svc: TestService;
let me: SignedIn;

/** The sweep's member, signed in afresh: agent-active, on the largest plan. */
async function signInSweeper(): Promise<SignedIn> {
  const signedIn = await signIn(svc, 'sweep@example.com', 'Sweep');
  await svc.ctx.db.query('UPDATE memberships SET last_active_at = now() WHERE user_id = $1', [
    signedIn.user.id,
  ]);
  // The largest plan: a creation the sweep makes must reach the database, not stop at a plan cap.
  await svc.ctx.db.query(`UPDATE teams SET plan = 'business' WHERE id = $1`, [signedIn.team.id]);
  return signedIn;
}

beforeAll(async () => {
  svc = await startTestService();
  me = await signInSweeper();
});
afterAll(() => svc.close());

/** Members sweeping agent results at once. */
const SWEEP_LANES = 4;

/** Hostile values, as raw JSON (so that -0 and 2^53 + 1 reach the service as written). */
const BAD_JSON: Record<string, string> = {
  nul: '"a\\u0000b"',
  'lone high surrogate': '"a\\ud800b"',
  'lone low surrogate': '"\\udc00"',
  '3,000 characters': `"${'a'.repeat(3_000)}"`,
  '1 MB string': `"${'x'.repeat(1_000_000)}"`,
  'nested 10,000 deep': `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  '1e308': '1e308',
  '-0': '-0',
  '2^53 + 1': '9007199254740993',
  '2^31 (past a 32-bit column)': '2147483648',
  '9999-12-31': '"9999-12-31"',
  '0000-01-01': '"0000-01-01"',
};
/** The same in a query string or a path segment. */
const BAD_TEXT: Record<string, string> = {
  nul: 'a%00b',
  'lone surrogate (invalid UTF-8)': 'a%ED%A0%80b',
  '3,000 characters': 'a'.repeat(3_000),
  '1 MB string': 'x'.repeat(1_000_000),
  'nested 10,000 deep': '%5B'.repeat(10_000),
  '1e308': '1e308',
  '-0': '-0',
  '2^53 + 1': '9007199254740993',
  '2^31 (past a 32-bit column)': '2147483648',
  '9999-12-31': '9999-12-31',
  '0000-01-01': '0000-01-01',
};
const PLACEHOLDER = '__sweep_bad_value__';

const MALFORMED_BODIES: (string | undefined)[] = [
  '{not json',
  '[]',
  '"text"',
  'null',
  JSON.stringify({ unexpected_field: true }),
  JSON.stringify(
    Object.fromEntries(
      [
        'id',
        'email',
        'otp',
        'keywords',
        'profiles',
        'companies',
        'post_id',
        'attempt',
        'output',
        'error',
        'wait_s',
        'profile_urn',
        'social_urn',
        'company',
      ].map((k) => [k, { nested: [1, 2, 3] }]),
    ),
  ),
  JSON.stringify({
    id: 'x'.repeat(5000),
    email: 12,
    keywords: [null],
    profiles: ['\u0000'],
    wait_s: 1e308,
    attempt: -1,
  }),
];
const MALFORMED_QUERIES = [
  '',
  '?id=not-a-uuid',
  '?api_agent_task_id=%00',
  '?page=-1&range_from=abc&sort_by=%27',
  '?id=00000000-0000-0000-0000-000000000000',
];

function badBody(base: unknown, path: (string | number)[], badJson: string): string {
  return JSON.stringify(withValueAt(base, path, PLACEHOLDER)).replace(
    `"${PLACEHOLDER}"`,
    () => badJson,
  );
}

/** The fields to sweep in a body: every leaf of its example, and every top-level property of its schema (of each shape). */
function bodyFields(schema: JsonSchema): {
  base: Record<string, unknown>;
  paths: (string | number)[][];
} {
  const base = (schema.examples?.[0] ?? {}) as Record<string, unknown>;
  const paths = leafPaths(base);
  const shapes = schema.anyOf ?? [schema];
  for (const shape of shapes)
    for (const name of Object.keys(shape.properties ?? {})) paths.push([name]);
  const seen = new Set<string>();
  return {
    base,
    paths: paths.filter((p) => p.length > 0 && !seen.has(p.join('.')) && seen.add(p.join('.'))),
  };
}

interface Tally {
  requests: number;
  statuses: Record<number, number>;
}
const tally: Tally = { requests: 0, statuses: {} };
/** Every 5xx, named by what was sent: all of them are reported at the end, not only the first. */
const failures: string[] = [];

async function expectNo5xx(
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string>,
  what: string,
) {
  const res = await svc.call(method, path, { body, headers });
  tally.requests++;
  tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
  if (res.status >= 500) {
    const text = await res.text();
    // The service's own state, documented on the route, whatever the input: no model configured.
    if (!(res.status === 503 && text.includes(NO_MODEL)))
      failures.push(`${what}: ${res.status} ${text.slice(0, 200)}`);
  } else if (res.status >= 400) {
    const answer = (await res.json()) as { error?: unknown };
    expect(answer.error, what).toEqual(expect.any(String));
    // An error quotes at most a short excerpt of the input.
    expect((answer.error as string).length, what).toBeLessThanOrEqual(301);
    // A success is not read: it may be a stream that never ends (GET /api-events).
  } else await res.body?.cancel();
  return res;
}

const UUID = '00000000-0000-4000-8000-000000000000';
/** The drafts route's 503 when no model is configured (src/service/routes/drafts.ts). */
const NO_MODEL = 'AI drafting is not configured: set LLM_API_URL';

test('no documented operation answers 5xx to malformed input, or to hostile values in any of its fields', async () => {
  let headers = { ...me.memberHeaders };
  for (const [method, template, op] of await documentedOperations(svc)) {
    // An operation before (sign-out, a key's rotation) may have ended these credentials: each
    // operation is swept with working ones, or its hostile values would only meet a 401.
    if ((await svc.call('GET', '/api-team', { headers })).status === 401) {
      me = await signInSweeper();
      headers = { ...me.memberHeaders };
    }
    const M = method.toUpperCase();
    const path = template.replace('{id}', UUID);
    const hasBody = Boolean(op.requestBody);
    // 1. Malformed and mistyped input as a whole.
    const inputs = hasBody
      ? MALFORMED_BODIES.map((body) => ({ path, body }))
      : MALFORMED_QUERIES.map((q) => ({ path: path + q, body: undefined }));
    for (const input of inputs)
      await expectNo5xx(
        M,
        input.path,
        input.body,
        headers,
        `${M} ${input.path} ${input.body?.slice(0, 60) ?? ''}`,
      );

    // 2. Each hostile value in each field of the body, the rest of the body valid (the example).
    if (hasBody) {
      const { base, paths } = bodyFields(op.requestBody!.content['application/json'].schema);
      for (const field of paths) {
        for (const [name, bad] of Object.entries(BAD_JSON)) {
          await expectNo5xx(
            M,
            path,
            badBody(base, field, bad),
            headers,
            `${M} ${template} ${field.join('.')} = ${name}`,
          );
        }
      }
    }
    // 3. Each hostile value in each query parameter (the required ones given their example) and path segment.
    const query = (op.parameters ?? []).filter((p) => p.in === 'query');
    const required = Object.fromEntries(
      query.filter((p) => p.required).map((p) => [p.name, String(p.schema.examples?.[0] ?? '')]),
    );
    for (const param of query) {
      for (const [name, bad] of Object.entries(BAD_TEXT)) {
        const qs = Object.entries({ ...required, [param.name]: PLACEHOLDER })
          .map(([k, v]) => `${k}=${v === PLACEHOLDER ? bad : encodeURIComponent(v)}`)
          .join('&');
        await expectNo5xx(
          M,
          `${path}?${qs}`,
          undefined,
          headers,
          `${M} ${template}?${param.name} = ${name}`,
        );
      }
    }
    if (template.includes('{id}')) {
      const { base } = hasBody
        ? bodyFields(op.requestBody!.content['application/json'].schema)
        : { base: undefined };
      for (const [name, bad] of Object.entries(BAD_TEXT)) {
        await expectNo5xx(
          M,
          template.replace('{id}', bad),
          base ? JSON.stringify(base) : undefined,
          headers,
          `${M} ${template} id = ${name}`,
        );
      }
    }
  }
  console.log(
    `sweep of documented operations: ${tally.requests} requests, statuses ${JSON.stringify(tally.statuses)}`,
  );
  expect(failures).toEqual([]);
  expect(tally.requests).toBeGreaterThan(1000);
  // The values reached the routes: refusals of the credentials are the few operations that want
  // other ones (the operator's), not most of the sweep.
  expect(tally.statuses[401] ?? 0).toBeLessThan(tally.requests / 10);
}, 600_000);

/**
 * Tasks as a claim by `userId` leaves them (processing, attempt 1, leased to that member), one per
 * case, in one statement; each case comes back with its task's id.
 */
async function leaseTasks<
  C extends { type: TaskType; input: Record<string, unknown>; watchlist_id: string | null },
>(teamId: string, userId: string, cases: C[]): Promise<(C & { id: string })[]> {
  const rows = cases.map((c) => ({ ...c, id: crypto.randomUUID() }));
  await svc.ctx.db.query(
    `INSERT INTO tasks (id, team_id, type, input, status, assigned_user_id, claimed_by, attempt,
                        watchlist_id, lease_expires_at)
     SELECT c.id, $1, c.type, c.input, 'processing', $2, $2, 1, c.watchlist_id, now() + interval '1 hour'
       FROM jsonb_to_recordset($3::jsonb) AS c(id uuid, type text, input jsonb, watchlist_id uuid)`,
    [
      teamId,
      userId,
      JSON.stringify(
        rows.map((r) => ({ id: r.id, type: r.type, input: r.input, watchlist_id: r.watchlist_id })),
      ),
    ],
  );
  return rows;
}

test('no agent result answers 5xx: hostile values in every field of every task type’s output (complete) and of a failure report (fail)', async () => {
  // Members that each run a lane of the sweep at once, as several extensions would.
  const team = await createAgentTeam(
    svc,
    'Sweep agents',
    Array.from({ length: SWEEP_LANES }, (_, i) => ({
      email: `agent-sweep-${i}@example.com`,
      role: i === 0 ? ('admin' as const) : ('member' as const),
    })),
  );
  // Hundreds of results of each kind from one member: no account would, so its budgets are opened up.
  const unlimited = Object.fromEntries(
    TASK_TYPES.map((t) => [t, { per_day: null, per_week: null }]),
  );
  await svc.ctx.db.query('UPDATE teams SET budgets = $2 WHERE id = $1', [
    team.id,
    JSON.stringify(unlimited),
  ]);
  const keyed = { headers: team.keyHeaders };
  // Collection outputs are filed into watchlists: one of each kind, so the filing runs too.
  const keyword = await svc.call('POST', '/api-keyword-watchlist', {
    ...keyed,
    body: { keywords: ['robotics'] },
  });
  const people = await svc.call('POST', '/api-people-watchlist', {
    ...keyed,
    body: { profiles: ['ada-lovelace'] },
  });
  const company = await svc.call('POST', '/api-company-watchlist', {
    ...keyed,
    body: { companies: ['acme-robotics'] },
  });
  const watchlistOf: Partial<Record<TaskType, string>> = {
    agent_keyword_tracking: ((await keyword.json()) as { id: string }).id,
    agent_profiles_tracking: ((await people.json()) as { id: string }).id,
    agent_company_tracking: ((await company.json()) as { id: string }).id,
  };
  // Only the sweep's own tasks are claimable from here on.
  await svc.ctx.db.query(
    `UPDATE tasks SET status = 'failed' WHERE team_id = $1 AND status IN ('pending', 'processing')`,
    [team.id],
  );

  const results: Tally = { requests: 0, statuses: {} };
  const cases = (Object.keys(TASK_OUTPUTS) as TaskType[]).flatMap((type) => {
    const output = exampleOf(
      z.toJSONSchema(TASK_OUTPUTS[type], { io: 'input', unrepresentable: 'any' }) as JsonSchema,
    ) as Record<string, unknown>;
    return leafPaths(output)
      .filter((p) => p.length > 0)
      .flatMap((field) =>
        Object.entries(BAD_JSON).map(([name, bad]) => ({ type, output, field, name, bad })),
      );
  });
  // Each case's task, already claimed by its lane's member: the claim is not what is swept here,
  // and leasing them in one statement per lane leaves the sweep's time to the results.
  const leased = await Promise.all(
    team.members.map((member, lane) =>
      leaseTasks(
        team.id,
        member.userId,
        cases
          .filter((_, i) => i % SWEEP_LANES === lane)
          .map((c) => {
            const watchlistId = watchlistOf[c.type] ?? null;
            const input = {
              task_type: c.type,
              ...(watchlistId ? { watchlist_id: watchlistId } : {}),
            };
            return { ...c, watchlist_id: watchlistId, input };
          }),
      ),
    ),
  );
  await Promise.all(
    team.members.map(async (member, lane) => {
      for (const { id, type, output, field, name, bad } of leased[lane]!) {
        const body = badBody({ attempt: 1, output }, ['output', ...field], bad);
        const what = `complete ${type} ${field.join('.')} = ${name}`;
        const res = await svc.call('POST', `/agent/tasks/${id}/complete`, {
          headers: member.agentHeaders,
          body,
        });
        results.requests++;
        results.statuses[res.status] = (results.statuses[res.status] ?? 0) + 1;
        expect(res.status, what).toBeLessThan(500);
        const answer = (await res.json()) as { error?: string };
        if (res.status >= 400) expect(answer.error?.length ?? 0, what).toBeLessThanOrEqual(301);
      }
    }),
  );
  const member = team.members[0]!;
  // A failure report is the agent's result too: each hostile value in each field of its error.
  const failure = {
    code: 'invitation_limit',
    message: 'The network refused the invitation',
    retryable: false,
    retry_after: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  };
  const reports = await leaseTasks(
    team.id,
    member.userId,
    leafPaths(failure).flatMap((field) =>
      Object.entries(BAD_JSON).map(([name, bad]) => ({
        field,
        name,
        bad,
        type: 'agent_connection_request' as TaskType,
        watchlist_id: null,
        input: {
          task_type: 'agent_connection_request',
          profile_urn: 'urn:li:fsd_profile:ACoAAAdaLovelace',
        },
      })),
    ),
  );
  for (const { id, field, name, bad } of reports) {
    const res = await svc.call('POST', `/agent/tasks/${id}/fail`, {
      headers: member.agentHeaders,
      body: badBody({ attempt: 1, error: failure }, ['error', ...field], bad),
    });
    results.requests++;
    results.statuses[res.status] = (results.statuses[res.status] ?? 0) + 1;
    expect(res.status, `fail ${field.join('.')} = ${name}`).toBeLessThan(500);
    await res.arrayBuffer();
    await svc.ctx.db.query(
      'UPDATE memberships SET invite_limited_until = NULL WHERE team_id = $1',
      [team.id],
    );
  }
  console.log(
    `sweep of agent results: ${results.requests} completions and failure reports, statuses ${JSON.stringify(results.statuses)}`,
  );
  expect(results.requests).toBeGreaterThan(500);
}, 600_000);

test('a malformed percent-escape in an identifier is a 400 naming the field, never a 500', async () => {
  // Its own team: the sweep above signs out and rotates the key of the shared one.
  const me = await signIn(svc, 'escapes@example.com', 'Escapes');
  const bad = '%E0%A4%A';
  const cases: [string, Record<string, unknown>, string][] = [
    [
      '/api-company-watchlist',
      { companies: [`https://www.linkedin.com/company/${bad}/`] },
      `Invalid company identifier: 'https://www.linkedin.com/company/${bad}/'`,
    ],
    [
      '/api-people-watchlist',
      { profiles: [`https://www.linkedin.com/in/${bad}/`] },
      `Invalid profile identifier: 'https://www.linkedin.com/in/${bad}/'`,
    ],
    [
      '/network-agent/fetch-company',
      { company: `https://www.linkedin.com/company/${bad}/` },
      "Missing or invalid 'company'",
    ],
    [
      '/network-agent/fetch-company-posts',
      { company: `linkedin.com/company/${bad}` },
      "Missing or invalid 'company'",
    ],
    [
      '/network-agent/fetch-profile',
      { profile_slug: `https://www.linkedin.com/in/${bad}/` },
      "Missing or invalid 'profile_slug'",
    ],
  ];
  for (const [path, body, error] of cases) {
    const res = await svc.call('POST', path, { headers: me.memberHeaders, body });
    expect(res.status, path).toBe(400);
    expect(await res.json(), path).toEqual({ error });
  }
  // A conversation URN sent encoded (a path segment) with a malformed escape inside.
  const thread = await svc.call(
    'GET',
    `/api-inbox/${encodeURIComponent(`urn%3Ali%3Amsg_conversation%3A${bad}`)}`,
    { headers: me.memberHeaders },
  );
  expect(thread.status).toBe(400);
  expect(await thread.json()).toEqual({ error: 'Invalid conversation_urn' });
});
