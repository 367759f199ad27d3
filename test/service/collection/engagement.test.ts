import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, taskRow, type AgentTeam } from '../../support/task-team.js';
import { claimTask, completeTask, getPosts } from '../../support/collection-fixtures.js';

let svc: TestService;
let team: AgentTeam;
let other: AgentTeam;
let postId: string;
let postUrn: string;
let otherPostId: string;

async function insertPost(teamId: string, urn: string): Promise<string> {
  const id = crypto.randomUUID();
  await svc.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, posted_at) VALUES ($1, $2, $3, $4, 'a post', now())`,
    [id, teamId, urn, `https://www.linkedin.com/feed/update/${urn}/`],
  );
  return id;
}

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Engagers', [
    { email: 'ada@engage.test', role: 'admin' },
    { email: 'bob@engage.test', role: 'member' },
  ]);
  other = await createAgentTeam(svc, 'Elsewhere', [{ email: 'eve@engage.test', role: 'admin' }]);
  postUrn = 'urn:li:activity:7300000000000000001';
  postId = await insertPost(team.id, postUrn);
  otherPostId = await insertPost(other.id, 'urn:li:activity:7300000000000000002');
});
afterAll(() => svc.close());

const like = (body: unknown, apiKey = team.apiKey) =>
  svc.call('POST', '/api-like', { body, headers: { 'x-api-key': apiKey } });
const comment = (body: unknown, apiKey = team.apiKey) =>
  svc.call('POST', '/api-comment', { body, headers: { 'x-api-key': apiKey } });
const taskInput = async (id: string) =>
  (
    await svc.ctx.db.query<{ type: string; input: Record<string, unknown> }>(
      'SELECT type, input FROM tasks WHERE id = $1',
      [id],
    )
  )[0]!;
const post = async () => (await getPosts(svc, team.apiKey)).body.data.find((p) => p.id === postId)!;

describe('POST /api-like', () => {
  test('queues agent_like_post for the named member; the post shows liked once the task completes', async () => {
    const res = await like({ post_id: postId, user_email: 'BOB@engage.test' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; message: string; task_id: string };
    expect(body).toMatchObject({ success: true, message: 'Like queued as bob@engage.test' });
    expect(await taskInput(body.task_id)).toEqual({
      type: 'agent_like_post',
      input: {
        task_type: 'agent_like_post',
        social_urn: postUrn,
        actor_type: 'user',
        post_id: postId,
      },
    });
    expect((await taskRow(svc, body.task_id)).assigned_user_id).toBe(
      team.member('bob@engage.test').userId,
    );
    expect(await post()).toMatchObject({ liked: false, commented: false });

    // Assigned to bob: ada's agent does not get it; bob's does.
    expect(await claimTask(svc, team.member('ada@engage.test'))).toBeNull();
    const claimed = await claimTask(svc, team.member('bob@engage.test'));
    expect(claimed?.id).toBe(body.task_id);
    await completeTask(svc, team.member('bob@engage.test'), claimed!, { liked: true });
    expect(await post()).toMatchObject({ liked: true, commented: false });
  });

  test('actor_type company with company_title acts as that page; without the title: 400', async () => {
    const res = await like({
      post_id: postId,
      user_email: 'ada@engage.test',
      actor_type: 'company',
      company_title: 'Acme Inc',
    });
    expect(res.status).toBe(200);
    const { task_id } = (await res.json()) as { task_id: string };
    expect((await taskInput(task_id)).input).toMatchObject({
      actor_type: 'company',
      company_title: 'Acme Inc',
      social_urn: postUrn,
    });

    const missing = await like({
      post_id: postId,
      user_email: 'ada@engage.test',
      actor_type: 'company',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: "Missing or invalid 'company_title' (required when actor_type is 'company')",
    });
  });

  test.each([
    [{}, "Missing or invalid 'post_id'"],
    [{ post_id: 5, user_email: 'ada@engage.test' }, "Missing or invalid 'post_id'"],
    [{ post_id: 'x' }, "Missing or invalid 'user_email'"],
    [
      { post_id: 'x', user_email: 'ada@engage.test', actor_type: 'robot' },
      "Invalid 'actor_type': must be 'user' or 'company'",
    ],
    [
      { post_id: 'x', user_email: 'ada@engage.test', reaction: 'LIKE' },
      "Unknown field: 'reaction'",
    ],
  ])('bad body %j -> 400 %s', async (body, error) => {
    const res = await like(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  });

  test('malformed JSON -> 400, never 500', async () => {
    const res = await svc.call('POST', '/api-like', {
      body: '{nope',
      headers: { 'x-api-key': team.apiKey },
    });
    expect(res.status).toBe(400);
  });

  test('unknown post, another team’s post or a malformed id: 404 Post not found or access denied', async () => {
    for (const id of [crypto.randomUUID(), otherPostId, 'abc']) {
      const res = await like({ post_id: id, user_email: 'ada@engage.test' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Post not found or access denied' });
    }
  });

  test('a user_email that is not a member of the team: 404 User not found in the team', async () => {
    for (const email of ['nobody@engage.test', 'eve@engage.test']) {
      const res = await like({ post_id: postId, user_email: email });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'User not found in the team' });
    }
  });

  test('401 without or with a wrong API key', async () => {
    const missing = await svc.call('POST', '/api-like', {
      body: { post_id: postId, user_email: 'ada@engage.test' },
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'Missing API Key' });
    const wrong = await like(
      { post_id: postId, user_email: 'ada@engage.test' },
      'nak_notarealkeynotarealkeynotareal',
    );
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid API Key' });
  });

  test('48-hour rule: 403 Plugin installation required, no task queued', async () => {
    const idle = await createAgentTeam(svc, 'Idle', [
      { email: 'zed@engage.test', role: 'admin', activeHoursAgo: 49 },
    ]);
    const idlePost = await insertPost(idle.id, 'urn:li:activity:7300000000000000003');
    const res = await like({ post_id: idlePost, user_email: 'zed@engage.test' }, idle.apiKey);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^Plugin installation required: .*48 hours/,
    );
    expect(
      await svc.ctx.db.query('SELECT 1 FROM tasks WHERE team_id = $1', [idle.id]),
    ).toHaveLength(0);
  });
});

describe('POST /api-comment', () => {
  test('queues agent_comment_post with the text; the post shows commented once the task completes', async () => {
    const res = await comment({
      post_id: postId,
      user_email: 'ada@engage.test',
      comment_text: '  Great point!  ',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; message: string; task_id: string };
    expect(body).toMatchObject({ success: true, message: 'Comment queued as ada@engage.test' });
    expect((await taskInput(body.task_id)).input).toEqual({
      task_type: 'agent_comment_post',
      social_urn: postUrn,
      comment_text: 'Great point!',
      actor_type: 'user',
      post_id: postId,
    });
    const ada = team.member('ada@engage.test');
    // Leftover like tasks from the tests above are ada's too: run them all, answering each by type.
    for (let t = await claimTask(svc, ada); t; t = await claimTask(svc, ada)) {
      await completeTask(
        svc,
        ada,
        t,
        t.type === 'agent_comment_post' ? { commented: true } : { liked: true },
      );
    }
    expect(await post()).toMatchObject({ commented: true });
  });

  test('a failed comment task leaves the post not commented', async () => {
    const fresh = await insertPost(team.id, 'urn:li:activity:7300000000000000009');
    const res = await comment({
      post_id: fresh,
      user_email: 'ada@engage.test',
      comment_text: 'hi',
    });
    const { task_id } = (await res.json()) as { task_id: string };
    const ada = team.member('ada@engage.test');
    const t = (await claimTask(svc, ada))!;
    expect(t.id).toBe(task_id);
    const fail = await svc.call('POST', `/agent/tasks/${t.id}/fail`, {
      headers: ada.agentHeaders,
      body: {
        attempt: t.attempt,
        error: { code: 'not_found', message: 'post deleted', retryable: false },
      },
    });
    expect(fail.status).toBe(200);
    const rows = await svc.ctx.db.query<{ commented: boolean }>(
      'SELECT commented FROM posts WHERE id = $1',
      [fresh],
    );
    expect(rows[0]!.commented).toBe(false);
  });

  test.each([
    [{ post_id: 'x', user_email: 'ada@engage.test' }, "Missing or invalid 'comment_text'"],
    [
      { post_id: 'x', user_email: 'ada@engage.test', comment_text: '   ' },
      "Missing or invalid 'comment_text'",
    ],
    [
      { post_id: 'x', user_email: 'ada@engage.test', comment_text: 3 },
      "Missing or invalid 'comment_text'",
    ],
  ])('bad body %j -> 400 %s', async (body, error) => {
    const res = await comment(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  });

  test('404s as for likes', async () => {
    const noPost = await comment({
      post_id: otherPostId,
      user_email: 'ada@engage.test',
      comment_text: 'x',
    });
    expect(noPost.status).toBe(404);
    expect(await noPost.json()).toEqual({ error: 'Post not found or access denied' });
    const noUser = await comment({
      post_id: postId,
      user_email: 'ghost@engage.test',
      comment_text: 'x',
    });
    expect(noUser.status).toBe(404);
    expect(await noUser.json()).toEqual({ error: 'User not found in the team' });
  });
});
