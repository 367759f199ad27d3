import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask } from '../../support/collection-fixtures.js';
import { engineerProfile } from '../../support/profile-output.js';
import { addToList } from '../../../src/service/outreach/list-store.js';
import { refusalFor } from '../../../src/service/outreach/refusal.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';

/**
 * The outreach checks where an invitation, a message or a comment is queued (docs/team-pool.md):
 * the do-not-contact list (people and their current companies) and the team's contact window.
 */
let svc: TestService;
let acme: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;
let carl: TeamMember;

const GRACE = 'urn:li:fsd_profile:ACoAAGraceHop01';
const ALAN = 'urn:li:fsd_profile:ACoAAAlanTur01';
const LIN = 'urn:li:fsd_profile:ACoAALinClark1';
const KAY = 'urn:li:fsd_profile:ACoAAKayMcNul1';
const POST = 'urn:li:activity:7250000000000000077';

beforeAll(async () => {
  svc = await startTestService();
  acme = await createAgentTeam(svc, 'Acme', [
    { email: 'ada@pool.test', role: 'admin', joinedHoursAgo: 100 },
    { email: 'bob@pool.test' },
    { email: 'carl@pool.test' },
  ]);
  ada = acme.member('ada@pool.test');
  bob = acme.member('bob@pool.test');
  carl = acme.member('carl@pool.test');
});
afterAll(() => svc.close());

/** With the key alone, or with the key and `by`'s agent token (a signed-in member, who may force). */
const invite = (profile_urn: string, extra: Record<string, unknown> = {}, by?: TeamMember) =>
  svc.call('POST', '/network-agent/send-connection-request', {
    headers: by ? by.agentHeaders : acme.keyHeaders,
    body: { profile_urn, ...extra },
  });
const message = (
  member: TeamMember,
  profile_urn: string,
  extra: Record<string, unknown> = {},
  by?: TeamMember,
) =>
  svc.call('POST', '/network-agent/send-message', {
    headers: by ? by.agentHeaders : acme.keyHeaders,
    body: { member_email: member.email, profile_urn, message_text: 'Hello', ...extra },
  });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

/**
 * A task queued for `member` as a sequence would, dated `daysAgo`. An invitation was sent and has
 * expired since, so that only the contact window speaks (a pending one refuses on its own:
 * pending-invitation.test.ts).
 */
async function contacted(member: TeamMember, type: string, urn: string, daysAgo: number) {
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: acme.id,
    type: type as 'agent_connection_request',
    input: { task_type: type, profile_urn: urn, message_text: 'Hi' },
    assignedUserId: member.userId,
    queuedBy: { kind: 'sequence' },
  });
  await svc.ctx.db.query(
    `UPDATE contact_events SET at = now() - make_interval(days => $2) WHERE task_id = $1`,
    [task!.id, daysAgo],
  );
  if (type === 'agent_connection_request') {
    await svc.ctx.db.query(`UPDATE tasks SET status = 'completed' WHERE id = $1`, [task!.id]);
    await svc.ctx.db.query(
      `INSERT INTO sent_invitations (id, team_id, user_id, profile_urn, task_id, state)
       VALUES ($1, $2, $3, $4, $5, 'expired')`,
      [crypto.randomUUID(), acme.id, member.userId, urn, task!.id],
    );
  }
  return task!.id;
}

describe('the do-not-contact list where actions are queued', () => {
  it('refuses an invitation, a message and a comment for a listed person with a 409 naming the list', async () => {
    await addToList(
      svc.ctx.db,
      acme.id,
      [
        {
          kind: 'person',
          value: 'https://www.linkedin.com/in/ACoAAGraceHop01/',
          reason: 'customer',
        },
      ],
      'ada@pool.test',
    );
    const res = await invite(GRACE);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error).toContain('do-not-contact');
    expect(error).toContain('customer');
    expect((await message(bob, GRACE)).status).toBe(409);
    // force never passes the list (a signed-in member's; the key alone may not force at all).
    const forced = await invite(GRACE, { force: true }, ada);
    expect(forced.status).toBe(409);
    expect(await errorOf(forced)).toContain('do-not-contact');
    const none = await svc.ctx.db.query(
      `SELECT 1 FROM tasks WHERE team_id = $1 AND input ->> 'profile_urn' = $2`,
      [acme.id, GRACE],
    );
    expect(none).toHaveLength(0);

    // A comment on a post whose author is listed by slug.
    await svc.ctx.db.query(
      `INSERT INTO posts (id, team_id, activity_urn, post_url, author_name, author_url, author_slug, posted_at)
       VALUES ($1, $2, $3, 'https://www.linkedin.com/feed/update/x', 'Lin Clark', 'https://www.linkedin.com/in/lin-clark/', 'lin-clark', now())`,
      [crypto.randomUUID(), acme.id, POST],
    );
    const comment = () =>
      svc.call('POST', '/network-agent/comment-post', {
        headers: acme.keyHeaders,
        body: { social_urn: POST, comment_text: 'Nice' },
      });
    expect((await comment()).status).toBe(200);
    await addToList(svc.ctx.db, acme.id, [{ kind: 'person', value: 'lin-clark' }], null);
    const refused = await comment();
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toContain('do-not-contact');
  });

  it('matches a person listed by slug once a profile read tells their URN', async () => {
    await addToList(svc.ctx.db, acme.id, [{ kind: 'person', value: 'alan-turing' }], null);
    expect(
      await refusalFor(svc.ctx.db, acme.id, { profileUrn: ALAN }, { kind: 'invitation' }),
    ).toBeNull();
    await readProfile(carl, ALAN, 'alan-turing', 'Alan Turing', 'Bletchley Park');
    const refusal = await refusalFor(
      svc.ctx.db,
      acme.id,
      { profileUrn: ALAN },
      { kind: 'invitation' },
    );
    expect(refusal?.code).toBe('do_not_contact');
  });

  it('blocks the current employees of a listed company, as the team knows them', async () => {
    await readProfile(carl, KAY, 'kay-mcnulty', 'Kay McNulty', 'Globex Corporation');
    expect((await invite(KAY)).status).toBe(200);
    await addToList(
      svc.ctx.db,
      acme.id,
      [{ kind: 'company', value: 'https://www.linkedin.com/company/globex-corporation/' }],
      'bob@pool.test',
    );
    const res = await message(bob, KAY, { force: true }, bob);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error).toContain('do-not-contact');
    expect(error).toContain('globex-corporation');
  });
});

describe('enrollment in a sequence', () => {
  it('skips a listed person with the list named as the reason', async () => {
    const created = await svc.call('POST', '/api-sequences', {
      headers: acme.keyHeaders,
      body: { name: 'Pool', steps: [{ type: 'visit' }] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const res = await svc.call('POST', `/api-sequences/${id}/enrollments`, {
      headers: acme.keyHeaders,
      body: { profiles: [GRACE, 'someone-else'] },
    });
    const body = (await res.json()) as {
      enrolled: number;
      skipped: { profile: string; reason: string }[];
    };
    expect(body.enrolled).toBe(1);
    expect(body.skipped).toHaveLength(1);
    expect(body.skipped[0]?.profile).toBe(GRACE);
    expect(body.skipped[0]?.reason).toContain('do-not-contact');
  });
});

/** Runs a profile read as `member`, as a sequence's visit or fetch-profile would. */
async function readProfile(
  member: TeamMember,
  urn: string,
  slug: string,
  name: string,
  company: string,
) {
  const res = await svc.call('POST', '/network-agent/fetch-profile', {
    headers: acme.keyHeaders,
    body: { profile_slug: slug },
  });
  expect(res.status).toBe(200);
  const task = await claimTask(svc, member);
  expect(task?.type).toBe('agent_profile_fetch');
  await completeTask(svc, member, task!, engineerProfile(urn, slug, name, company));
}

describe('nobody contacted twice by the team', () => {
  it('refuses a person another member invited last week, naming them and the day; force passes', async () => {
    const taskId = await contacted(bob, 'agent_connection_request', LIN, 6);
    const res = await invite(LIN);
    expect(res.status).toBe(409);
    const day = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    expect(await errorOf(res)).toContain(`contacted by bob@pool.test on ${day}`);
    // A first message from carl too; bob himself may go on.
    expect(await errorOf(await message(carl, LIN))).toContain('contacted by bob@pool.test');
    expect((await message(bob, LIN)).status).toBe(200);

    const forced = await invite(LIN, { force: true }, ada);
    expect(forced.status).toBe(200);
    const [row] = await svc.ctx.db.query<{
      input: Record<string, unknown>;
      assigned_user_id: string;
    }>('SELECT input, assigned_user_id FROM tasks WHERE id = $1', [
      ((await forced.json()) as { api_agent_task_id: string }).api_agent_task_id,
    ]);
    expect(row?.input).not.toHaveProperty('force');
    expect(row?.assigned_user_id).toBe(ada.userId);
    expect(taskId).toBeTruthy();
  });

  it('forgets contacts older than the window, a failed task, and a window of 0', async () => {
    const old = 'urn:li:fsd_profile:ACoAAOldContact1';
    await contacted(bob, 'agent_connection_request', old, 31);
    expect((await invite(old)).status).toBe(200);

    const failed = 'urn:li:fsd_profile:ACoAAFailedOne1';
    const id = await contacted(bob, 'agent_connection_request', failed, 1);
    await svc.ctx.db.query(`UPDATE tasks SET status = 'failed' WHERE id = $1`, [id]);
    expect((await invite(failed)).status).toBe(200);

    const fresh = 'urn:li:fsd_profile:ACoAAFreshOne01';
    await contacted(bob, 'agent_send_message', fresh, 1);
    expect((await invite(fresh)).status).toBe(409);
    await svc.ctx.db.query('UPDATE teams SET contact_window_days = 0 WHERE id = $1', [acme.id]);
    expect((await invite(fresh)).status).toBe(200);
    await svc.ctx.db.query('UPDATE teams SET contact_window_days = 30 WHERE id = $1', [acme.id]);
  });

  it('answers a wrong force with a 400', async () => {
    const res = await invite(LIN, { force: 'yes' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("Invalid 'force': must be true or false");
  });
});
