import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask } from '../../support/collection-fixtures.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/local-http.js';
import { verifyWebhook } from '../../support/webhook-signature.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import { refreshAccountHealth } from '../../../src/service/budgets/health-job.js';

/**
 * Account health (docs/budgets.md, "Health") on a real database: the health job computes each
 * member's factors from their invitations and failed tasks, a watch or poor account's write budgets
 * shrink in the claim and come back as the account recovers, a challenge reported by a failed task
 * makes the account due at once, each level change goes out as a signed `member.health_changed`,
 * and /metrics counts members per level.
 */
const TOKEN = 'operator-token-for-health-0123456789';
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember; // oldest admin: runs likes
let bob: TeamMember;
let receiver: LocalHttpServer;

beforeAll(async () => {
  receiver = await startLocalHttpServer((_req, res) => res.writeHead(200).end('ok'));
  svc = await startTestService({ ALLOW_PRIVATE_FETCH: '1', METRICS_TOKEN: TOKEN });
  team = await createAgentTeam(svc, 'Health', [
    { email: 'ada@health.test', role: 'admin', joinedHoursAgo: 48 },
    { email: 'bob@health.test', role: 'member' },
  ]);
  ada = team.member('ada@health.test');
  bob = team.member('bob@health.test');
  // These tests are about each account's own health: bob's challenge must not pause ada's writes too.
  const apart = await svc.call('PATCH', '/api-team', {
    headers: ada.agentHeaders,
    body: { team_stops_together: false, i_accept_the_risk: true },
  });
  expect(apart.status).toBe(200);
});
afterAll(async () => {
  await svc.close();
  await receiver.close();
});
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM sent_invitations');
  await svc.ctx.db.query(`UPDATE teams SET budgets = '{"agent_like_post": {"per_day": 10}}'`);
  await svc.ctx.db.query(
    `UPDATE memberships SET health_level = 'good', health_score = NULL, health_factors = '[]', health_checked_at = NULL`,
  );
  await refresh();
});

/** Every member due, then the job's run (tests never wait for its timer). */
async function refresh() {
  await svc.ctx.db.query('UPDATE memberships SET health_checked_at = NULL');
  await refreshAccountHealth(svc.ctx);
}

/** `sent` invitations by the member in the last 30 days, `accepted` of them accepted. */
async function invitations(member: TeamMember, sent: number, accepted: number) {
  await svc.ctx.db.query(
    `INSERT INTO sent_invitations (id, team_id, user_id, profile_urn, state, sent_at)
     SELECT gen_random_uuid(), $1, $2, 'urn:li:fsd_profile:ACoAAHealth' || g,
            CASE WHEN g <= $4 THEN 'accepted' ELSE 'expired' END, now() - make_interval(days => 1 + g % 20)
       FROM generate_series(1, $3::int) g`,
    [team.id, member.userId, sent, accepted],
  );
}

interface Health {
  score: number;
  level: string;
  budget_factor: number;
  factors: { name: string; value: number | null; level: string; score: number; why: string }[];
}
async function memberOf(member: TeamMember) {
  const res = await svc.call('GET', '/api-team', { headers: ada.agentHeaders });
  expect(res.status).toBe(200);
  const view = (await res.json()) as {
    members: {
      email: string;
      health: Health;
      safety: {
        budgets: { task_type: string; per_day: number | null }[];
        reduced: { why: string } | null;
      };
    }[];
  };
  return view.members.find((m) => m.email === member.email)!;
}

let urn = 0;
async function likesClaimed(member: TeamMember, queued: number): Promise<number> {
  await svc.ctx.db.query('DELETE FROM tasks');
  for (let i = 0; i < queued; i++) {
    const res = await svc.call('POST', '/network-agent/like-post', {
      headers: team.keyHeaders,
      body: {
        social_urn: `urn:li:activity:73200000000${String(urn++).padStart(8, '0')}`,
        reaction_type: 'LIKE',
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  let n = 0;
  while (await claimTask(svc, member)) n++;
  return n;
}

describe('health per account', () => {
  test('a new account with nothing to judge is good, every factor with a sentence why', async () => {
    const { health, safety } = await memberOf(ada);
    expect(health).toMatchObject({ score: 100, level: 'good', budget_factor: 1 });
    expect(health.factors.map((f) => f.name)).toEqual([
      'acceptance_rate',
      'pending_invitations',
      'limit_signals',
      'connections',
      'write_failures',
    ]);
    expect(health.factors[0]!.why).toBe(
      '0 invitations in the last 30 days: too few to judge the acceptance rate (from 10).',
    );
    expect(safety.reduced).toBeNull();
  });

  test('a poor acceptance rate shrinks the write budgets; recovery restores them', async () => {
    await invitations(ada, 20, 1);
    await refresh();
    const poor = await memberOf(ada);
    expect(poor.health).toMatchObject({ level: 'poor', budget_factor: 0.4 });
    const rate = poor.health.factors.find((f) => f.name === 'acceptance_rate')!;
    expect(rate).toMatchObject({ value: 0.05, level: 'poor' });
    expect(rate.why).toBe(
      '5 % of 20 invitations of the last 30 days were accepted (good from 30 %, poor below 15 %).',
    );
    expect(poor.health.score).toBe(rate.score);
    expect(poor.safety.reduced!.why).toBe(`account health poor (40 %): ${rate.why}`);
    expect(poor.safety.budgets.find((b) => b.task_type === 'agent_like_post')!.per_day).toBe(4);
    // Reads are not the account's risk: they keep the team's budget.
    expect(poor.safety.budgets.find((b) => b.task_type === 'agent_profile_fetch')!.per_day).toBe(
      80,
    );
    expect(await likesClaimed(ada, 6)).toBe(4);

    // 4 of 20 (20 %): watch, 7 of 10.
    await svc.ctx.db.query(
      `UPDATE sent_invitations SET state = 'accepted' WHERE id IN (SELECT id FROM sent_invitations WHERE state <> 'accepted' LIMIT 3)`,
    );
    await refresh();
    expect((await memberOf(ada)).health).toMatchObject({ level: 'watch', budget_factor: 0.7 });
    expect(await likesClaimed(ada, 9)).toBe(7);

    // 8 of 20 (40 %): good again, the team's full budget.
    await svc.ctx.db.query(
      `UPDATE sent_invitations SET state = 'accepted' WHERE id IN (SELECT id FROM sent_invitations WHERE state <> 'accepted' LIMIT 4)`,
    );
    await refresh();
    const good = await memberOf(ada);
    expect(good.health).toMatchObject({ level: 'good', budget_factor: 1 });
    expect(good.safety.reduced).toBeNull();
    expect(await likesClaimed(ada, 12)).toBe(10);
  });

  test('a challenge reported by a failed task makes the account due and poor at once', async () => {
    await svc.call('POST', '/network-agent/fetch-profile', {
      headers: team.keyHeaders,
      body: { profile_slug: 'challenged-person' },
    });
    const task = (await claimTask(svc, bob))!;
    expect(task.type).toBe('agent_profile_fetch');
    await svc.ctx.db.query('UPDATE memberships SET health_checked_at = now()');
    const failed = await svc.call('POST', `/agent/tasks/${task.id}/fail`, {
      headers: bob.agentHeaders,
      body: {
        attempt: task.attempt,
        error: { code: 'network_challenge', message: 'checkpoint', retryable: false },
      },
    });
    expect(failed.status).toBe(200);
    // Only bob is due: the job computes him without waiting for his recheck.
    expect(await refreshAccountHealth(svc.ctx)).toBe(1);
    const { health } = await memberOf(bob);
    expect(health.level).toBe('poor');
    expect(health.factors.find((f) => f.name === 'limit_signals')).toMatchObject({
      value: 1,
      level: 'poor',
      why: 'The network showed a security check 1 time in the last 14 days.',
    });
  });

  test('warm-up and health multiply: day 1 (20 %) of a watch account (70 %) is 14 %', async () => {
    await svc.ctx.db.query(`UPDATE teams SET budgets = '{}'`);
    await svc.ctx.db.query(
      `UPDATE memberships SET warm_up_started_at = now() - interval '1 minute', warm_up_ends_at = now() + interval '14 days' - interval '1 minute',
              warm_up_start_factor = 0.2 WHERE user_id = $1`,
      [ada.userId],
    );
    try {
      await invitations(ada, 10, 2);
      await refresh();
      const m = await memberOf(ada);
      expect(m.health.level).toBe('watch');
      expect(m.safety.budgets.find((b) => b.task_type === 'agent_like_post')!.per_day).toBe(14);
      expect(m.safety.reduced!.why).toMatch(
        /^warming up: day 1 of 14 \(20 %\) until \d{4}-\d{2}-\d{2}; account health watch \(70 %\): 20 % of 10 invitations/,
      );
      expect(await likesClaimed(ada, 16)).toBe(14);
    } finally {
      await svc.ctx.db.query(
        `UPDATE memberships SET warm_up_ends_at = now() - interval '1 day' WHERE user_id = $1`,
        [ada.userId],
      );
    }
  });

  test('each level change is a signed member.health_changed; /metrics counts members per level', async () => {
    const hook = await svc.call('POST', '/api-webhooks', {
      headers: ada.agentHeaders,
      body: { url: `${receiver.url}/health`, events: ['member.health_changed'] },
    });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const { secret, webhook } = (await hook.json()) as { secret: string; webhook: { id: string } };

    await invitations(ada, 20, 0);
    await refresh();
    await refresh(); // unchanged: no second event
    await deliverDueWebhooks(svc.ctx);
    const got = receiver.requests.splice(0).filter((r) => r.url === '/health');
    expect(got).toHaveLength(1);
    expect(verifyWebhook(got[0]!, secret)).toBe(true);
    const event = JSON.parse(got[0]!.body) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe('member.health_changed');
    expect(event.data).toMatchObject({
      member: { id: ada.userId, email: ada.email },
      previous_level: 'good',
      level: 'poor',
      budget_factor: 0.4,
      weakest: { name: 'acceptance_rate', level: 'poor', value: 0 },
    });
    expect((event.data.factors as unknown[]).length).toBe(5);

    const metrics = await (
      await svc.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    ).text();
    expect(metrics).toContain('agent_member_health{level="poor"} 1');
    expect(metrics).toContain('agent_member_health{level="good"} 1');
    expect(metrics).toContain('agent_member_health{level="watch"} 0');

    await svc.ctx.db.query('DELETE FROM sent_invitations');
    await refresh();
    await deliverDueWebhooks(svc.ctx);
    const back = receiver.requests.splice(0).filter((r) => r.url === '/health');
    expect(back.map((r) => JSON.parse(r.body).data)).toMatchObject([
      { previous_level: 'poor', level: 'good', budget_factor: 1 },
    ]);
    await svc.call('DELETE', `/api-webhooks/${webhook.id}`, { headers: ada.agentHeaders });
  });
});
