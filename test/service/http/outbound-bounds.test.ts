import type { ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import {
  claimTask,
  completeTask,
  insertKeywordWatchlist,
} from '../../support/collection-fixtures.js';
import { startLocalHttpServer, waitFor, type LocalHttpServer } from '../../support/local-http.js';
import { startTricklingServer, type TricklingServer } from '../../support/trickling-server.js';
import { signIn, type SignedIn } from '../../support/sign-in.js';
import { BACKGROUND_JOBS, startBackgroundJobs } from '../../../src/service/jobs.js';
import type { Logger } from '../../../src/service/logger.js';

/**
 * Every outbound request is bounded, and no team's receiver holds another's: real slow receivers
 * on real sockets (one byte a second, never ending) against the service's own jobs. The deadline
 * is shortened to 2 s (OUTBOUND_TIMEOUT_S) so the tests wait seconds, not tens of seconds.
 */
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const DEADLINE_S = 2;
const DEADLINE_MS = DEADLINE_S * 1000;
/**
 * A socket's close is seen by the receiver a little after the service's deadline fires, later on
 * a loaded machine; a receiver held past the deadline would be held for ever (it never ends).
 */
const MARGIN_MS = 1_500;
/**
 * The receiver may see a connection open later than the service began it, by as long as the
 * worker's event loop is held: a held socket reads as a little shorter than the deadline. This
 * much, plus the longest the loop was held during the test (a loaded machine can stop the process
 * for most of a second).
 */
const OPENED_LATE_MS = 300;
const loopHeld = monitorEventLoopDelay({ resolution: 10 });
loopHeld.enable();
const openedLate = () => OPENED_LATE_MS + loopHeld.max / 1e6;

let svc: TestService;
/** A receiver that answers at once (the other team's). */
let quickReceiver: LocalHttpServer;
let trickle: TricklingServer;
let llm: LocalHttpServer;
let llmMode: 'trickle' | 'huge' = 'trickle';
/** When each LLM answer's connection closed, relative to when its request arrived. */
const llmAnswers: { arrived: number; closed: number | null }[] = [];
const logged: { event: string; fields: Record<string, unknown> }[] = [];
const log: Logger = {
  info: (event, fields = {}) => logged.push({ event, fields }),
  warn: (event, fields = {}) => logged.push({ event, fields }),
  error: (event, fields = {}) => logged.push({ event, fields }),
};

/** A completion whose content names keywords the extraction library would never give. */
const LLM_ANSWER = {
  keywords: ['oversized answer keyword'],
  labels: [{ name: 'Oversized', description: 'Only in the LLM answer' }],
};

function answerLlm(res: ServerResponse) {
  const answer = { arrived: Date.now(), closed: null as number | null };
  llmAnswers.push(answer);
  res.on('close', () => (answer.closed = Date.now()));
  res.writeHead(200, { 'content-type': 'application/json' });
  if (llmMode === 'trickle') {
    res.write('{');
    const timer = setInterval(() => res.write(' '), 1_000);
    res.on('close', () => clearInterval(timer));
    return;
  }
  // 2 MiB of a valid completion, sent in chunks without a declared length.
  const content = JSON.stringify({ ...LLM_ANSWER, padding: 'x'.repeat(2 * 1024 * 1024) });
  const body = JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] });
  for (let i = 0; i < body.length; i += 64 * 1024) res.write(body.slice(i, i + 64 * 1024));
  res.end();
}

beforeAll(async () => {
  quickReceiver = await startLocalHttpServer((_req, res) => res.writeHead(200).end('ok'));
  llm = await startLocalHttpServer((_req, res) => answerLlm(res));
  svc = await startTestService(
    {
      ALLOW_PRIVATE_FETCH: '1',
      OUTBOUND_TIMEOUT_S: String(DEADLINE_S),
      LLM_API_URL: `${llm.url}/v1`,
      LLM_MODEL: 'test-model',
    },
    { log },
  );
});
afterAll(async () => {
  await svc.close();
  await quickReceiver.close();
  await llm.close();
  loopHeld.disable();
});
beforeEach(async () => {
  loopHeld.reset();
  trickle = await startTricklingServer({ everyMs: 1_000 });
  quickReceiver.requests.length = 0;
  logged.length = 0;
  return async () => {
    await trickle.close();
    await svc.ctx.outbound.settle();
  };
});

/**
 * Waits for the trickling receiver's first `count` connections to be closed (by the service: the
 * receiver never closes one itself) and answers how long each was held open.
 */
async function closedByService(timeoutMs = DEADLINE_MS + 3_000, count = 1): Promise<number[]> {
  const conns = await waitFor(
    async () => trickle.connections.slice(0, count),
    (c) => c.length === count && c.every((x) => x.closed != null),
    timeoutMs,
  );
  return conns.map((c) => c.closed! - c.opened);
}

describe('team webhooks', () => {
  let slow: AgentTeam;
  let quick: AgentTeam;
  beforeAll(async () => {
    slow = await createAgentTeam(svc, 'Slow Co', [{ email: 'ada@slow.test', role: 'admin' }]);
    quick = await createAgentTeam(svc, 'Quick Co', [{ email: 'bo@quick.test', role: 'admin' }]);
  });

  async function register(team: AgentTeam, url: string): Promise<string> {
    const res = await svc.call('POST', '/api-webhooks', {
      headers: team.members[0]!.agentHeaders,
      body: { url, events: ['task.completed'] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { webhook: { id: string } }).webhook.id;
  }

  let likes = 0;
  async function completeLike(team: AgentTeam) {
    const res = await svc.call('POST', '/network-agent/like-post', {
      headers: team.keyHeaders,
      body: {
        social_urn: `urn:li:activity:7260000000000000${String(++likes).padStart(3, '0')}`,
        reaction_type: 'LIKE',
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const member = team.members[0]!;
    await completeTask(svc, member, (await claimTask(svc, member))!, { liked: true });
  }

  test("a trickling receiver holds only its team's deliveries: another team's is delivered at once, and the socket is closed at the deadline", async () => {
    const slowHook = await register(slow, `${trickle.url}/hook`);
    await register(quick, `${quickReceiver.url}/hook`);
    const jobs = startBackgroundJobs(
      svc.ctx,
      BACKGROUND_JOBS.filter((j) => j.name === 'webhook_delivery'),
    );
    try {
      // Six events for the slow team: at most four of its deliveries are in flight at once.
      for (let i = 0; i < 6; i++) await completeLike(slow);
      await waitFor(
        async () => trickle.connections.length,
        (n) => n >= 4,
        5_000,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(trickle.connections.filter((c) => c.closed === null)).toHaveLength(4);

      // The other team's event, while the slow team's receiver trickles.
      await completeLike(quick);
      await waitFor(
        async () => quickReceiver.requests.length,
        (n) => n === 1,
        DEADLINE_MS + MARGIN_MS,
      );
      // Delivered while the slow team's four still trickle: not queued behind their deadline.
      expect(trickle.connections.filter((c) => c.closed === null)).toHaveLength(4);
      expect(quickReceiver.requests[0]!.headers['x-webhook-event']).toBe('task.completed');

      for (const heldFor of await closedByService(DEADLINE_MS + 3_000, 4)) {
        expect(heldFor).toBeGreaterThanOrEqual(DEADLINE_MS - openedLate());
        expect(heldFor).toBeLessThan(DEADLINE_MS + MARGIN_MS);
      }
    } finally {
      await trickle.close();
      await jobs.stop();
    }
    // Stopped, recorded with its reason, and retried with the usual backoff (10 s after a first failure).
    const log = await svc.call('GET', `/api-webhooks/${slowHook}/deliveries`, {
      headers: slow.members[0]!.agentHeaders,
    });
    const { deliveries } = (await log.json()) as {
      deliveries: {
        status: string;
        attempts: number;
        last_error: string;
        next_attempt_at: string;
      }[];
    };
    const stopped = deliveries.filter(
      (d) => d.last_error === `no complete answer within ${DEADLINE_S} s`,
    );
    expect(stopped.length).toBeGreaterThanOrEqual(4);
    for (const d of stopped) {
      expect(d).toMatchObject({ status: 'pending', attempts: 1 });
      const wait = (Date.parse(d.next_attempt_at) - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(10);
    }
  });
});

describe('Slack webhooks', () => {
  test("a trickling Slack webhook holds only its own message: another team's is sent at once, and the socket is closed at the deadline", async () => {
    const slow = await createAgentTeam(svc, 'Slow Slack', [{ email: 'cy@slow.test' }]);
    const quick = await createAgentTeam(svc, 'Quick Slack', [{ email: 'di@quick.test' }]);
    const slowList = await insertKeywordWatchlist(svc, slow.id, ['slow'], {
      webhook: `${trickle.url}/services/T/B/SLOW`,
    });
    const quickList = await insertKeywordWatchlist(svc, quick.id, ['quick'], {
      webhook: `${quickReceiver.url}/services/T/B/QUICK`,
    });
    // The slow one is due first: sent one after the other, it would hold the quick one.
    const slowId = crypto.randomUUID();
    await svc.ctx.db.query(
      `INSERT INTO slack_deliveries (id, watchlist_id, webhook_url, payload, status, next_attempt_at)
       VALUES ($1, $2, $3, '{"text":"slow"}', 'pending', now() - interval '2 seconds'),
              ($4, $5, $6, '{"text":"quick"}', 'pending', now() - interval '1 second')`,
      [
        slowId,
        slowList,
        `${trickle.url}/services/T/B/SLOW`,
        crypto.randomUUID(),
        quickList,
        `${quickReceiver.url}/services/T/B/QUICK`,
      ],
    );
    const jobs = startBackgroundJobs(
      svc.ctx,
      BACKGROUND_JOBS.filter((j) => j.name === 'slack_delivery'),
    );
    try {
      // The job runs every 5 s.
      await waitFor(
        async () => trickle.connections.length,
        (n) => n === 1,
        8_000,
      );
      await waitFor(
        async () => quickReceiver.requests.length,
        (n) => n === 1,
        DEADLINE_MS + MARGIN_MS,
      );
      // Delivered while the slow receiver still trickles: not queued behind its deadline.
      expect(trickle.connections[0]!.closed).toBeNull();
      expect(JSON.parse(quickReceiver.requests[0]!.body)).toEqual({ text: 'quick' });

      const [heldFor] = await closedByService();
      expect(heldFor).toBeGreaterThanOrEqual(DEADLINE_MS - openedLate());
      expect(heldFor).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    } finally {
      await trickle.close();
      await jobs.stop();
    }
    const [row] = await svc.ctx.db.query<{
      status: string;
      attempts: number;
      last_error: string;
      wait_s: number;
    }>(
      `SELECT status, attempts, last_error, EXTRACT(EPOCH FROM (next_attempt_at - now()))::float8 AS wait_s
         FROM slack_deliveries WHERE id = $1`,
      [slowId],
    );
    // Retried with the usual backoff: 30 s after a first failure.
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: `no complete answer within ${DEADLINE_S} s`,
    });
    expect(row!.wait_s).toBeGreaterThan(20);
    expect(row!.wait_s).toBeLessThanOrEqual(30);
  });
});

describe('prompt mode', () => {
  let member: SignedIn;
  beforeAll(async () => {
    member = await signIn(svc, 'eve@prompt.test', 'Eve');
  });
  beforeEach(() => {
    llmAnswers.length = 0;
  });

  async function generate(prompt: string) {
    const res = await svc.call('POST', '/api-keyword-watchlist', {
      body: { prompt },
      headers: member.keyHeaders,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    return waitFor(
      async () =>
        (await (
          await svc.call('GET', `/api-keyword-watchlist?id=${id}`, { headers: member.keyHeaders })
        ).json()) as {
          prompt_status: string;
          keywords: { keyword: string }[];
          labels: { name: string }[];
        },
      (v) => v.prompt_status !== 'pending',
      30_000,
    );
  }
  const failures = (event: string) =>
    logged.filter((l) => l.event === event).map((l) => l.fields.message);

  test('a trickling page and a trickling LLM each end at the deadline with a clear error; the library takes over', async () => {
    llmMode = 'trickle';
    await trickle.close();
    trickle = await startTricklingServer({
      answer: 'HTTP/1.1 200 OK\r\ncontent-type: text/html\r\n\r\n<html><head><title>Slow',
      everyMs: 1_000,
    });
    const v = await generate(`Marine robotics labs hiring engineers, see ${trickle.url}/about`);
    expect(v.prompt_status).toBe('ready');
    expect(v.keywords.length).toBeGreaterThan(0);
    expect(v.labels.map((l) => l.name)).toEqual(v.keywords.map((k) => k.keyword));

    const [pageHeld] = await closedByService(1_000);
    expect(pageHeld).toBeGreaterThanOrEqual(DEADLINE_MS - openedLate());
    expect(pageHeld).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    expect(llmAnswers).toHaveLength(1);
    const llmHeld = llmAnswers[0]!.closed! - llmAnswers[0]!.arrived;
    expect(llmHeld).toBeLessThan(DEADLINE_MS + MARGIN_MS);

    expect(failures('prompt_page_failed')).toEqual([`no complete answer within ${DEADLINE_S} s`]);
    expect(failures('prompt_llm_failed')).toEqual([`no complete answer within ${DEADLINE_S} s`]);
  });

  test('an LLM answer over 1 MiB is refused as too large; the library takes over', async () => {
    llmMode = 'huge';
    const v = await generate('Marine robotics labs hiring engineers');
    expect(v.prompt_status).toBe('ready');
    expect(v.keywords.map((k) => k.keyword)).not.toContain('oversized answer keyword');
    expect(v.labels.map((l) => l.name)).toEqual(v.keywords.map((k) => k.keyword));
    expect(llmAnswers).toHaveLength(1);
    expect(failures('prompt_llm_failed')).toEqual(['answer larger than 1 MiB']);
  });
});
