import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { findPostgres, setBenchBudgets, startBenchService, type BenchService } from './setup.js';
import { httpCall } from './http-call.mjs';
import { percentileOf } from './percentile.js';
import { startFakeModel } from '../test/support/fake-model.js';
import { enqueueTask } from '../src/service/tasks/enqueue.js';
import { writeBenchResults } from './results-file.js';

/**
 * The relationship sync's own path with and without the team's model (docs/ai.md, "Replies
 * sorted"): the member's extension hands in a thread it read (POST /agent/tasks/:id/complete of a
 * conversation read) and the service files it. With a model, every reply filed is due to be sorted
 * by the classification job beside the sync, here against an OpenAI-compatible server that answers
 * in MODEL_DELAY_MS; the figure is the hand-in's latency, which that job must not lengthen. Both
 * configurations run in one process, in alternate rounds, on PGlite and on PostgreSQL when
 * reachable; the job is kept busy by replies filed before the timed reads. Sizes from the
 * environment (BENCH_SYNC_READS per round) for a quick run.
 */
const READS = Number(process.env.BENCH_SYNC_READS ?? 200);
const ROUNDS = 2;
/** How long the model takes to answer one reply. */
const MODEL_DELAY_MS = 150;
/** Between two hand-ins, as an extension's reads come: the job runs several times meanwhile. */
const READ_GAP_MS = 40;
/** Replies filed before the timed reads, so that the job has work from the first one. */
const BACKLOG_THREADS = 60;

interface SyncPathResult {
  database: string;
  reads: number;
  without_model_p50_ms: number;
  without_model_p99_ms: number;
  with_model_p50_ms: number;
  with_model_p99_ms: number;
  /** What sorting beside the sync added to its p50 (the goal's figure; below 0 is noise). */
  added_p50_ms: number;
  /** Replies the model sorted while the reads with it ran: the job did run beside them. */
  sorted_beside: number;
}

const ME = 'urn:li:fsd_profile:ACoAABenchSyncMe';
const twoPlaces = (n: number) => Number(n.toFixed(2));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A thread as the extension reads it: two messages of the other person, one of the member's. */
function threadOutput(n: number) {
  const other = `urn:li:fsd_profile:ACoAABenchSync${n}`;
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const said = (from: string, text: string, minutesAgo: number) => ({
    text,
    sender_urn: from,
    sender_name: from === ME ? 'Bench Member' : `Person ${n}`,
    from_me: from === ME,
    delivered_at: at(minutesAgo),
  });
  return {
    conversation_urn: `urn:li:msg_conversation:(${ME},2-bench-${n})`,
    output: {
      messages: [
        said(other, `Hello, about your post ${n}.`, 30),
        said(ME, 'Thanks! Happy to talk.', 20),
        said(other, 'Great, is Tuesday good for a call?', 10),
      ],
    },
  };
}

/** Queues a read of thread `n` as the sync does, and times its hand-in by the member's extension. */
async function handIn(svc: BenchService, sockets: Agent, n: number): Promise<number> {
  const agent = svc.agents[0]!;
  const thread = threadOutput(n);
  await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: svc.teamId,
    type: 'agent_conversation_messages_fetch',
    input: {
      task_type: 'agent_conversation_messages_fetch',
      conversation_urn: thread.conversation_urn,
      count: 20,
    },
    assignedUserId: agent.userId,
    queuedBy: { kind: 'sync' },
  });
  const claim = await httpCall(
    `${svc.url}/agent/tasks/claim`,
    'POST',
    agent.headers,
    '{"wait_s":0}',
    sockets,
  );
  const task = (claim.body as { task?: { id: string; attempt: number; type: string } } | null)
    ?.task;
  if (claim.status !== 200 || task?.type !== 'agent_conversation_messages_fetch')
    throw new Error(`claim: ${claim.status} ${JSON.stringify(claim.body)}`);
  const t0 = performance.now();
  const done = await httpCall(
    `${svc.url}/agent/tasks/${task.id}/complete`,
    'POST',
    agent.headers,
    JSON.stringify({ attempt: task.attempt, output: thread.output }),
    sockets,
  );
  const took = performance.now() - t0;
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
  return took;
}

const sortedCount = async (svc: BenchService) =>
  (
    await svc.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM inbox_messages WHERE team_id = $1 AND classification_label IS NOT NULL',
      [svc.teamId],
    )
  )[0]!.n;

/** One round of one configuration: a fresh service, the backlog, then READS timed hand-ins. */
async function timedRound(label: string, databaseUrl: string, modelUrl: string | null) {
  const env: Record<string, string> = modelUrl
    ? { LLM_API_URL: `${modelUrl}/v1`, ALLOW_PRIVATE_FETCH: '1' }
    : {};
  const svc = await startBenchService(label, databaseUrl, 1, env);
  const sockets = new Agent({ keepAlive: true, maxSockets: 2 });
  try {
    // A team whose plan sorts every reply of the run (plans/plans.ts), and whose reads of the
    // inbox are not held by a day's budget.
    await svc.ctx.db.query("UPDATE teams SET plan = 'business' WHERE id = $1", [svc.teamId]);
    await setBenchBudgets(svc, null);
    for (let n = 0; n < BACKLOG_THREADS; n++) await handIn(svc, sockets, 1_000_000 + n);
    const sortedBefore = await sortedCount(svc);
    const times: number[] = [];
    const warmup = Math.ceil(READS / 10);
    for (let i = -warmup; i < READS; i++) {
      const took = await handIn(svc, sockets, i + warmup);
      if (i >= 0) times.push(took);
      await sleep(READ_GAP_MS);
    }
    return { times, sortedBeside: (await sortedCount(svc)) - sortedBefore };
  } finally {
    sockets.destroy();
    await svc.close();
  }
}

async function runOne(label: string, databaseUrl: string): Promise<SyncPathResult> {
  const model = await startFakeModel();
  model.answer({
    text: JSON.stringify({ label: 'interested', confidence: 0.9 }),
    delayMs: MODEL_DELAY_MS,
  });
  const without: number[] = [];
  const withModel: number[] = [];
  let sortedBeside = 0;
  try {
    for (let r = 0; r < ROUNDS; r++) {
      process.stdout.write(`${label}: round ${r + 1}, without a model… `);
      without.push(...(await timedRound(label, databaseUrl, null)).times);
      process.stdout.write('with one… ');
      const on = await timedRound(label, databaseUrl, model.url);
      withModel.push(...on.times);
      sortedBeside += on.sortedBeside;
      process.stdout.write(`${on.sortedBeside} replies sorted beside\n`);
    }
  } finally {
    await model.close();
  }
  const ms = (samples: number[], p: number) => twoPlaces(percentileOf(samples, p));
  return {
    database: label,
    reads: without.length,
    without_model_p50_ms: ms(without, 50),
    without_model_p99_ms: ms(without, 99),
    with_model_p50_ms: ms(withModel, 50),
    with_model_p99_ms: ms(withModel, 99),
    added_p50_ms: twoPlaces(percentileOf(withModel, 50) - percentileOf(without, 50)),
    sorted_beside: sortedBeside,
  };
}

export async function runClassificationBench(): Promise<{
  file: string;
  results: SyncPathResult[];
}> {
  const results = [await runOne('PGlite', 'memory://')];
  const pg = await findPostgres();
  if (pg) results.push(await runOne('PostgreSQL', pg));
  const file = await writeBenchResults('classification', { results });
  return { file, results };
}

export function printClassificationTable(results: SyncPathResult[]) {
  console.log(
    '\nThe sync hands in a thread read, with and without the team’s model sorting beside it, ms',
  );
  console.table(results);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { results } = await runClassificationBench();
  printClassificationTable(results);
}
