import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask, type ClaimedTask } from '../../support/collection-fixtures.js';
import { DEFAULT_BUDGETS, DEFAULT_PACING } from '../../../src/contract/budgets.js';
import { TASK_TYPES } from '../../../src/contract/task-types.js';
import { withScratchDatabase } from '../../support/scratch-database.js';
import { migrate } from '../../../src/service/db/migrate.js';
import { loadUsage } from '../../../src/service/budgets/usage.js';
import { profileOutput } from '../../support/profile-output.js';

/**
 * Action budgets per member (docs/budgets.md), through the public API and the agent protocol on a
 * real database: counted from the tasks each account ran, rolling windows (rows back-dated, no
 * sleeping), work that waits instead of being refused, reads routed around a spent member, the
 * admin's PATCH and its rights, working hours, and what the heartbeat hands the extension.
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember; // oldest admin: runs writes
let bob: TeamMember; // member

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Careful', [
    { email: 'ada@budget.test', role: 'admin', joinedHoursAgo: 48 },
    { email: 'bob@budget.test', role: 'member' },
  ]);
  ada = team.member('ada@budget.test');
  bob = team.member('bob@budget.test');
});
afterAll(() => svc.close());
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query(`UPDATE teams SET budgets = '{}', pacing = '{}'`);
  await svc.ctx.db.query('UPDATE memberships SET working_hours = NULL, paused = NULL');
});

const patchTeam = (body: unknown, headers = ada.agentHeaders) =>
  svc.call('PATCH', '/api-team', { headers, body });
const getTeam = async () => {
  const res = await svc.call('GET', '/api-team', { headers: ada.agentHeaders });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    team: {
      budgets: {
        task_type: string;
        per_day: number | null;
        per_week: number | null;
        default_per_day: number | null;
      }[];
      pacing: typeof DEFAULT_PACING;
    };
    members: {
      email: string;
      safety: {
        budgets: {
          task_type: string;
          used_today: number;
          used_this_week: number;
          next_free_at: string | null;
        }[];
        waiting: { task_id: string; scheduled_for: string | null; waiting_reason: string }[];
        writes_open: boolean;
        writes_open_at: string | null;
      } | null;
    }[];
  };
};
const useOf = async (email: string, type: string) =>
  (await getTeam()).members
    .find((m) => m.email === email)!
    .safety!.budgets.find((b) => b.task_type === type)!;

let urn = 0;
async function queue(path: string, body: Record<string, unknown>): Promise<string> {
  const res = await svc.call('POST', `/network-agent/${path}`, { headers: team.keyHeaders, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;
}
const invite = () =>
  queue('send-connection-request', { profile_urn: `urn:li:fsd_profile:ACoAABudget${urn++}` });
const fetchProfile = () => queue('fetch-profile', { profile_slug: `person-${urn++}` });
const like = () =>
  queue('like-post', {
    social_urn: `urn:li:activity:72500000000${String(urn++).padStart(8, '0')}`,
    reaction_type: 'LIKE',
  });

async function status(id: string) {
  const res = await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${id}`, {
    headers: team.keyHeaders,
  });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      data: { status: string; scheduled_for: string | null; waiting_reason: string | null };
    }
  ).data;
}

async function runOne(
  member: TeamMember,
  output: Record<string, unknown>,
): Promise<ClaimedTask | null> {
  const task = await claimTask(svc, member);
  if (task) await completeTask(svc, member, task, output);
  return task;
}
const PROFILE_OUTPUT = profileOutput();

describe('budgets', () => {
  test('GET /api-team shows every budget with its default, each member’s use, and the default pace', async () => {
    const view = await getTeam();
    expect(view.team.budgets.map((b) => b.task_type)).toEqual([...TASK_TYPES]);
    expect(view.team.budgets.find((b) => b.task_type === 'agent_connection_request')).toEqual({
      task_type: 'agent_connection_request',
      per_day: 25,
      per_week: 100,
      default_per_day: 25,
      default_per_week: 100,
    });
    expect(view.team.pacing).toEqual(DEFAULT_PACING);
    for (const m of view.members)
      expect(m.safety!.budgets.every((b) => b.used_today === 0 && b.next_free_at === null)).toBe(
        true,
      );
  });

  test('use is counted per member and kind from completed and running tasks, not failed ones', async () => {
    await like();
    await like();
    await invite();
    const t1 = (await runOne(ada, { liked: true }))!;
    expect(t1.type).toBe('agent_like_post');
    await runOne(ada, { liked: true });
    // The invitation is claimed and still running: it counts already.
    const running = (await claimTask(svc, ada))!;
    expect(running.type).toBe('agent_connection_request');
    await fetchProfile();
    const failed = (await claimTask(svc, bob))!;
    await svc.call('POST', `/agent/tasks/${failed.id}/fail`, {
      headers: bob.agentHeaders,
      body: {
        attempt: failed.attempt,
        error: { code: 'not_found', message: 'gone', retryable: false },
      },
    });
    expect(await useOf('ada@budget.test', 'agent_like_post')).toMatchObject({
      used_today: 2,
      used_this_week: 2,
    });
    expect(await useOf('ada@budget.test', 'agent_connection_request')).toMatchObject({
      used_today: 1,
      used_this_week: 1,
    });
    expect(await useOf('bob@budget.test', 'agent_like_post')).toMatchObject({ used_today: 0 });
    expect(await useOf('bob@budget.test', 'agent_profile_fetch')).toMatchObject({ used_today: 0 });
  });

  test('windows roll: a use leaves the day after 24 h and the week after 7 days', async () => {
    for (let i = 0; i < 3; i++) await like();
    for (let i = 0; i < 3; i++) await runOne(ada, { liked: true });
    const ids = (
      await svc.ctx.db.query<{ id: string }>(
        `SELECT id FROM tasks WHERE status = 'completed' ORDER BY id`,
      )
    ).map((r) => r.id);
    await svc.ctx.db.query(
      `UPDATE tasks SET finished_at = now() - interval '25 hours' WHERE id = $1`,
      [ids[0]],
    );
    await svc.ctx.db.query(
      `UPDATE tasks SET finished_at = now() - interval '8 days' WHERE id = $1`,
      [ids[1]],
    );
    expect(await useOf('ada@budget.test', 'agent_like_post')).toMatchObject({
      used_today: 1,
      used_this_week: 2,
    });
  });

  test('the hourly counts give what counting the tasks gives, at the windows’ edges, however rows are back-dated, moved or deleted', async () => {
    // A fixed sequence of "random" rows: kinds, states, members, and end times over nine days, many
    // of them within a minute of where the day and the week begin (the hours read from the tasks).
    let seed = 20;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const kinds = ['agent_like_post', 'agent_connection_request', 'agent_profile_fetch'];
    const states = ['processing', 'completed', 'completed', 'failed', 'pending'];
    const members = [ada.userId, bob.userId];
    const edges = [24 * 3600, 7 * 24 * 3600];
    const endedAgo = () =>
      next(3) === 0 ? edges[next(2)]! + (next(2) ? 1 : -1) * (30 + next(60)) : next(9 * 24 * 3600);
    for (let i = 0; i < 300; i++) {
      const status = states[next(states.length)]!;
      const ago = status === 'processing' || status === 'pending' ? null : endedAgo();
      await svc.ctx.db.query(
        `INSERT INTO tasks (id, team_id, type, input, status, claimed_by, attempt, finished_at)
         VALUES (gen_random_uuid(), $1, $2, '{}'::jsonb, $3, $4, 1, now() - make_interval(secs => $5::double precision))`,
        [team.id, kinds[next(kinds.length)], status, members[next(2)], ago],
      );
    }
    const direct = async () =>
      svc.ctx.db.query<{ member: string; type: string; day: number; week: number }>(
        `SELECT claimed_by AS member, type, count(*) FILTER (WHERE finished_at IS NULL OR finished_at > now() - interval '1 day')::int AS day, count(*)::int AS week
           FROM tasks WHERE claimed_by = ANY($1::uuid[]) AND status IN ('processing', 'completed')
            AND (finished_at IS NULL OR finished_at > now() - interval '7 days')
          GROUP BY 1, 2 ORDER BY 1, 2`,
        [members],
      );
    const shown = async () => {
      const view = await getTeam();
      return [ada, bob]
        .flatMap((m) =>
          view.members
            .find((v) => v.email === m.email)!
            .safety!.budgets.filter((b) => kinds.includes(b.task_type) && b.used_this_week > 0)
            .map((b) => ({
              member: m.userId,
              type: b.task_type,
              day: b.used_today,
              week: b.used_this_week,
            })),
        )
        .sort((a, b) => a.member.localeCompare(b.member) || a.type.localeCompare(b.type));
    };
    const before = await direct();
    expect(before.reduce((n, r) => n + r.week, 0)).toBeGreaterThan(60);
    expect(await shown()).toEqual(before);

    // Back-dated, ended, failed, moved to another member or kind, deleted: the counts follow.
    const ids = (await svc.ctx.db.query<{ id: string }>('SELECT id FROM tasks ORDER BY id')).map(
      (r) => r.id,
    );
    for (const [i, id] of ids.entries()) {
      const change = [
        `UPDATE tasks SET finished_at = now() - make_interval(secs => ${endedAgo()}) WHERE id = $1`,
        `UPDATE tasks SET status = 'completed', finished_at = now() WHERE id = $1 AND status = 'processing'`,
        `UPDATE tasks SET status = 'failed' WHERE id = $1`,
        `UPDATE tasks SET claimed_by = '${members[i % 2]}' WHERE id = $1`,
        `UPDATE tasks SET type = '${kinds[i % 3]}' WHERE id = $1`,
        'DELETE FROM tasks WHERE id = $1',
        'SELECT $1::uuid',
      ][next(7)]!;
      await svc.ctx.db.query(change, [id]);
    }
    const after = await direct();
    expect(after).not.toEqual(before);
    expect(await shown()).toEqual(after);
  });
});

describe('over budget, work waits', () => {
  test('connection requests at 2 a day: two run, the third stays pending with scheduled_for the next day, and no agent claims it', async () => {
    expect(
      (await patchTeam({ budgets: { agent_connection_request: { per_day: 2, per_week: 10 } } }))
        .status,
    ).toBe(200);
    const ids = [await invite(), await invite(), await invite()];
    const ran = [await runOne(ada, { sent: true }), await runOne(ada, { sent: true })];
    expect(ran.map((t) => t?.id)).toEqual(ids.slice(0, 2));
    expect(await claimTask(svc, ada)).toBeNull();
    expect(await claimTask(svc, bob)).toBeNull(); // assigned to the oldest admin: nobody else runs it

    const [first] = await svc.ctx.db.query<{ finished_at: Date }>(
      'SELECT finished_at FROM tasks WHERE id = $1',
      [ids[0]],
    );
    const third = await status(ids[2]!);
    expect(third.status).toBe('pending');
    expect(Date.parse(third.scheduled_for!)).toBe(
      new Date(first!.finished_at).getTime() + 24 * 3600_000,
    );
    expect(third.waiting_reason).toMatch(
      /^ada@budget\.test has used the budget of connection requests \(2 a day and 10 a week\); the next one may run at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    const use = await useOf('ada@budget.test', 'agent_connection_request');
    expect(use).toMatchObject({ used_today: 2, next_free_at: third.scheduled_for });
    const ada_ = (await getTeam()).members.find((m) => m.email === 'ada@budget.test')!;
    expect(ada_.safety!.waiting).toEqual([
      {
        task_id: ids[2],
        task_type: 'agent_connection_request',
        scheduled_for: third.scheduled_for,
        waiting_reason: third.waiting_reason,
      },
    ]);

    // A day later the slot is free: the task runs, nothing was lost.
    await svc.ctx.db.query(
      `UPDATE tasks SET finished_at = finished_at - interval '24 hours 1 second' WHERE id = $1`,
      [ids[0]],
    );
    expect((await claimTask(svc, ada))?.id).toBe(ids[2]);
  });

  test('the week counts too; raising a budget frees waiting work at once', async () => {
    await patchTeam({ budgets: { agent_connection_request: { per_day: 5, per_week: 2 } } });
    const ids = [await invite(), await invite(), await invite()];
    await runOne(ada, { sent: true });
    await runOne(ada, { sent: true });
    await svc.ctx.db.query(
      `UPDATE tasks SET finished_at = now() - interval '3 days' WHERE status = 'completed'`,
    );
    expect(await claimTask(svc, ada)).toBeNull();
    const wait = await status(ids[2]!);
    expect(Date.parse(wait.scheduled_for!)).toBeGreaterThan(Date.now() + 3.9 * 24 * 3600_000);
    await patchTeam({ budgets: { agent_connection_request: { per_week: 3 } } });
    expect(await status(ids[2]!)).toMatchObject({ scheduled_for: null, waiting_reason: null });
    expect((await claimTask(svc, ada))?.id).toBe(ids[2]);
  });

  test('a kind set to no limit (risk accepted) runs past its default while a limited kind still waits', async () => {
    const all = Object.fromEntries(TASK_TYPES.map((t) => [t, { per_day: null, per_week: null }]));
    expect(
      (
        await patchTeam({
          budgets: { ...all, agent_connection_request: { per_day: 1, per_week: 1 } },
          i_accept_the_risk: true,
        })
      ).status,
    ).toBe(200);
    // Past the default of 80 profile fetches a day, as if run earlier today.
    await svc.ctx.db.query(
      `INSERT INTO tasks (id, team_id, type, input, status, claimed_by, attempt, finished_at)
       SELECT gen_random_uuid(), $1, 'agent_profile_fetch', '{}'::jsonb, 'completed', $2, 1, now() - interval '1 hour'
         FROM generate_series(1, ${DEFAULT_BUDGETS.agent_profile_fetch.per_day! + 5})`,
      [team.id, ada.userId],
    );
    const invites = [await invite(), await invite()];
    const fetch = await fetchProfile();
    expect((await runOne(ada, { sent: true }))?.id).toBe(invites[0]);
    // The second invitation waits for its budget; the fetch, unlimited now, is claimed.
    expect((await claimTask(svc, ada))?.id).toBe(fetch);
    expect(await status(invites[1]!)).toMatchObject({ status: 'pending' });
    // No limit on any kind at all: nothing is counted, nothing waits.
    await patchTeam({ budgets: all, i_accept_the_risk: true });
    expect((await claimTask(svc, ada))?.id).toBe(invites[1]);
  });

  test('a team without limits claims with the settings it last read, yet a limit or working hours set since hold at the very next claim', async () => {
    const all = Object.fromEntries(TASK_TYPES.map((t) => [t, { per_day: null, per_week: null }]));
    expect((await patchTeam({ budgets: all, i_accept_the_risk: true })).status).toBe(200);
    const likes = [await like(), await like(), await like()];
    const fetches = [await fetchProfile(), await fetchProfile()];
    expect((await claimTask(svc, ada))?.id).toBe(likes[0]);
    // Written as another instance would: nothing tells this one; its claim statement checks.
    await svc.ctx.db.query(
      `UPDATE teams SET budgets = budgets || '{"agent_like_post": {"per_day": 1, "per_week": null}}' WHERE id = $1`,
      [team.id],
    );
    expect((await claimTask(svc, ada))?.id).toBe(fetches[0]);
    expect(await status(likes[1]!)).toMatchObject({ status: 'pending' });
    await svc.ctx.db.query('UPDATE teams SET budgets = $2::jsonb WHERE id = $1', [
      team.id,
      JSON.stringify(all),
    ]);
    expect((await claimTask(svc, ada))?.id).toBe(likes[1]);
    // Working hours that never open, set since: the last like is passed over, the read is not.
    await svc.ctx.db.query(
      `UPDATE memberships SET working_hours = '{"days": [], "start": "09:00", "end": "17:00", "time_zone": "UTC"}' WHERE user_id = $1`,
      [ada.userId],
    );
    expect((await claimTask(svc, ada))?.id).toBe(fetches[1]);
    expect(await claimTask(svc, ada)).toBeNull();
    await svc.ctx.db.query('UPDATE memberships SET working_hours = NULL WHERE user_id = $1', [
      ada.userId,
    ]);
    expect((await claimTask(svc, ada))?.id).toBe(likes[2]);
  });

  test('reads go to another member with budget left before they wait', async () => {
    await patchTeam({ budgets: { agent_profile_fetch: { per_day: 1 } } });
    await fetchProfile();
    expect((await runOne(ada, PROFILE_OUTPUT))?.type).toBe('agent_profile_fetch');
    const second = await fetchProfile();
    expect(await status(second)).toMatchObject({
      status: 'pending',
      scheduled_for: null,
      waiting_reason: null,
    });
    expect(await claimTask(svc, ada)).toBeNull();
    // Bob is paused: the read waits for ada's slot, and says so.
    await svc.ctx.db.query(`UPDATE memberships SET paused = true WHERE email = 'bob@budget.test'`);
    const held = await status(second);
    expect(held.scheduled_for).not.toBeNull();
    expect(held.waiting_reason).toMatch(
      /^ada@budget\.test has used the budget of profile fetches \(1 a day\)/,
    );
    await svc.ctx.db.query(`UPDATE memberships SET paused = NULL WHERE email = 'bob@budget.test'`);
    expect((await claimTask(svc, bob))?.id).toBe(second);
  });

  test('two claims at once can never together overrun a budget', async () => {
    await patchTeam({ budgets: { agent_like_post: { per_day: 3 } } });
    for (let i = 0; i < 8; i++) await like();
    for (let round = 0; round < 3; round++) {
      const claims = await Promise.all(
        [0, 1, 2, 3, 4, 5].map(() =>
          svc.call('POST', '/agent/tasks/claim', {
            body: { wait_s: 0 },
            headers: ada.agentHeaders,
          }),
        ),
      );
      const got = await Promise.all(
        claims
          .filter((r) => r.status === 200)
          .map(async (r) => ((await r.json()) as { task: ClaimedTask }).task),
      );
      for (const t of got) await completeTask(svc, ada, t, { liked: true });
    }
    const [{ n }] = (await svc.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tasks WHERE status = 'completed'`,
    )) as [{ n: number }];
    expect(n).toBe(3);
  });
});

describe('PATCH /api-team', () => {
  test('only an admin; the answer is the team with its new budgets', async () => {
    const denied = await patchTeam(
      { budgets: { agent_like_post: { per_day: 5 } } },
      bob.agentHeaders,
    );
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: 'Access denied' });
    expect(
      (await patchTeam({ budgets: { agent_like_post: { per_day: 5 } } }, team.keyHeaders)).status,
    ).toBe(401);
    const ok = await patchTeam({ budgets: { agent_like_post: { per_day: 5 } } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as Awaited<ReturnType<typeof getTeam>>;
    expect(body.team.budgets.find((b) => b.task_type === 'agent_like_post')).toMatchObject({
      per_day: 5,
      default_per_day: 100,
    });
  });

  test('bad values are 400 naming the field, and nothing changes', async () => {
    const cases: [unknown, string][] = [
      [
        {},
        "Nothing to change: send 'budgets', 'pacing', 'contact_window_days', 'ai_writes', 'weekly_summary', 'warm_up', 'withdraw_pending_after_days', 'team_stops_together', 'resume_writes', 'ai_instructions' and/or 'reply_labels'",
      ],
      [
        { budgets: { agent_like_post: { per_day: -1 } } },
        "Invalid 'budgets.agent_like_post.per_day': must be a whole number from 0 to 10000, or null for no limit",
      ],
      [
        { budgets: { agent_like_post: { per_day: 2.5 } } },
        "Invalid 'budgets.agent_like_post.per_day': must be a whole number from 0 to 10000, or null for no limit",
      ],
      [
        { budgets: { agent_like_post: { per_day: '5' } } },
        "Invalid 'budgets.agent_like_post.per_day': must be a whole number from 0 to 10000, or null for no limit",
      ],
      [
        { budgets: { agent_like_post: { per_month: 5 } } },
        "Invalid 'budgets.agent_like_post': unknown field 'per_month' (per_day, per_week)",
      ],
      [
        { budgets: { agent_dance: { per_day: 5 } } },
        "Invalid 'budgets': unknown task type 'agent_dance'",
      ],
      [{ budgets: [1] }, "Invalid 'budgets': must be an object keyed by task type"],
      [
        { budgets: { agent_connection_request: { per_day: 40 } } },
        `Invalid 'budgets.agent_connection_request.per_day': 40 is above the default of 25; send "i_accept_the_risk": true to allow it`,
      ],
      [
        { budgets: { agent_connection_request: { per_week: null } } },
        `Invalid 'budgets.agent_connection_request.per_week': no limit is above the default of 100; send "i_accept_the_risk": true to allow it`,
      ],
      [
        { pacing: { write_min_s: 5 } },
        `Invalid 'pacing.write_min_s': 5 s is shorter than the default of 30 s; send "i_accept_the_risk": true to allow it`,
      ],
      [
        { pacing: { write_min_s: 120 } },
        "Invalid 'pacing': write_min_s (120) is above write_max_s (90)",
      ],
      [
        { pacing: { write_min_s: 99999 } },
        "Invalid 'pacing.write_min_s': must be a whole number of seconds from 0 to 3600",
      ],
      [
        { budgets: { agent_like_post: { per_day: 5 } }, i_accept_the_risk: 'yes' },
        "Invalid 'i_accept_the_risk': must be true or false",
      ],
    ];
    for (const [body, error] of cases) {
      const res = await patchTeam(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json(), JSON.stringify(body)).toEqual({ error });
    }
    expect(
      await svc.ctx.db.query(`SELECT 1 FROM teams WHERE budgets <> '{}' OR pacing <> '{}'`),
    ).toHaveLength(0);
  });

  test('above the default with the risk accepted; null returns a type or the pace to the defaults', async () => {
    const res = await patchTeam({
      budgets: { agent_connection_request: { per_day: 40, per_week: null } },
      pacing: { write_min_s: 5, write_max_s: 10 },
      i_accept_the_risk: true,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    let view = await getTeam();
    expect(view.team.budgets.find((b) => b.task_type === 'agent_connection_request')).toMatchObject(
      { per_day: 40, per_week: null },
    );
    expect(view.team.pacing).toEqual({ ...DEFAULT_PACING, write_min_s: 5, write_max_s: 10 });
    await patchTeam({ budgets: { agent_connection_request: null }, pacing: null });
    view = await getTeam();
    expect(view.team.budgets.find((b) => b.task_type === 'agent_connection_request')).toMatchObject(
      DEFAULT_BUDGETS.agent_connection_request,
    );
    expect(view.team.pacing).toEqual(DEFAULT_PACING);
  });
});

describe('working hours', () => {
  /**
   * A window of `hours` starting `fromNow` hours from now, every day, in a whole-hour zone where it
   * is about 11:00 now: the window never crosses midnight, whatever the hour the tests run at.
   */
  function windowFromNow(fromNow: number, hours: number) {
    const offset = 11 - new Date().getUTCHours(); // -12 … +11
    const time_zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`; // Etc/GMT signs are inverted
    const at = (h: number) => {
      const d = new Date(Date.now() + (h + offset) * 3600_000);
      return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    };
    return { days: [1, 2, 3, 4, 5, 6, 7], start: at(fromNow), end: at(fromNow + hours), time_zone };
  }
  const setHours = (email: string, working_hours: unknown, headers = ada.agentHeaders) =>
    svc.call('PUT', '/api-team-members/working-hours', { headers, body: { email, working_hours } });

  test('outside them no write is claimed, reads are; the task says when it runs', async () => {
    const closed = windowFromNow(2, 1);
    const res = await setHours('ada@budget.test', closed);
    expect(res.status, await res.clone().text()).toBe(200);
    const member = (await res.json()) as {
      safety: { writes_open: boolean; writes_open_at: string; working_hours: unknown };
    };
    expect(member.safety).toMatchObject({ writes_open: false, working_hours: closed });
    const likeId = await like();
    const readId = await fetchProfile();
    const claimed = await claimTask(svc, ada);
    expect(claimed?.id).toBe(readId);
    expect(await claimTask(svc, ada)).toBeNull();
    const wait = await status(likeId);
    expect(wait.scheduled_for).toBe(member.safety.writes_open_at);
    expect(Math.abs(Date.parse(wait.scheduled_for!) - (Date.now() + 2 * 3600_000))).toBeLessThan(
      90_000,
    );
    const reason = `Outside ada@budget.test's working hours (Mon–Sun ${closed.start}–${closed.end} ${closed.time_zone}); it runs from `;
    expect(wait.waiting_reason?.startsWith(reason), wait.waiting_reason ?? '').toBe(true);
    expect((await setHours('ada@budget.test', null)).status).toBe(200);
    expect((await claimTask(svc, ada))?.id).toBe(likeId);
  });

  test('a member sets their own, an admin anyone’s; bad values name the field', async () => {
    const hours = {
      days: [1, 2, 3, 4, 5],
      start: '08:00',
      end: '20:00',
      time_zone: 'Europe/Paris',
    };
    expect((await setHours('bob@budget.test', hours, bob.agentHeaders)).status).toBe(200);
    expect((await setHours('ada@budget.test', hours, bob.agentHeaders)).status).toBe(403);
    expect((await setHours('bob@budget.test', null, ada.agentHeaders)).status).toBe(200);
    expect((await setHours('nobody@budget.test', null)).status).toBe(404);
    const bad: [unknown, string][] = [
      [
        { ...hours, time_zone: 'Mars/Olympus' },
        "Invalid 'working_hours.time_zone': must be an IANA time zone such as Europe/Paris",
      ],
      [
        { ...hours, start: '8am' },
        "Invalid 'working_hours.start': must be a time like 08:00 (24-hour clock)",
      ],
      [
        { ...hours, end: '24:00' },
        "Invalid 'working_hours.end': must be a time like 08:00 (24-hour clock)",
      ],
      [
        { ...hours, start: '20:00', end: '08:00' },
        "Invalid 'working_hours': 'end' must be later than 'start' on the same day",
      ],
      [
        { ...hours, days: [] },
        "Invalid 'working_hours.days': must be a non-empty list of ISO weekdays, 1 (Monday) to 7 (Sunday)",
      ],
      [
        { ...hours, days: [0] },
        "Invalid 'working_hours.days': must be a non-empty list of ISO weekdays, 1 (Monday) to 7 (Sunday)",
      ],
      [{ ...hours, lunch: '12:00' }, "Invalid 'working_hours': unknown field 'lunch'"],
    ];
    for (const [working_hours, error] of bad) {
      const res = await setHours('ada@budget.test', working_hours);
      expect(res.status, JSON.stringify(working_hours)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
  });
});

describe('the heartbeat hands the extension its pace and safety', () => {
  test('pacing (the team’s), today’s use and waiting tasks', async () => {
    await patchTeam({
      budgets: { agent_like_post: { per_day: 1 } },
      pacing: { write_min_s: 60, write_max_s: 120 },
    });
    await like();
    const waiting = await like();
    await runOne(ada, { liked: true });
    const res = await svc.call('POST', '/agent/heartbeat', {
      headers: ada.agentHeaders,
      body: {
        extension_version: '1.0.0',
        browser: 'Chrome 140',
        network: { signed_in: true },
        paused: false,
      },
    });
    const hb = (await res.json()) as {
      pacing: unknown;
      safety: {
        budgets: { task_type: string; used_today: number }[];
        waiting: { task_id: string }[];
      };
    };
    expect(hb.pacing).toEqual({ ...DEFAULT_PACING, write_min_s: 60, write_max_s: 120 });
    expect(hb.safety.budgets.find((b) => b.task_type === 'agent_like_post')).toMatchObject({
      per_day: 1,
      used_today: 1,
    });
    expect(hb.safety.waiting.map((w) => w.task_id)).toEqual([waiting]);
  });
});

describe('a budget of 0', () => {
  test('nothing of that kind runs, and the task says an admin must raise it', async () => {
    await patchTeam({ budgets: { agent_comment_post: { per_day: 0 } } });
    const id = await queue('comment-post', {
      social_urn: 'urn:li:activity:7250000000000000099',
      comment_text: 'Nice',
    });
    expect(await claimTask(svc, ada)).toBeNull();
    expect(await status(id)).toMatchObject({
      scheduled_for: null,
      waiting_reason:
        "The team's budget of comments is 0: ada@budget.test runs none until an admin raises it.",
    });
    const hb = await svc.call('POST', '/agent/heartbeat', {
      headers: ada.agentHeaders,
      body: {
        extension_version: '1.0.0',
        browser: 'Chrome 140',
        network: { signed_in: true },
        paused: false,
      },
    });
    expect(hb.status).toBe(200);
  });
});

describe('015 backfill', () => {
  test('uses ended before the migration are counted by it, as the tasks count them', async () => {
    await withScratchDatabase(async (raw) => {
      await migrate(raw, { through: '014_post_counts_by_seniority.sql' });
      const teamId = crypto.randomUUID();
      const userId = crypto.randomUUID();
      await raw.query(
        `INSERT INTO teams (id, name, api_key_hash, api_key_encrypted) VALUES ($1, 't', $2, 'x')`,
        [teamId, Buffer.from(teamId)],
      );
      await raw.query(`INSERT INTO users (id, email) VALUES ($1, 'old@budget.test')`, [userId]);
      // Every 37 minutes over ten days: completed, failed and running uses of two kinds.
      await raw.query(
        `INSERT INTO tasks (id, team_id, type, input, status, claimed_by, finished_at)
         SELECT gen_random_uuid(), $1, CASE WHEN g % 2 = 0 THEN 'agent_like_post' ELSE 'agent_connection_request' END, '{}'::jsonb,
                CASE WHEN g % 5 = 0 THEN 'failed' WHEN g % 7 = 0 THEN 'processing' ELSE 'completed' END, $2,
                CASE WHEN g % 7 = 0 AND g % 5 <> 0 THEN NULL ELSE now() - make_interval(mins => g * 37) END
           FROM generate_series(1, 390) g`,
        [teamId, userId],
      );
      expect(await migrate(raw)).toContain('015_budget_use_by_hour.sql');
      const counted = Object.fromEntries(
        [...(await loadUsage(raw, [userId])).get(userId)!].map(([type, use]) => [type, use]),
      );
      const rows = await raw.query<{ type: string; day: number; week: number }>(
        `SELECT type, count(*) FILTER (WHERE finished_at IS NULL OR finished_at > now() - interval '1 day')::int AS day, count(*)::int AS week
           FROM tasks WHERE claimed_by = $1 AND status IN ('processing', 'completed') AND (finished_at IS NULL OR finished_at > now() - interval '7 days')
          GROUP BY type`,
        [userId],
      );
      expect(counted).toEqual(
        Object.fromEntries(rows.map((r) => [r.type, { day: r.day, week: r.week }])),
      );
      expect(counted.agent_like_post!.week).toBeGreaterThan(100);
    });
  });
});
