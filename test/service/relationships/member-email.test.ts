import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';

/**
 * Any member's account, by name (docs/api.md, "member_email"): every network task takes
 * `member_email` and runs as that member; an e-mail outside the team is a 404, and a member who
 * turned the kind off gets it failed at once (`refused_by_member`), as `send-message` does. Without
 * it, the spec's routing: the oldest admin for likes, comments and invitations, anyone for reads.
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember; // oldest admin
let bob: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'By name', [
    { email: 'ada@byname.test', role: 'admin', joinedHoursAgo: 48 },
    { email: 'bob@byname.test', role: 'member' },
  ]);
  ada = team.member('ada@byname.test');
  bob = team.member('bob@byname.test');
});
afterAll(() => svc.close());
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query("UPDATE memberships SET refused_types = '{}'");
});

let n = 0;
const BODIES: Record<string, () => Record<string, unknown>> = {
  'like-post': () => ({ social_urn: `urn:li:activity:72500000000${String(n++).padStart(8, '0')}` }),
  'comment-post': () => ({
    social_urn: `urn:li:activity:72500000000${String(n++).padStart(8, '0')}`,
    comment_text: 'Well put.',
  }),
  'send-connection-request': () => ({ profile_urn: `urn:li:fsd_profile:ACoAAByName${n++}` }),
  'fetch-profile': () => ({ profile_slug: `by-name-${n++}` }),
  'search-profiles': () => ({ keywords: 'robotics' }),
};

const queue = (path: string, body: Record<string, unknown>) =>
  svc.call('POST', `/network-agent/${path}`, { headers: team.keyHeaders, body });

async function assignedTo(res: Response): Promise<{ user: string | null; status: string }> {
  expect(res.status, await res.clone().text()).toBe(200);
  const { api_agent_task_id: id } = (await res.json()) as { api_agent_task_id: string };
  const [row] = await svc.ctx.db.query<{ assigned_user_id: string | null; status: string }>(
    'SELECT assigned_user_id, status FROM tasks WHERE id = $1',
    [id],
  );
  return { user: row!.assigned_user_id, status: row!.status };
}

describe('member_email', () => {
  test('routes a like, a comment, an invitation and reads to the member it names', async () => {
    for (const [path, body] of Object.entries(BODIES)) {
      const named = await assignedTo(
        await queue(path, { ...body(), member_email: 'BOB@byname.test' }),
      );
      expect(named, path).toEqual({ user: bob.userId, status: 'pending' });
    }
  });

  test('without it, the spec’s routing is unchanged', async () => {
    for (const path of ['like-post', 'comment-post', 'send-connection-request']) {
      expect((await assignedTo(await queue(path, BODIES[path]!()))).user, path).toBe(ada.userId);
    }
    for (const path of ['fetch-profile', 'search-profiles']) {
      expect((await assignedTo(await queue(path, BODIES[path]!()))).user, path).toBeNull();
    }
  });

  test('an e-mail outside the team is a 404, a malformed one a 400', async () => {
    for (const path of Object.keys(BODIES)) {
      const res = await queue(path, { ...BODIES[path]!(), member_email: 'nobody@byname.test' });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: 'No member with that e-mail in the team' });
    }
    const bad = await queue('like-post', { ...BODIES['like-post']!(), member_email: 'bob' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "Invalid 'member_email': must be the e-mail address of a member of the team",
    });
  });

  test('a member who turned the kind off gets it failed at once, as send-message does', async () => {
    await svc.ctx.db.query(
      "UPDATE memberships SET refused_types = '{agent_like_post}' WHERE user_id = $1",
      [bob.userId],
    );
    const res = await queue('like-post', { ...BODIES['like-post']!(), member_email: bob.email });
    expect(res.status).toBe(200);
    const answer = (await res.clone().json()) as { message: string };
    expect(answer.message).toContain('refused_by_member');
    const [row] = await svc.ctx.db.query<{ status: string; code: string }>(
      "SELECT status, error ->> 'code' AS code FROM tasks WHERE type = 'agent_like_post'",
    );
    expect(row).toEqual({ status: 'failed', code: 'refused_by_member' });
  });
});
