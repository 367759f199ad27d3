import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres.js';
import { startServiceProcess, type StartedService } from '../../support/service-process.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { startTestService } from '../../support/test-service.js';
import { profileOutput } from '../../support/profile-output.js';

// Either database: it stops and starts a PostgreSQL server of its own (private-postgres.ts).

// PostgreSQL restarted, fast and immediate, under a service process at work: agents long-polling
// and completing tasks, API clients creating tasks, a transaction in flight (blocked on a row lock
// when the server goes) and a scheduler tick inside its transaction, waiting on the watchlists. The
// process must stay up; a request whose connection the server ends fails alone with 503 and
// Retry-After; writes are acknowledged again within 5 s of the server's return; every long poll
// gets an answer and every acknowledged task reaches an agent and is completed.

let server: PrivatePostgres;
let svc: StartedService;
let team: AgentTeam;
let dataDir: string;
const SECRET_KEY = 'ab'.repeat(32);

beforeAll(async () => {
  server = await startPrivatePostgres();
  dataDir = await mkdtemp(join(tmpdir(), 'na-restart-'));
  svc = await startServiceProcess({
    DATABASE_URL: server.url,
    DATA_DIR: dataDir,
    SECRET_KEY,
    SCHEDULER_INTERVAL_S: '1',
  });
  // The team is written with the service's own code on the same database (the process shares it).
  const setup = await startTestService(
    { SECRET_KEY },
    { databaseUrl: server.url, sharedSchema: 'public' },
  );
  team = await createAgentTeam(setup, 'Restart', [
    { email: 'ada@restart.test', role: 'admin' },
    { email: 'bob@restart.test' },
    { email: 'cy@restart.test' },
    { email: 'di@restart.test' },
  ]);
  await setup.close();
}, 120_000);
afterAll(async () => {
  svc?.child.kill('SIGKILL');
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Answer {
  path: string;
  sentAt: number;
  at: number;
  /** `null`: no HTTP answer at all (the connection failed: the process is gone, or it hung). */
  status: number | null;
  retryAfter: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A bare connection of the test's own to the database (the service's data is in `public`). */
async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url });
  // Its connection ends with the server's, like the service's: that is expected here.
  client.on('error', () => {});
  await client.connect();
  return client;
}

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = await connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end().catch(() => {});
  }
}

/** Agents and API clients at work, every answer recorded. */
class Traffic {
  readonly answers: Answer[] = [];
  /** Tasks whose creation was acknowledged (200). */
  readonly acknowledged = new Set<string>();
  readonly completed = new Set<string>();
  /** Tasks an agent holds now (claimed, its result not yet taken). */
  readonly inHand = new Set<string>();
  private running = true;
  private readonly loops: Promise<void>[] = [];

  constructor(agents: TeamMember[]) {
    for (const a of agents) this.loops.push(this.agent(a));
    this.loops.push(this.writer());
  }

  async call(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<{ answer: Answer; json: unknown }> {
    const sentAt = performance.now();
    let answer: Answer;
    let json: unknown = null;
    try {
      const res = await fetch(`${svc.url}${path}`, {
        method,
        headers: {
          ...headers,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      json = text ? JSON.parse(text) : null;
      answer = {
        path,
        sentAt,
        at: performance.now(),
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
      };
    } catch {
      answer = { path, sentAt, at: performance.now(), status: null, retryAfter: null };
    }
    this.answers.push(answer);
    return { answer, json };
  }

  /** A long-polling agent: claims, and reports each task's result until the service takes it (as the extension's journal does). */
  private async agent(m: TeamMember) {
    while (this.running) {
      const { answer, json } = await this.call('POST', '/agent/tasks/claim', m.agentHeaders, {
        wait_s: 2,
      });
      if (answer.status !== 200) {
        if (answer.status !== 204) await sleep(200);
        continue;
      }
      const { task } = json as { task: { id: string; type: string; attempt: number } };
      this.inHand.add(task.id);
      const result =
        task.type === 'agent_profile_fetch'
          ? {
              path: `/agent/tasks/${task.id}/complete`,
              body: { attempt: task.attempt, output: profileOutput() },
            }
          : {
              path: `/agent/tasks/${task.id}/fail`,
              body: {
                attempt: task.attempt,
                error: { code: 'not_found', message: 'test agent', retryable: false },
              },
            };
      for (;;) {
        const reported = await this.call('POST', result.path, m.agentHeaders, result.body);
        if (reported.answer.status === 200) {
          if (task.type === 'agent_profile_fetch') this.completed.add(task.id);
          break;
        }
        // 409: the lease was lost meanwhile (the task went back to the queue); anything else but 503 is a failure the checks below report.
        if (reported.answer.status !== 503) break;
        await sleep(200);
      }
      this.inHand.delete(task.id);
    }
  }

  /** An API client creating a task every 100 ms, each request on its own (none waits for another). */
  private async writer() {
    const pending: Promise<unknown>[] = [];
    while (this.running) {
      pending.push(
        this.call('POST', '/network-agent/fetch-profile', team.keyHeaders, {
          profile_slug: `p-${crypto.randomUUID().slice(0, 8)}`,
        }).then(({ answer, json }) => {
          if (answer.status === 200)
            this.acknowledged.add((json as { api_agent_task_id: string }).api_agent_task_id);
        }),
      );
      await sleep(100);
    }
    await Promise.all(pending);
  }

  writes(): Answer[] {
    return this.answers.filter((a) => a.path === '/network-agent/fetch-profile');
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

/** A keyword watchlist through the API (a write transaction of several statements). */
const createWatchlist = (traffic: Traffic, keyword: string) =>
  traffic.call('POST', '/api-keyword-watchlist', team.keyHeaders, {
    keywords: [keyword],
    fetchFreqInHours: 72,
  });

test.each(['fast', 'immediate'] as const)(
  'PostgreSQL stopped (%s) and started again under traffic: the process stays up, 503 meanwhile, writes again within 5 s, nothing lost',
  async (mode) => {
    const traffic = new Traffic(team.members);
    await sleep(1_500);

    // A transaction in flight and a scheduler tick in its own when the server goes: another
    // session holds the team's row (its plan, which a watchlist's creation locks; NO KEY, so task
    // inserts still pass) and the watchlists table, so the creation's transaction and the tick wait
    // on them.
    const blocker = await connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM teams WHERE id = $1 FOR NO KEY UPDATE', [team.id]);
    await blocker.query('LOCK TABLE watchlists IN ACCESS EXCLUSIVE MODE');
    const inFlight = createWatchlist(traffic, `in flight ${mode}`);
    await expect
      .poll(
        async () =>
          (
            await sql<{ tick: boolean; write: boolean }>(
              `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'WITH due AS%') AS tick,
                      EXISTS (SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT plan FROM teams%') AS write`,
            )
          )[0],
        { timeout: 10_000, interval: 50 },
      )
      .toEqual({ tick: true, write: true })
      .catch(async (err) => {
        await blocker.end();
        throw err;
      });

    await server.stop(mode);
    const downAt = performance.now();
    let startingAt = Number.POSITIVE_INFINITY;
    try {
      // The request whose transaction the server ended fails alone, as "try again shortly".
      const { answer: ended } = await inFlight;
      expect(ended.status, svc.output().slice(-3000)).toBe(503);
      expect(ended.retryAfter).toBe('5');
      await sleep(2_000);
      const health = await traffic.call('GET', '/health', {});
      expect(health.answer.status).toBe(503);
    } finally {
      startingAt = performance.now();
      await server.start();
    }
    const upAt = performance.now();
    await expect
      .poll(() => traffic.writes().some((a) => a.sentAt >= upAt && a.status === 200), {
        timeout: 10_000,
        interval: 50,
      })
      .toBe(true);
    const firstAck = traffic.writes().find((a) => a.sentAt >= upAt && a.status === 200)!;
    console.log(
      `${mode}: first write acknowledged ${(firstAck.at - upAt).toFixed(0)} ms after the server was back`,
    );
    expect(firstAck.at - upAt).toBeLessThanOrEqual(5_000);

    // The scheduler leads again: a watchlist created now is planned (its keyword task queued) by a tick.
    const { answer: created, json } = await createWatchlist(traffic, `after ${mode}`);
    expect(created.status).toBe(201);
    const watchlistId = (json as { id: string }).id;
    await expect
      .poll(
        async () =>
          (await sql('SELECT 1 FROM tasks WHERE watchlist_id = $1', [watchlistId])).length,
        { timeout: 10_000, interval: 100 },
      )
      .toBe(1);

    await sleep(1_000);
    await traffic.stop();

    // A claim the server ended after its commit was never answered with the task: the lease sweep
    // gives such a task back (120 s later; here its lease is made to expire), and an agent takes it.
    const notInHand = async () =>
      (
        await sql<{ id: string }>(
          `SELECT id FROM tasks WHERE id = ANY($1::uuid[]) AND status = 'processing'`,
          [[...traffic.acknowledged]],
        )
      ).map((r) => r.id);
    const lost = await notInHand();
    if (lost.length > 0)
      await sql(
        `UPDATE tasks SET lease_expires_at = now() - interval '1 second' WHERE id = ANY($1::uuid[])`,
        [lost],
      );
    const finishing = new Traffic(team.members.slice(0, 1));
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>(
              `SELECT count(*)::int AS n FROM tasks WHERE id = ANY($1::uuid[]) AND status = 'completed'`,
              [[...traffic.acknowledged]],
            )
          )[0]!.n,
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(traffic.acknowledged.size);
    await finishing.stop();

    const answers = [...traffic.answers, ...finishing.answers];
    console.log(
      `${mode}: ${answers.length} answers (${answers.filter((a) => a.status === 503).length} × 503), ${traffic.acknowledged.size} tasks acknowledged, ${lost.length} claims lost with the connection`,
    );
    // Every request was answered; every failure is the database being away, said with Retry-After.
    expect(
      answers.filter((a) => a.status === null || ![200, 201, 204, 503].includes(a.status)),
    ).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && a.retryAfter !== '5')).toEqual([]);
    // While it was away, writes were refused, not taken.
    const whileDown = traffic.writes().filter((a) => a.sentAt > downAt + 500 && a.at < startingAt);
    expect(whileDown.length).toBeGreaterThan(5);
    expect(whileDown.filter((a) => a.status !== 503)).toEqual([]);
    expect(svc.child.exitCode).toBeNull();
    expect(svc.output()).not.toMatch(/Unhandled|uncaught|unhandled_error/i);
  },
  120_000,
);
