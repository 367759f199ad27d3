import { Agent } from 'node:http';
import { Worker } from 'node:worker_threads';
import { httpCall } from './http-call.mjs';
import type { BenchService } from './setup.js';
import type { TaskType } from '../src/contract/task-types.js';
import { percentile } from './percentile.js';

export interface LatencyResult {
  tasks: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

export interface ThroughputResult {
  tasks: number;
  agents: number;
  http_s: number;
  http_tasks_per_s: number;
  sql_s: number;
  sql_tasks_per_s: number;
  /** How many times longer the HTTP protocol takes than the same claims and completions in bare SQL. */
  http_over_sql: number;
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Who sends the dispatch bench's requests (BENCH_DISPATCH_CLIENT): node:http, or `fetch`. */
export type DispatchClient = 'http' | 'fetch';

/**
 * Dispatch latency: an agent already waiting in a long-poll claim; a caller creates a task over
 * HTTP; measured from the moment the create request is sent until the agent holds the task. Both
 * sides run on the service's own thread, so their client's work is counted with the service's:
 * node:http with kept-alive sockets by default, as the other benches' agents and callers
 * (bench/http-call.mjs); `fetch` (undici) costs more per request.
 */
export async function dispatchLatency(
  svc: BenchService,
  tasks: number,
  client: DispatchClient = 'http',
): Promise<LatencyResult> {
  const url = svc.url;
  const agent = svc.agents[0]!;
  const sockets = new Agent({ keepAlive: true, maxSockets: 4 });
  const call = async (path: string, headers: Record<string, string>, body: string) => {
    if (client === 'http') return httpCall(`${url}${path}`, 'POST', headers, body, sockets);
    const res = await fetch(`${url}${path}`, { method: 'POST', headers, body });
    // As httpCall answers: a 204 (a claim that waited out) has no body.
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  const samples: number[] = [];
  try {
    for (let i = 0; i < tasks; i++) {
      const claim = call('/agent/tasks/claim', agent.headers, '{"wait_s":25}');
      // Let the claim reach its wait; a claim that has not yet would only make the number look better.
      await sleep(15);
      const sent = performance.now();
      const created = await call(
        '/network-agent/fetch-profile',
        { 'x-api-key': svc.apiKey, 'content-type': 'application/json' },
        JSON.stringify({ profile_slug: `person-${i}` }),
      );
      if (created.status !== 200)
        throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
      const res = await claim;
      const received = performance.now();
      if (res.status !== 200) throw new Error(`claim answered ${res.status}`);
      const { task } = res.body as { task: { id: string; type: string; attempt: number } };
      if (task.type !== 'agent_profile_fetch')
        throw new Error(`claimed a ${task.type} task, not the agent_profile_fetch just created`);
      samples.push(received - sent);
      // Finish it outside the measurement so the queue stays empty for the next round.
      await svc.ctx.db.query(
        `UPDATE tasks SET status = 'failed', lease_expires_at = NULL WHERE id = $1`,
        [task.id],
      );
    }
  } finally {
    sockets.destroy();
  }
  samples.sort((a, b) => a - b);
  return {
    tasks,
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
    max_ms: round(samples.at(-1)!),
  };
}

const MESSAGE_OUTPUT = { sent: true, conversation_urn: null, delivered_at: null };

async function seedTasks(svc: BenchService, count: number): Promise<void> {
  await svc.ctx.db.query(
    `INSERT INTO tasks (id, team_id, type, input, status)
     SELECT gen_random_uuid(), $1, 'agent_send_message',
            jsonb_build_object('task_type', 'agent_send_message', 'profile_urn', 'urn:li:fsd_profile:ACoAAbench' || g,
                               'message_text', 'hello ' || g),
            'pending'
       FROM generate_series(1, $2::int) AS g`,
    [svc.teamId, count],
  );
}

/** The HTTP agents, in a worker thread (bench/http-agents.mjs): their side of the requests runs beside the service, as a browser's would. */
function runHttpAgents(
  url: string,
  agents: BenchService['agents'],
  type: TaskType,
  output: unknown,
): Promise<{ done: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./http-agents.mjs', import.meta.url), {
      workerData: { url, agents: agents.map((a) => ({ headers: a.headers })), type, output },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once(
      'exit',
      (code) => code !== 0 && reject(new Error(`HTTP agents exited with ${code}`)),
    );
  });
}

/** 4 agents claim and complete `count` tasks over HTTP, then the same work in bare SQL. */
export async function queueThroughput(svc: BenchService, count: number): Promise<ThroughputResult> {
  const url = svc.url;
  await seedTasks(svc, count);
  const { done, seconds: httpS } = await runHttpAgents(
    url,
    svc.agents,
    'agent_send_message',
    MESSAGE_OUTPUT,
  );
  if (done !== count) throw new Error(`HTTP agents completed ${done} of ${count}`);

  await seedTasks(svc, count);
  let sqlDone = 0;
  const sqlStart = performance.now();
  await Promise.all(
    svc.agents.map(async (agent) => {
      for (;;) {
        const [task] = await svc.ctx.db.query<{ id: string; attempt: number }>(
          `UPDATE tasks SET status = 'processing', attempt = attempt + 1, claimed_by = $2,
                  lease_expires_at = now() + interval '120 seconds', updated_at = now()
            WHERE id = (SELECT id FROM tasks WHERE team_id = $1 AND status = 'pending' AND run_after <= now()
                         ORDER BY run_after, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING id, attempt`,
          [svc.teamId, agent.userId],
        );
        if (!task) return;
        await svc.ctx.db.query(
          `UPDATE tasks SET status = 'completed', output = $3, lease_expires_at = NULL, finished_at = now(), updated_at = now()
            WHERE id = $1 AND attempt = $2 AND status = 'processing'`,
          [task.id, task.attempt, JSON.stringify(MESSAGE_OUTPUT)],
        );
        sqlDone++;
      }
    }),
  );
  const sqlS = (performance.now() - sqlStart) / 1000;
  if (sqlDone !== count) throw new Error(`SQL workers completed ${sqlDone} of ${count}`);
  return {
    tasks: count,
    agents: svc.agents.length,
    http_s: round(httpS),
    http_tasks_per_s: round(count / httpS, 0),
    sql_s: round(sqlS),
    sql_tasks_per_s: round(count / sqlS, 0),
    http_over_sql: round(httpS / sqlS, 1),
  };
}
