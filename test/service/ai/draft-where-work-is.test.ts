import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  claimTask,
  completeTask,
  insertKeywordWatchlist,
} from '../../support/collection-fixtures.js';
import { type FakeModel, startFakeModel } from '../../support/fake-model.js';
import { keyedApi } from '../../support/relationship-events.js';
import { draftWatchlistComments } from '../../../src/service/watchlists/comment-drafts.js';
import { draftSequenceMessages } from '../../../src/service/sequences/draft-step.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';

/**
 * Drafting where the work is (docs/ai.md) against a fake model: a keyword watchlist with
 * draft_comments drafts a comment on its best new posts, at most its number a day, each awaiting
 * approval; a sequence's message step with a draft holds each person for approval and goes on
 * after it, and a rejection ends the person's step with why.
 */

const ME = 'urn:li:fsd_profile:ACoAAAdaDrafter';
const GRACE = 'urn:li:fsd_profile:ACoAAGraceDraft1';
const ALAN = 'urn:li:fsd_profile:ACoAAAlanDraft01';

let model: FakeModel;
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;
let api: ReturnType<typeof keyedApi>;

beforeAll(async () => {
  model = await startFakeModel();
  svc = await startTestService({
    LLM_API_URL: `${model.url}/v1`,
    OUTBOUND_TIMEOUT_S: '1',
    SEQUENCE_HOUR_S: '1',
  });
});
afterAll(async () => {
  await svc.close();
  await model.close();
});

let teams = 0;
beforeEach(async () => {
  model.reset();
  team = await createAgentTeam(svc, `Drafting ${++teams}`, [
    { email: `ada${teams}@where.test`, role: 'admin', joinedHoursAgo: 48 },
  ]);
  ada = team.members[0]!;
  api = keyedApi(svc, team.keyHeaders);
});

const tasksOf = (type: string) =>
  svc.ctx.db.query<{ id: string; status: string; input: Record<string, unknown> }>(
    'SELECT id, status, input FROM tasks WHERE team_id = $1 AND type = $2 ORDER BY created_at',
    [team.id, type],
  );

async function collectedPost(watchlistId: string, score: number, n: number): Promise<string> {
  const id = crypto.randomUUID();
  await svc.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, posted_at)
     VALUES ($1, $2, $3, 'https://www.linkedin.com/feed/update/x/', $4, 'Grace Hopper', now())`,
    [id, team.id, `urn:li:activity:72${String(teams).padStart(3, '0')}${n}0000000000`, `Post ${n}`],
  );
  await svc.ctx.db.query(
    `INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at, trending_score, first_seen_at)
     VALUES ($1, $2, $3, now(), $4, now())`,
    [watchlistId, id, team.id, score],
  );
  return id;
}

describe('a watchlist that drafts comments', () => {
  test('drafts on its best new posts above the score, at most its number a day, each awaiting approval', async () => {
    const watchlistId = await insertKeywordWatchlist(svc, team.id, ['marine robotics']);
    const old = await collectedPost(watchlistId, 9, 0);
    await svc.ctx.db.query(
      `UPDATE watchlist_posts SET first_seen_at = now() - interval '1 day' WHERE post_id = $1`,
      [old],
    );

    const stranger = await api('PATCH', '/api-keyword-watchlist', {
      id: watchlistId,
      draft_comments: { member_email: 'nobody@where.test' },
    });
    expect(stranger.status).toBe(404);
    const set = await api('PATCH', '/api-keyword-watchlist', {
      id: watchlistId,
      draft_comments: {
        member_email: ada.email,
        instructions: 'Be brief.',
        min_trending_score: 2,
        max_per_day: 2,
      },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.draft_comments).toEqual({
      member_email: ada.email,
      instructions: 'Be brief.',
      min_trending_score: 2,
      max_per_day: 2,
    });
    const view = await api('GET', `/api-keyword-watchlist?id=${watchlistId}`);
    expect(view.body.draft_comments).toEqual(set.body.draft_comments);

    const best = await collectedPost(watchlistId, 7, 1);
    const second = await collectedPost(watchlistId, 3, 2);
    await collectedPost(watchlistId, 2.5, 3);
    await collectedPost(watchlistId, 1, 4);
    model.answer({ text: 'Great work on this!' });

    expect(await draftWatchlistComments(svc.ctx)).toBe(2);
    // The day's number is reached: later runs draft nothing more today.
    expect(await draftWatchlistComments(svc.ctx)).toBe(0);
    expect(model.requests).toHaveLength(2);
    expect(model.chats()[0]!.messages[1]!.content).toContain('Be brief.');

    const drafts = await tasksOf('agent_comment_post');
    expect(drafts.map((t) => t.status)).toEqual(['awaiting_approval', 'awaiting_approval']);
    const [bestUrn, secondUrn] = await Promise.all(
      [best, second].map(
        async (id) =>
          (
            await svc.ctx.db.query<{ activity_urn: string }>(
              'SELECT activity_urn FROM posts WHERE id = $1',
              [id],
            )
          )[0]!.activity_urn,
      ),
    );
    expect(drafts.map((t) => t.input.social_urn)).toEqual([bestUrn, secondUrn]);
    expect(drafts[0]!.input.comment_text).toBe('Great work on this!');

    // Yesterday's drafts do not count against today.
    await svc.ctx.db.query(
      `UPDATE watchlist_comment_drafts SET created_at = now() - interval '1 day' WHERE watchlist_id = $1`,
      [watchlistId],
    );
    expect(await draftWatchlistComments(svc.ctx)).toBe(1);
    expect(await tasksOf('agent_comment_post')).toHaveLength(3);

    // Turned off: nothing more.
    await collectedPost(watchlistId, 50, 5);
    const off = await api('PATCH', '/api-keyword-watchlist', {
      id: watchlistId,
      draft_comments: null,
    });
    expect(off.status).toBe(200);
    expect(await draftWatchlistComments(svc.ctx)).toBe(0);
  });
});

describe('a sequence step drafted per person', () => {
  async function draftedSequence(people: string[]): Promise<string> {
    for (const p of people)
      await svc.ctx.db.query(
        `INSERT INTO member_connections (team_id, user_id, profile_urn, connected_at) VALUES ($1, $2, $3, now())`,
        [team.id, ada.userId, p],
      );
    const seq = await api('POST', '/api-sequences', {
      name: `Drafted ${teams}`,
      steps: [{ type: 'message', draft: { instructions: 'Invite them to our meetup.' } }],
    });
    expect(seq.status, JSON.stringify(seq.body)).toBe(201);
    await api('POST', `/api-sequences/${seq.body.id}/enrollments`, { profiles: people });
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET accepted_at = now(), profile_urn = profile_input WHERE sequence_id = $1`,
      [seq.body.id],
    );
    // The read of the conversations before the message.
    await advanceSequences(svc.ctx);
    for (let t = await claimTask(svc, ada); t; t = await claimTask(svc, ada))
      await completeTask(svc, ada, t, { conversations: [] });
    await advanceSequences(svc.ctx);
    return seq.body.id;
  }
  const enrollments = async (id: string) =>
    (await api('GET', `/api-sequences/${id}/enrollments`)).body.enrollments as any[];

  test('the draft holds the person for approval; approved, the message goes and the sequence goes on', async () => {
    const id = await draftedSequence([GRACE]);
    expect((await enrollments(id))[0].waiting_reason).toMatch(/drafting/);
    model.answer({ text: 'Hi Grace, join our meetup on the 3rd?' });
    expect(await draftSequenceMessages(svc.ctx)).toBe(1);
    expect(await draftSequenceMessages(svc.ctx)).toBe(0);
    expect(model.requests).toHaveLength(1);

    const [draft] = await tasksOf('agent_send_message');
    expect(draft).toMatchObject({
      status: 'awaiting_approval',
      input: { profile_urn: GRACE, message_text: 'Hi Grace, join our meetup on the 3rd?' },
    });
    // Nothing to claim, and the engine waits, until a person approves.
    await advanceSequences(svc.ctx);
    expect(await claimTask(svc, ada)).toBeNull();
    const held = (await enrollments(id))[0];
    expect(held.state).toBe('active');
    expect(held.waiting_reason).toMatch(/awaits the approval/);

    const ok = await svc.call('POST', `/api-approvals/${draft!.id}/approve`, {
      body: {},
      headers: ada.agentHeaders,
    });
    expect(ok.status).toBe(200);
    const send = await claimTask(svc, ada);
    expect(send?.type).toBe('agent_send_message');
    await completeTask(svc, ada, send!, {
      sent: true,
      conversation_urn: `urn:li:msg_conversation:(${ME},2-grace)`,
      delivered_at: new Date().toISOString(),
    });
    await advanceSequences(svc.ctx);
    const done = (await enrollments(id))[0];
    expect(done.state).toBe('finished');
    expect((await api('GET', `/api-sequences/${id}`)).body.funnel.messaged).toBe(1);
  });

  test('a rejected draft ends the person’s step with why', async () => {
    const id = await draftedSequence([ALAN]);
    await draftSequenceMessages(svc.ctx);
    const [draft] = await tasksOf('agent_send_message');
    const no = await svc.call('POST', `/api-approvals/${draft!.id}/reject`, {
      body: {},
      headers: ada.agentHeaders,
    });
    expect(no.status).toBe(200);
    await advanceSequences(svc.ctx);
    const ended = (await enrollments(id))[0];
    expect(ended.state).toBe('failed');
    expect(ended.error).toMatch(/rejected_by_member/);
  });

  test('a step needs text or a draft, not both', async () => {
    const both = await api('POST', '/api-sequences', {
      name: 'Both',
      steps: [{ type: 'message', text: 'Hi', draft: { instructions: 'x' } }],
    });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe("A 'message' step needs 'text' or 'draft' (one of them)");
  });
});
