import { expect, test } from '@playwright/test';
import type { FakeVoice } from '../fake-network/server.js';
import { startLocalHttpServer, type LocalHttpServer } from '../support/local-http.js';
import { verifyWebhook } from '../support/webhook-signature.js';
import {
  serviceCall,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';

/**
 * A two-person sequence end to end: created and enrolled through the
 * public API, every step run by the real extension in Chromium against the fake network, the
 * relationship sync run by the service's own background jobs. Alan accepts, is messaged with his
 * first name, his latest post is liked, he replies, and the follow-up never goes out; Katherine
 * never accepts and her invitation is withdrawn after max_days. `connection.accepted` and
 * `message.received` reach a local receiver, signed. Time is shortened by the service's settings
 * only: an hour of a sequence is 1 s (a day 24 s), each member is synced every 2 s.
 */

const ADMIN = 'grace@example.com';
const VOICE: FakeVoice = 'sdui_2026';
const SETTINGS = {
  SEQUENCE_HOUR_S: '1',
  RELATIONSHIP_SYNC_INTERVAL_S: '2',
  ALLOW_PRIVATE_FETCH: '1',
};
/**
 * The follow-up's delay (20 s here): ample time for the sync to read the reply first, and due about
 * when Katherine's day runs out, so the test outlasts it at no cost.
 */
const FOLLOW_UP_HOURS = 20;

let world: AgentWorld;
let receiver: LocalHttpServer;

test.beforeAll(async () => {
  world = await startAgentWorld('sequence', VOICE, SETTINGS);
  receiver = await startLocalHttpServer((_req, res) => res.writeHead(200).end('ok'));
});
test.afterAll(async () => {
  await receiver?.close();
  await world?.stop();
});

test('a two-person sequence: one accepts, is messaged by name and replies; the other is withdrawn after max_days', {
  tag: '@database',
}, async () => {
  test.setTimeout(150_000);
  const { fake } = world;
  const creds = await signInThroughPopup(
    world.popup,
    world.browser.context,
    world.service.outboxDir,
    ADMIN,
    'Grace Hopper',
    { pace: 'fast' },
  );
  // The team's key, and the admin's own token for the webhook (docs/webhooks.md).
  const call = (method: string, path: string, body?: unknown) =>
    serviceCall(
      method,
      path,
      { 'x-api-key': creds.api_key, authorization: `Bearer ${creds.agent_token}` },
      body,
    );
  const urnOf = (slug: string) =>
    `urn:li:fsd_profile:${fake.dataset.profiles.find((p) => p.slug === slug)!.id}`;
  const ALAN = urnOf('alan-turing');
  const KATHERINE = urnOf('katherine-johnson');

  const hook = await call('POST', '/api-webhooks', {
    url: `${receiver.url}/hook`,
    events: ['connection.accepted', 'message.received'],
  });
  expect(hook.status).toBe(201);
  const secret = hook.body.secret as string;

  const created = await call('POST', '/api-sequences', {
    name: 'Pioneers',
    steps: [
      { type: 'visit' },
      {
        type: 'connection_request',
        note: 'Hi {first_name}, I read your work on {company|your company}: may I connect?',
      },
      { type: 'wait_for_acceptance', max_days: 1, withdraw_if_not_accepted: true },
      { type: 'message', text: 'Hi {first_name}, thanks for connecting! Shall we talk next week?' },
      { type: 'like_latest_post' },
      {
        type: 'message',
        text: 'Hi {first_name|there}, a last word in case this got buried.',
        delay_hours: FOLLOW_UP_HOURS,
      },
    ],
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect(
    await call('POST', `/api-sequences/${id}/enrollments`, {
      profiles: ['alan-turing', 'https://www.linkedin.com/in/katherine-johnson/'],
    }),
  ).toEqual({
    status: 200,
    body: { enrolled: 2, skipped: [] },
  });
  const people = async () => {
    const list = (await call('GET', `/api-sequences/${id}/enrollments`)).body.enrollments as any[];
    return Object.fromEntries(list.map((e) => [e.profile.profile_urn, e]));
  };

  // Visits, then the invitations with the names the visits read filled in.
  await expect.poll(() => fake.state.invitations.length, { timeout: 60_000 }).toBe(2);
  expect(Object.fromEntries(fake.state.invitations.map((i) => [i.profileUrn, i.message]))).toEqual({
    [ALAN]: 'Hi Alan, I read your work on Acme Robotics: may I connect?',
    [KATHERINE]: 'Hi Katherine, I read your work on your company: may I connect?',
  });
  await expect
    .poll(async () => (await people())[KATHERINE].state, { timeout: 30_000 })
    .toBe('waiting_acceptance');

  // Alan accepts on the network; the sync's connections read sees him, and the sequence messages him.
  fake.accept('alan-turing');
  const toAlan = () => fake.state.messages.filter((m) => m.recipientUrn === ALAN);
  await expect
    .poll(() => toAlan().map((m) => m.text), { timeout: 45_000 })
    .toEqual(['Hi Alan, thanks for connecting! Shall we talk next week?']);
  // His latest post, liked by the next step.
  const alanPosts = fake.dataset.posts.filter(
    (p) => p.author.kind === 'person' && p.author.profileId === ALAN.split(':').at(-1),
  );
  const latest = alanPosts.reduce((a, b) => (a.activityId > b.activityId ? a : b));
  await expect
    .poll(() => fake.state.likes.map((l) => l.threadUrn), { timeout: 30_000 })
    .toEqual([expect.stringContaining(String(latest.activityId))]);

  // Alan answers in his thread; the sync reads it and his enrollment stops before the follow-up.
  fake.reply('alan-turing', 'Thanks Grace, Tuesday works for me.');
  await expect.poll(async () => (await people())[ALAN].state, { timeout: 45_000 }).toBe('replied');

  // Katherine never accepts: a day later (24 s here) her invitation is withdrawn and she leaves.
  await expect
    .poll(async () => (await people())[KATHERINE].state, { timeout: 60_000 })
    .toBe('not_accepted');
  expect(fake.state.withdrawals).toEqual([expect.objectContaining({ profileUrn: KATHERINE })]);
  const people1 = await people();
  expect(people1[KATHERINE].error).toBe('not accepted within 1 days; the invitation was withdrawn');
  expect(
    (await call('GET', '/api-invitations?status=withdrawn')).body.data.map(
      (i: any) => i.profile.profile_urn,
    ),
  ).toEqual([KATHERINE]);
  expect(
    (await call('GET', '/api-invitations?status=accepted')).body.data.map(
      (i: any) => i.profile.profile_urn,
    ),
  ).toEqual([ALAN]);

  // The follow-up was due FOLLOW_UP_HOURS after the like; once that is past, it was never sent, and its
  // step never began (not even its read of the thread): the sync had stopped Alan before.
  const likedAt = Date.parse(
    people1[ALAN].history.findLast((h: any) => h.task_type === 'agent_like_post').created_at,
  );
  await expect
    .poll(() => Date.now() > likedAt + (FOLLOW_UP_HOURS + 2) * 1000, { timeout: 40_000 })
    .toBe(true);
  expect(toAlan().map((m) => m.text)).toEqual([
    'Hi Alan, thanks for connecting! Shall we talk next week?',
  ]);
  const alan = (await people())[ALAN];
  expect(alan).toMatchObject({ state: 'replied', current_step: null, next_run_at: null });
  expect(alan.history.map((h: any) => [h.step, h.task_type, h.status])).toEqual([
    [0, 'agent_profile_fetch', 'completed'],
    [1, 'agent_connection_request', 'completed'],
    [3, 'agent_conversations_fetch', 'completed'],
    [3, 'agent_send_message', 'completed'],
    [4, 'agent_profiles_tracking', 'completed'],
    [4, 'agent_like_post', 'completed'],
  ]);

  // The events, signed as docs/webhooks.md says, for Alan: his acceptance and his reply in the sequence.
  await expect
    .poll(
      () =>
        receiver.requests
          .map((r) => JSON.parse(r.body))
          .filter(
            (e) =>
              (e.type === 'connection.accepted'
                ? e.data.profile.profile_urn
                : e.data.message.sender_urn) === ALAN,
          ).length,
      { timeout: 20_000 },
    )
    .toBe(2);
  expect(receiver.requests.every((r) => verifyWebhook(r, secret))).toBe(true);
  const events = receiver.requests.map((r) => JSON.parse(r.body));
  expect(
    events.find((e) => e.type === 'connection.accepted' && e.data.profile.profile_urn === ALAN)
      .data,
  ).toMatchObject({
    member: { email: ADMIN },
    profile: { profile_urn: ALAN, name: 'Alan Turing' },
  });
  expect(
    events.find((e) => e.type === 'message.received' && e.data.message.sender_urn === ALAN).data,
  ).toMatchObject({
    member: { email: ADMIN },
    message: { text: 'Thanks Grace, Tuesday works for me.', from_me: false },
    sequence_enrollment: { id: alan.id, sequence_id: id, state: 'replied' },
  });
  expect(
    events.some(
      (e) => e.type === 'connection.accepted' && e.data.profile.profile_urn === KATHERINE,
    ),
  ).toBe(false);

  const { body } = await call('GET', `/api-sequences/${id}`);
  expect(body.funnel).toMatchObject({
    enrolled: 2,
    invited: 2,
    accepted: 1,
    messaged: 1,
    replied: 1,
  });
});
