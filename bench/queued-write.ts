import { fileURLToPath } from 'node:url';
import { findPostgres, setBenchBudgets, startBenchService } from './setup.js';
import { percentileOf } from './percentile.js';
import { writeBenchResults } from './results-file.js';

/**
 * What queueing one write in a member's name costs over HTTP, from the request to the answer:
 * `WRITES` likes and `WRITES` connection requests (each to a person nobody contacted), p50 and
 * p99, with the team key as a program sends them. Every check a write passes on its way in (the
 * gate: consent, the do-not-contact list, the contact window, pending invitations, the 48-hour
 * rule) is inside the figure, so running this file on two commits side by side says what a change
 * of the gate costs. Sizes from the environment (QUEUED_WRITES) for a quick run.
 */
const WRITES = Number(process.env.QUEUED_WRITES ?? 400);

interface QueuedWriteResult {
  database: string;
  writes: number;
  like_p50_ms: number;
  like_p99_ms: number;
  invitation_p50_ms: number;
  invitation_p99_ms: number;
}

async function timed(
  url: string,
  headers: Record<string, string>,
  body: (i: number) => Record<string, unknown>,
): Promise<number[]> {
  const times: number[] = [];
  const warmup = Math.ceil(WRITES / 10);
  for (let i = -warmup; i < WRITES; i++) {
    const t0 = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body(i + warmup)),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text}`);
    if (i >= 0) times.push(performance.now() - t0);
  }
  return times;
}

async function runOne(label: string, databaseUrl: string): Promise<QueuedWriteResult> {
  const svc = await startBenchService(label, databaseUrl, 2);
  try {
    await setBenchBudgets(svc, null);
    const headers = { 'x-api-key': svc.apiKey, 'content-type': 'application/json' };
    const likes = await timed(`${svc.url}/network-agent/like-post`, headers, (i) => ({
      social_urn: `urn:li:activity:${7_300_000_000_000_000_000n + BigInt(i)}`,
      reaction_type: 'LIKE',
    }));
    const invitations = await timed(
      `${svc.url}/network-agent/send-connection-request`,
      headers,
      (i) => ({ profile_urn: `urn:li:fsd_profile:ACoAABenchWrite${i}` }),
    );
    return {
      database: label,
      writes: WRITES,
      like_p50_ms: percentileOf(likes, 50),
      like_p99_ms: percentileOf(likes, 99),
      invitation_p50_ms: percentileOf(invitations, 50),
      invitation_p99_ms: percentileOf(invitations, 99),
    };
  } finally {
    await svc.close();
  }
}

export async function runQueuedWriteBench(): Promise<{
  file: string;
  results: QueuedWriteResult[];
}> {
  const results = [await runOne('PGlite', 'memory://')];
  const pg = await findPostgres();
  if (pg) results.push(await runOne('PostgreSQL', pg));
  const file = await writeBenchResults('queued-write', { results });
  return { file, results };
}

export function printQueuedWriteTable(results: QueuedWriteResult[]) {
  console.log('\nQueued write over HTTP (every check of the gate inside), ms');
  console.table(results);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { results } = await runQueuedWriteBench();
  printQueuedWriteTable(results);
}
