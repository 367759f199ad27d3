import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  claimTask,
  completeTask,
  insertKeywordWatchlist,
  networkPost,
  runAllTasks,
} from '../../support/collection-fixtures.js';
import { schedulerTick } from '../../../src/service/scheduler/index.js';
import type { TaskListResponse, TaskSummary } from '../../../src/contract/task-list.js';
import { profileOutput } from '../../support/profile-output.js';

/**
 * GET /api-tasks as the dashboard reads it: each task's target in words (the profile,
 * post, company, keyword it acts on; never a bare id), its watchlist, the company page it acts as,
 * and the members' names.
 */

let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Listers', [
    { email: 'ada@list.test', role: 'admin' },
    { email: 'grace@list.test', role: 'member' },
  ]);
  ada = team.member('ada@list.test');
  await svc.ctx.db.query(
    `UPDATE users SET full_name = 'Ada Lovelace' WHERE email = 'ada@list.test'`,
  );
  await svc.ctx.db.query(`UPDATE users SET full_name = '' WHERE email = 'grace@list.test'`);
});
afterAll(() => svc.close());

async function tasks(): Promise<TaskSummary[]> {
  const res = await svc.call('GET', '/api-tasks?limit=200', { headers: team.keyHeaders });
  expect(res.status).toBe(200);
  return ((await res.json()) as TaskListResponse).tasks;
}
async function create(op: string, body: unknown): Promise<string> {
  const res = await svc.call('POST', `/network-agent/${op}`, { body, headers: team.keyHeaders });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;
}
const byId = (list: TaskSummary[], id: string) => list.find((t) => t.id === id)!;

describe('GET /api-tasks: targets, watchlists and members in words', () => {
  test('collection, like and comment on a collected post (as the member and as a page), network operations', async () => {
    const watchlist = await insertKeywordWatchlist(
      svc,
      team.id,
      [{ keyword: 'robots', required: ['arms'], excluded: ['toys'] }],
      { name: 'Robotics' },
    );
    await schedulerTick(svc.ctx);
    const post = networkPost({
      content:
        'Robot arms in   every warehouse: what we learned shipping two thousand of them to customers this year',
      post_author: {
        author_slug: 'alan-turing',
        author_type: 'person',
        full_name: 'Alan Turing',
        headline: 'CTO',
        image_url: null,
      },
    });
    const [collection] = await runAllTasks(svc, ada, () => ({ posts: [post] }));
    const posts = await svc.call('GET', `/api-posts?watchlist_id=${watchlist}`, {
      headers: team.keyHeaders,
    });
    const postId = ((await posts.json()) as { data: { id: string }[] }).data[0]!.id;

    const like = await svc.call('POST', '/api-like', {
      body: { post_id: postId, user_email: 'ada@list.test' },
      headers: team.keyHeaders,
    });
    const likeId = ((await like.json()) as { task_id: string }).task_id;
    const comment = await svc.call('POST', '/api-comment', {
      body: {
        post_id: postId,
        user_email: 'grace@list.test',
        comment_text: 'Great read!',
        actor_type: 'company',
        company_title: 'Acme Robotics',
      },
      headers: team.keyHeaders,
    });
    const commentId = ((await comment.json()) as { task_id: string }).task_id;
    const profile = await create('fetch-profile', {
      profile_slug: 'https://www.linkedin.com/in/grace-hopper/',
    });
    const message = await create('send-message', {
      profile_urn: 'urn:li:fsd_profile:ACoAAB1234567',
      message_text: 'Shall we meet on Tuesday?',
    });
    const company = await create('fetch-company-posts', { company: 'acme-robotics', count: 5 });
    const search = await create('search-profiles', { keywords: 'robotics', location: 'Berlin' });
    const connections = await create('fetch-connections', { count: 100 });

    // The profile fetch completes: the list names the profile it read.
    for (let t = await claimTask(svc, ada); t; t = await claimTask(svc, ada)) {
      if (t.id !== profile) continue;
      await completeTask(
        svc,
        ada,
        t,
        profileOutput({
          profile_urn: 'urn:li:fsd_profile:ACoAAGrace',
          public_identifier: 'grace-hopper',
          name: 'Grace Hopper',
        }),
      );
    }

    const list = await tasks();
    expect(byId(list, collection!.id)).toMatchObject({
      type: 'agent_keyword_tracking',
      target: { kind: 'keyword', label: '“robots” + arms − toys', url: null, post_id: null },
      watchlist: { id: watchlist, name: 'Robotics' },
      as_company: null,
      claimed_by_email: 'ada@list.test',
      claimed_by_name: 'Ada Lovelace',
    });
    expect(byId(list, likeId)).toMatchObject({
      type: 'agent_like_post',
      target: {
        kind: 'post',
        label: 'Alan Turing’s post “Robot arms in every warehouse: what we learned shipping two…”',
        url: post.linkedin_post_url,
        post_id: postId,
      },
      watchlist: null,
      as_company: null,
      assigned_email: 'ada@list.test',
      assigned_name: 'Ada Lovelace',
    });
    expect(byId(list, commentId)).toMatchObject({
      target: {
        kind: 'post',
        post_id: postId,
        label: expect.stringMatching(/^Alan Turing’s post “Robot arms.*”, saying “Great read!”$/),
      },
      as_company: 'Acme Robotics',
      assigned_email: 'grace@list.test',
      // No name given at sign-in: none, not an empty string.
      assigned_name: null,
    });
    expect(byId(list, profile).target).toEqual({
      kind: 'profile',
      label: 'Grace Hopper',
      url: 'https://www.linkedin.com/in/grace-hopper/',
      post_id: null,
    });
    // Known only by its URN: "a profile", with a link, never the id as its name.
    expect(byId(list, message).target).toEqual({
      kind: 'profile',
      label: 'a profile: “Shall we meet on Tuesday?”',
      url: 'https://www.linkedin.com/in/ACoAAB1234567/',
      post_id: null,
    });
    expect(byId(list, company).target).toEqual({
      kind: 'company',
      label: 'acme-robotics',
      url: 'https://www.linkedin.com/company/acme-robotics/',
      post_id: null,
    });
    expect(byId(list, search).target).toEqual({
      kind: 'search',
      label: 'robotics, Berlin',
      url: null,
      post_id: null,
    });
    expect(byId(list, connections).target).toEqual({
      kind: 'connections',
      label: 'up to 100 connections',
      url: null,
      post_id: null,
    });
    for (const t of list)
      expect(t.target.label).not.toMatch(/ACoA|urn:li:|[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  test('a like of a post the team never collected (network-agent/like-post) still says "a post", with its link', async () => {
    const id = await create('like-post', { social_urn: 'urn:li:activity:7123456789012345678' });
    expect(byId(await tasks(), id).target).toEqual({
      kind: 'post',
      label: 'a post',
      url: 'https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/',
      post_id: null,
    });
  });
});
