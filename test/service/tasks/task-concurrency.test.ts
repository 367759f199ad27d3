import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';

let svc: TestService;
let team: AgentTeam;
let other: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(
    svc,
    'Crowd',
    [0, 1, 2, 3].map((i) => ({
      email: `agent${i}@crowd.test`,
      role: i === 0 ? ('admin' as const) : ('member' as const),
    })),
  );
  other = await createAgentTeam(svc, 'Neighbours', [{ email: 'n@neigh.test', role: 'admin' }]);
});
afterAll(() => svc.close());

const TASKS = 200;

test(`4 agents claiming ${TASKS} tasks at once never receive the same task, and every task is done once`, async () => {
  // Queued over the public API, as a caller would.
  const ids = new Set<string>();
  for (let i = 0; i < TASKS; i++) {
    const res = await svc.call('POST', '/network-agent/fetch-company', {
      body: { company: `company-${i}` },
      headers: team.keyHeaders,
    });
    ids.add(((await res.json()) as { api_agent_task_id: string }).api_agent_task_id);
  }
  // A neighbour's tasks must stay untouched by this crowd.
  const theirs = await svc.call('POST', '/network-agent/fetch-company', {
    body: { company: 'theirs' },
    headers: other.keyHeaders,
  });
  const theirId = ((await theirs.json()) as { api_agent_task_id: string }).api_agent_task_id;

  const received = new Map<string, string[]>();
  async function agentLoop(m: TeamMember) {
    for (;;) {
      const res = await svc.call('POST', '/agent/tasks/claim', {
        body: { wait_s: 0 },
        headers: m.agentHeaders,
      });
      if (res.status === 204) return;
      expect(res.status).toBe(200);
      const { task } = (await res.json()) as {
        task: { id: string; attempt: number; input: { company: string } };
      };
      received.set(task.id, [...(received.get(task.id) ?? []), m.email]);
      const output = {
        company_urn: `urn:li:fsd_company:${task.input.company}`,
        name: task.input.company,
        slug: task.input.company,
        company_url: `https://www.linkedin.com/company/${task.input.company}/`,
        tagline: null,
        description: null,
        website: null,
        industries: [],
        staff_count: null,
        staff_count_range: null,
        headquarters: null,
        specialities: [],
        founded_year: null,
        followers: null,
        logo_url: null,
      };
      const done = await svc.call('POST', `/agent/tasks/${task.id}/complete`, {
        body: { attempt: task.attempt, output },
        headers: m.agentHeaders,
      });
      expect(done.status).toBe(200);
    }
  }
  await Promise.all(team.members.map(agentLoop));

  expect(received.size).toBe(TASKS);
  for (const [id, who] of received) {
    expect(ids.has(id)).toBe(true);
    expect(who, id).toHaveLength(1);
  }
  // Work was really shared: more than one agent took part.
  const perAgent = new Set([...received.values()].map((w) => w[0]));
  expect(perAgent.size).toBeGreaterThan(1);

  const rows = await svc.ctx.db.query<{ status: string; attempt: number; n: string }>(
    'SELECT status, attempt, count(*) AS n FROM tasks WHERE team_id = $1 GROUP BY status, attempt',
    [team.id],
  );
  expect(rows.map((r) => ({ ...r, n: Number(r.n) }))).toEqual([
    { status: 'completed', attempt: 1, n: TASKS },
  ]);
  const [their] = await svc.ctx.db.query<{ status: string }>(
    'SELECT status FROM tasks WHERE id = $1',
    [theirId],
  );
  expect(their!.status).toBe('pending');
});

test("an agent cannot touch another team's task, even knowing its id", async () => {
  await svc.ctx.db.query(`UPDATE tasks SET status = 'completed' WHERE team_id = $1`, [other.id]);
  const res = await svc.call('POST', '/network-agent/fetch-company', {
    body: { company: 'private' },
    headers: other.keyHeaders,
  });
  const id = ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;
  const owner = other.members[0]!;
  const claimed = (await (
    await svc.call('POST', '/agent/tasks/claim', {
      body: { wait_s: 0 },
      headers: owner.agentHeaders,
    })
  ).json()) as {
    task: { id: string; attempt: number };
  };
  expect(claimed.task.id).toBe(id);
  const intruder = team.members[0]!;
  for (const [path, body] of [
    ['extend', { attempt: 1 }],
    ['complete', { attempt: 1, output: { anything: true } }],
    ['fail', { attempt: 1, error: { code: 'not_found', message: 'x', retryable: false } }],
  ] as const) {
    const r = await svc.call('POST', `/agent/tasks/${id}/${path}`, {
      body,
      headers: intruder.agentHeaders,
    });
    expect(r.status, path).toBe(404);
    expect(await r.json()).toEqual({ error: 'Task not found' });
  }
  const status = await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${id}`, {
    headers: team.keyHeaders,
  });
  expect(status.status).toBe(404);
  expect(await status.json()).toEqual({ error: 'Task not found' });
  const [row] = await svc.ctx.db.query<{ status: string; claimed_by: string }>(
    'SELECT status, claimed_by FROM tasks WHERE id = $1',
    [id],
  );
  expect(row).toEqual({ status: 'processing', claimed_by: owner.userId });
  // The dashboard list shows only the team's own tasks.
  const list = (await (
    await svc.call('GET', '/api-tasks?limit=200', { headers: team.keyHeaders })
  ).json()) as { tasks: { id: string }[] };
  expect(list.tasks.some((t) => t.id === id)).toBe(false);
});
