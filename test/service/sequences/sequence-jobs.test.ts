import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask, type ClaimedTask } from '../../support/collection-fixtures.js';
import { keyedApi } from '../../support/relationship-events.js';
import { engineerProfile } from '../../support/profile-output.js';
import {
  BACKGROUND_JOBS,
  startBackgroundJobs,
  type BackgroundJob,
} from '../../../src/service/jobs.js';
import { runRelationshipSync } from '../../../src/service/relationships/sync.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';

/**
 * The service's own background jobs move sequences along as fast as their settings say (the
 * browser test of a sequence relies on it): a step's task ending, or the sync's connections read,
 * wakes the sequences job at once (not its next tick), and a RELATIONSHIP_SYNC_INTERVAL_S shorter
 * than the sync job's 15 s look is honoured.
 */
let svc: TestService;
let acme: AgentTeam;
let ada: TeamMember;
let api: ReturnType<typeof keyedApi>;

const ALAN = 'urn:li:fsd_profile:ACoAAAlanJobs01';

beforeAll(async () => {
  svc = await startTestService({ RELATIONSHIP_SYNC_INTERVAL_S: '1' });
  acme = await createAgentTeam(svc, 'Acme', [{ email: 'ada@jobs.test', role: 'admin' }]);
  ada = acme.member('ada@jobs.test');
  api = keyedApi(svc, acme.keyHeaders);
});
afterAll(async () => svc.close());

function job(name: string, over: Partial<BackgroundJob> = {}): BackgroundJob[] {
  return BACKGROUND_JOBS.filter((j) => j.name === name).map((j) => ({ ...j, ...over }));
}

/** What a sync read finds when nothing happened. */
function nothingNew(t: ClaimedTask): unknown {
  if (t.type === 'agent_connections_fetch')
    return { connections: [], start: 0, count: 0, total: null };
  if (t.type === 'agent_conversations_fetch') return { conversations: [] };
  return { invitations: [] };
}

/** The one task ada may run next, waiting for a background job to queue it. */
async function nextTask(type: string, timeoutMs = 3_000): Promise<ClaimedTask> {
  let task: ClaimedTask | null = null;
  await expect
    .poll(
      async () => {
        task = task ?? (await claimTask(svc, ada));
        return task?.type ?? null;
      },
      { timeout: timeoutMs, interval: 50 },
    )
    .toBe(type);
  return task!;
}

test('a step’s task ending, and the sync’s connections read, wake the sequences job at once', async () => {
  const seq = await api('POST', '/api-sequences', {
    name: 'Wake-ups',
    steps: [
      { type: 'visit' },
      { type: 'connection_request' },
      { type: 'wait_for_acceptance' },
      { type: 'message', text: 'Hi {first_name}' },
    ],
  });
  await api('POST', `/api-sequences/${seq.body.id}/enrollments`, { profiles: ['alan-turing'] });
  // The sync waits a day: only this test's reads run.
  await svc.ctx.db.query(`UPDATE relationship_sync SET next_sync_at = now() + interval '1 day'`);
  await advanceSequences(svc.ctx);
  // Its clock never ticks within the test: only a wake-up can move a step on.
  const jobs = startBackgroundJobs(svc.ctx, job('sequences', { everyMs: 600_000 }));
  try {
    const visit = await nextTask('agent_profile_fetch');
    await completeTask(svc, ada, visit, engineerProfile(ALAN, 'alan-turing', 'Alan Turing', null));
    const invite = await nextTask('agent_connection_request');
    await completeTask(svc, ada, invite, { sent: true, invitation_urn: null });
    await expect
      .poll(
        async () =>
          (await api('GET', `/api-sequences/${seq.body.id}/enrollments`)).body.enrollments[0].state,
        { timeout: 3_000, interval: 50 },
      )
      .toBe('waiting_acceptance');

    await svc.ctx.db.query(
      `UPDATE relationship_sync SET next_sync_at = now() - interval '1 minute'`,
    );
    await runRelationshipSync(svc.ctx);
    let read = await claimTask(svc, ada);
    for (; read && read.type !== 'agent_connections_fetch'; read = await claimTask(svc, ada))
      await completeTask(svc, ada, read, nothingNew(read));
    const connection = {
      profile_urn: ALAN,
      public_identifier: 'alan-turing',
      full_name: 'Alan Turing',
      headline: null,
      profile_url: null,
      image_url: null,
      connected_at: new Date().toISOString(),
    };
    await completeTask(svc, ada, read!, {
      connections: [connection],
      start: 0,
      count: 1,
      total: null,
    });
    // Accepted: the message step's read of the conversation comes next, queued by the wake-up.
    const preRead = await nextTask('agent_conversations_fetch');
    expect(preRead.input).toMatchObject({ unread_only: false });
  } finally {
    await jobs.stop();
  }
});

test('the sync job looks as often as a RELATIONSHIP_SYNC_INTERVAL_S shorter than its 15 s', async () => {
  const jobs = startBackgroundJobs(svc.ctx, job('relationship_sync'));
  try {
    const syncReads = async () =>
      (
        await svc.ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM tasks WHERE team_id = $1 AND queued_by = 'sync' AND type = 'agent_connections_fetch'`,
          [acme.id],
        )
      )[0]!.n;
    const before = await syncReads();
    await svc.ctx.db.query(
      `UPDATE relationship_sync SET next_sync_at = now() - interval '1 minute'`,
    );
    // Each read done as soon as it is queued: the next one is queued only when the member is due again.
    for (let round = 1; round <= 2; round++) {
      await expect.poll(syncReads, { timeout: 5_000, interval: 50 }).toBe(before + round);
      for (let t = await claimTask(svc, ada); t; t = await claimTask(svc, ada)) {
        await completeTask(svc, ada, t, nothingNew(t));
      }
    }
  } finally {
    await jobs.stop();
  }
});
