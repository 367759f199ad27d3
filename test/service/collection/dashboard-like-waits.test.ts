import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createEngagements } from '../../../src/dashboard/engagement.js';
import { followTasks } from '../../../src/dashboard/followed-tasks.js';
import type { Session } from '../../../src/dashboard/session.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';

/**
 * A like the dashboard queues on a spent budget waits, and its card says why at once. The live
 * stream's "tasks changed" for it can arrive before the like's own answer, when the card does not
 * know the task yet, and a waiting task changes no more: so the card asks for the task's state
 * itself once it has its id. The dashboard's code, against the real service (its fetch answered by
 * the service's app).
 */
let svc: TestService;
let team: AgentTeam;
let session: Session;
/** While set, every task status answer waits for it. */
let heldStatus: Promise<void> | null = null;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Waiters', [{ email: 'ada@waits.test', role: 'admin' }]);
  const ada = team.member('ada@waits.test');
  session = {
    user: { id: ada.userId, full_name: 'Ada', email: ada.email },
    team: { id: team.id, name: 'Waiters', api_key: team.apiKey },
    agent_token: ada.token,
    role: 'admin',
  };
  await svc.ctx.db.query(`UPDATE teams SET budgets = $2::jsonb WHERE id = $1`, [
    team.id,
    JSON.stringify({ agent_like_post: { per_day: 0, per_week: 0 } }),
  ]);
  vi.stubGlobal('location', { origin: 'http://service.test' });
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    const res = await svc.app.request(url.href, init);
    // A status answer held back: written as the task was, read after later answers.
    if (heldStatus && url.pathname === '/network-agent/get-task-status') await heldStatus;
    return res;
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await svc.close();
});

async function insertPost(): Promise<string> {
  const id = crypto.randomUUID();
  const urn = `urn:li:activity:73${Date.now()}`;
  await svc.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, posted_at) VALUES ($1, $2, $3, $4, 'a post', now())`,
    [id, team.id, urn, `https://www.linkedin.com/feed/update/${urn}/`],
  );
  return id;
}

/** A like queued through the API, and a follow-through panel's list that follows nothing yet. */
async function followQueuedLike() {
  const res = await svc.call('POST', '/api-like', {
    body: { post_id: await insertPost(), user_email: session.user.email },
    headers: { 'x-api-key': team.apiKey },
  });
  const { task_id } = (await res.json()) as { task_id: string };
  const followed = followTasks(() => {});
  followed.start(session);
  return { task_id, followed };
}

test('a like queued on a spent budget says why it waits, with no stream event after it', async () => {
  const postId = await insertPost();
  const engagements = createEngagements(() => {});
  engagements.start(session);
  await engagements.like(postId, { actor_type: 'user' });
  const [like] = engagements.of(postId);
  expect(like).toMatchObject({ kind: 'like', status: 'pending' });
  await expect.poll(() => engagements.of(postId)[0]?.waiting?.reason).toMatch(/budget of likes/);
});

test('a followed task says why it waits as soon as it is added', async () => {
  const { task_id, followed } = await followQueuedLike();
  followed.add(task_id);
  await expect.poll(() => followed.get(task_id)?.waiting?.reason).toMatch(/budget of likes/);
});

test('a status answer older than the end of a followed task does not undo it', async () => {
  const { task_id, followed } = await followQueuedLike();
  let release!: () => void;
  heldStatus = new Promise((r) => (release = r));
  // Its own look, answered "waits", is held back; the task then ends, and the stream's look says so.
  followed.add(task_id);
  await new Promise((r) => setTimeout(r, 200));
  heldStatus = null;
  await svc.ctx.db.query(
    `UPDATE tasks SET status = 'completed', output = '{"liked":true}' WHERE id = $1`,
    [task_id],
  );
  await followed.refresh();
  expect(followed.get(task_id)?.status).toBe('completed');
  release();
  await new Promise((r) => setTimeout(r, 200));
  expect(followed.get(task_id)).toMatchObject({ status: 'completed', waiting: null });
});
