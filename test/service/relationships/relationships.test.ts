import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask, type ClaimedTask } from '../../support/collection-fixtures.js';
import {
  keyedApi,
  relationshipReceiver,
  type RelationshipReceiver,
} from '../../support/relationship-events.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import { runRelationshipSync } from '../../../src/service/relationships/sync.js';
import type { Conversation, ConversationMessage } from '../../../src/contract/task-outputs.js';

/**
 * Relationship tracking on a real database, driven through the public API and the agent protocol by
 * an emulated agent: invitations and what became of them, the inbox, the sync's reads, and the
 * connection.accepted and message.received webhooks, signed, at a real local receiver.
 */
let svc: TestService;
let acme: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;
let hooks: RelationshipReceiver;
let api: ReturnType<typeof keyedApi>;

const INTERVAL_S = 600;
const ME = 'urn:li:fsd_profile:ACoAAAdaSelf01';
const GRACE = 'urn:li:fsd_profile:ACoAAGraceHop01';
const ALAN = 'urn:li:fsd_profile:ACoAAAlanTur01';
const LIN = 'urn:li:fsd_profile:ACoAALinClark1';
const THREAD = `urn:li:msg_conversation:(${ME},2-Z3JhY2UtdGhyZWFk)`;

beforeAll(async () => {
  svc = await startTestService({
    ALLOW_PRIVATE_FETCH: '1',
    RELATIONSHIP_SYNC_INTERVAL_S: String(INTERVAL_S),
  });
  acme = await createAgentTeam(svc, 'Acme', [
    { email: 'ada@rel.test', role: 'admin', joinedHoursAgo: 100 },
    { email: 'bob@rel.test', role: 'member' },
  ]);
  ada = acme.member('ada@rel.test');
  bob = acme.member('bob@rel.test');
  hooks = await relationshipReceiver(svc, ada.agentHeaders);
  api = keyedApi(svc, acme.keyHeaders);
});
afterAll(async () => {
  await svc.close();
  await hooks.close();
});

/** Claims ada's next task, expecting its type, and completes it with `output`. */
async function run(
  member: TeamMember,
  type: string,
  output: (t: ClaimedTask) => unknown,
): Promise<ClaimedTask> {
  const task = await claimTask(svc, member);
  expect(task?.type).toBe(type);
  await completeTask(svc, member, task!, output(task!));
  return task!;
}

/** Claims `n` of the member's tasks in the order the claim gives them, each answered by the handler of its type. */
async function runEach(
  member: TeamMember,
  handlers: Record<string, (t: ClaimedTask) => unknown>,
  n: number,
): Promise<string[]> {
  const types: string[] = [];
  for (let i = 0; i < n; i++) {
    const task = await claimTask(svc, member);
    const handler = task && handlers[task.type];
    if (!handler) throw new Error(`unexpected task ${task?.type}`);
    await completeTask(svc, member, task, handler(task));
    types.push(task.type);
  }
  return types;
}

const openTasks = async (userId: string) =>
  (
    await svc.ctx.db.query<{ type: string; input: Record<string, unknown> }>(
      `SELECT type, input FROM tasks WHERE assigned_user_id = $1 AND status = 'pending' ORDER BY created_at`,
      [userId],
    )
  ).map((r) => r.type);

const connection = (urn: string, name: string, connectedAt: string) => ({
  profile_urn: urn,
  public_identifier: name.toLowerCase().replace(' ', '-'),
  full_name: name,
  headline: null,
  profile_url: `https://www.linkedin.com/in/${name.toLowerCase().replace(' ', '-')}/`,
  image_url: null,
  connected_at: connectedAt,
});
const message = (text: string, fromMe: boolean, at: string): ConversationMessage => ({
  text,
  sender_urn: fromMe ? ME : GRACE,
  sender_name: fromMe ? 'Ada' : 'Grace Hopper',
  from_me: fromMe,
  delivered_at: at,
});
const graceThread = (last: ConversationMessage, unread: boolean): Conversation => ({
  conversation_urn: THREAD,
  unread,
  last_activity_at: last.delivered_at,
  participants: [
    {
      profile_urn: GRACE,
      name: 'Grace Hopper',
      profile_url: 'https://www.linkedin.com/in/grace-hopper/',
    },
  ],
  last_message: {
    text: last.text,
    sender_urn: last.sender_urn,
    from_me: last.from_me,
    delivered_at: last.delivered_at,
  },
});

describe('invitations and what became of them', () => {
  test('sent through the API, they are pending; the sync reads connections, inbox and sent list as the sender', async () => {
    for (const urn of [GRACE, ALAN, LIN]) {
      const sent = await api('POST', '/network-agent/send-connection-request', {
        profile_urn: urn,
        note: 'Hello from the meetup',
      });
      expect(sent.status).toBe(200);
      await run(ada, 'agent_connection_request', (t) => ({
        sent: true,
        invitation_urn: `urn:li:invitation:${String(t.input.profile_urn).slice(-6)}`,
      }));
    }
    const pending = await api('GET', '/api-invitations?status=pending');
    expect(pending.status).toBe(200);
    expect(pending.body.count).toBe(3);
    expect(pending.body.data.map((i: any) => i.profile.profile_urn)).toEqual([LIN, ALAN, GRACE]);
    expect(pending.body.data[0]).toMatchObject({
      member: { email: 'ada@rel.test' },
      state: 'pending',
      note: 'Hello from the meetup',
      age_days: 0,
    });

    const { synced } = await runRelationshipSync(svc.ctx);
    expect(synced).toBe(1); // ada only: bob sent nothing through the service
    expect((await openTasks(ada.userId)).sort()).toEqual([
      'agent_connections_fetch',
      'agent_conversations_fetch',
      'agent_sent_invitations_fetch',
    ]);
    expect(await openTasks(bob.userId)).toEqual([]);
    // Not due again before the jittered interval (±20 %).
    const [row] = await svc.ctx.db.query<{ s: number }>(
      'SELECT EXTRACT(EPOCH FROM next_sync_at - now())::float8 AS s FROM relationship_sync WHERE user_id = $1',
      [ada.userId],
    );
    expect(row!.s).toBeGreaterThan(INTERVAL_S * 0.8 - 5);
    expect(row!.s).toBeLessThan(INTERVAL_S * 1.2 + 1);
    expect((await runRelationshipSync(svc.ctx)).synced).toBe(0);
  });

  test('the person appearing among connections is the acceptance; leaving the sent list alone is not', async () => {
    const acceptedAt = new Date().toISOString(); // after the invitations of the test before
    const replyAt = new Date(Date.now() - 30_000).toISOString();
    const graceWrote = graceThread(message('Thanks Ada, happy to talk!', false, replyAt), true);
    // Grace accepted and wrote; Alan's and Lin's invitations left the sent list.
    await runEach(
      ada,
      {
        agent_sent_invitations_fetch: () => ({ invitations: [] }),
        agent_connections_fetch: (t) => {
          expect(t.input).toEqual({ task_type: 'agent_connections_fetch', start: 0, count: 40 });
          return {
            connections: [connection(GRACE, 'Grace Hopper', acceptedAt)],
            start: 0,
            count: 1,
            total: null,
          };
        },
        agent_conversations_fetch: () => ({ conversations: [graceWrote] }),
      },
      3,
    );
    const states = async () =>
      Object.fromEntries(
        (await api('GET', '/api-invitations')).body.data.map((i: any) => [
          i.profile.profile_urn,
          i.state,
        ]),
      );
    const grace = (await api('GET', '/api-invitations?status=accepted')).body.data;
    expect(grace).toEqual([
      expect.objectContaining({
        state: 'accepted',
        state_changed_at: acceptedAt,
        profile: expect.objectContaining({ profile_urn: GRACE, name: 'Grace Hopper' }),
      }),
    ]);
    // Gone from the sent list is not accepted, and not yet expired: the next connections read tells.
    expect(await states()).toEqual({ [GRACE]: 'accepted', [ALAN]: 'pending', [LIN]: 'pending' });

    // The next sync: connections since the last read (with an overlap); Lin appears, Alan does not.
    // Due a second ago: the sync compares with the clock's milliseconds, now() here has microseconds.
    await svc.ctx.db.query(
      `UPDATE relationship_sync SET next_sync_at = now() - interval '1 second' WHERE user_id = $1`,
      [ada.userId],
    );
    await runRelationshipSync(svc.ctx);
    await runEach(
      ada,
      {
        agent_connections_fetch: (t) => {
          expect(Date.parse(String(t.input.since))).toBeLessThan(Date.now() - 3000_000);
          return {
            connections: [connection(LIN, 'Lin Clark', new Date().toISOString())],
            start: 0,
            count: 1,
            total: null,
          };
        },
        agent_conversations_fetch: () => ({ conversations: [graceWrote] }),
      },
      2,
    );
    expect(await states()).toEqual({ [GRACE]: 'accepted', [ALAN]: 'expired', [LIN]: 'accepted' });

    // Two acceptances, one reply: signed webhooks, once each.
    await deliverDueWebhooks(svc.ctx);
    const events = hooks.events();
    expect(events.every((e) => e.ok)).toBe(true);
    const accepted = events.filter((e) => e.type === 'connection.accepted');
    expect(accepted.map((e) => e.data.profile.profile_urn).sort()).toEqual([GRACE, LIN].sort());
    expect(accepted.find((e) => e.data.profile.profile_urn === GRACE)!.data).toMatchObject({
      member: { email: 'ada@rel.test' },
      invitation: { invitation_urn: 'urn:li:invitation:eHop01' },
      accepted_at: acceptedAt,
    });
    const received = events.filter((e) => e.type === 'message.received');
    expect(received).toHaveLength(1);
    expect(received[0].data).toMatchObject({
      member: { email: 'ada@rel.test' },
      conversation_urn: THREAD,
      message: {
        text: 'Thanks Ada, happy to talk!',
        sender_urn: GRACE,
        from_me: false,
        delivered_at: replyAt,
      },
    });
  });

  test('a conversation with news from the other side gets its messages read once; nothing is told twice', async () => {
    const pending = await svc.ctx.db.query<{ input: Record<string, unknown> }>(
      `SELECT input FROM tasks WHERE type = 'agent_conversation_messages_fetch' AND status = 'pending'`,
    );
    expect(pending.map((p) => p.input)).toEqual([
      { task_type: 'agent_conversation_messages_fetch', conversation_urn: THREAD, count: 20 },
    ]);
    await runRelationshipSync(svc.ctx);
    expect(
      (
        await svc.ctx.db.query(
          `SELECT 1 FROM tasks WHERE type = 'agent_conversation_messages_fetch'`,
        )
      ).length,
    ).toBe(1);

    const before = hooks.events().length;
    const earlier = new Date(Date.now() - 50_000).toISOString();
    const again = (
      await svc.ctx.db.query<{ d: Date }>(
        `SELECT delivered_at AS d FROM inbox_messages WHERE NOT from_me`,
      )
    )[0]!.d.toISOString();
    await run(ada, 'agent_conversation_messages_fetch', () => ({
      messages: [
        message('Thanks Ada, happy to talk!', false, again),
        message('Also: are you hiring?', false, new Date(Date.now() - 10_000).toISOString()),
        message('Hi Grace', true, earlier),
      ].sort((a, b) => b.delivered_at.localeCompare(a.delivered_at)),
    }));
    await deliverDueWebhooks(svc.ctx);
    const fresh = hooks.events().slice(before);
    expect(fresh.map((e) => [e.type, e.data.message.text])).toEqual([
      ['message.received', 'Also: are you hiring?'],
    ]);

    const thread = await api('GET', `/api-inbox/${encodeURIComponent(THREAD)}`);
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((m: any) => m.text)).toEqual([
      'Also: are you hiring?',
      'Thanks Ada, happy to talk!',
      'Hi Grace',
    ]);
    expect(thread.body.conversation).toMatchObject({
      member: { email: 'ada@rel.test' },
      unread: true,
      awaiting_reply: true,
    });
    // The inbox's last message is the thread's newest, not the one the inbox read saw before it.
    expect(thread.body.conversation.last_message).toMatchObject({
      text: 'Also: are you hiring?',
      from_me: false,
    });
    expect(thread.body.conversation.last_activity_at).toBe(thread.body.messages[0].delivered_at);
    const unread = await api('GET', '/api-inbox?unread=true');
    expect(unread.body.data.map((c: any) => c.conversation_urn)).toEqual([THREAD]);
  });

  test('mark read, reply in the thread and withdraw, through the public API as the member named', async () => {
    const read = await api('POST', '/network-agent/mark-conversation-read', {
      member_email: 'ada@rel.test',
      conversation_urn: THREAD,
    });
    expect(read.status).toBe(200);
    await run(ada, 'agent_conversation_mark_read', () => ({ marked_read: true }));
    expect((await api('GET', '/api-inbox?unread=true')).body.count).toBe(0);

    const reply = await api('POST', '/network-agent/send-message', {
      conversation_urn: THREAD,
      message_text: 'We are! Shall we talk Tuesday?',
    });
    expect(reply.status).toBe(200);
    await run(ada, 'agent_send_message', () => ({
      sent: true,
      conversation_urn: THREAD,
      delivered_at: new Date().toISOString(),
    }));
    const thread = await api('GET', `/api-inbox/${encodeURIComponent(THREAD)}?limit=1`);
    expect(thread.body).toMatchObject({
      count: 4,
      limit: 1,
      messages: [{ text: 'We are! Shall we talk Tuesday?', from_me: true }],
    });
    expect(thread.body.conversation.awaiting_reply).toBe(false);

    // A fresh invitation, withdrawn.
    await api('POST', '/network-agent/send-connection-request', { profile_urn: ALAN });
    await run(ada, 'agent_connection_request', () => ({ sent: true, invitation_urn: null }));
    const withdraw = await api('POST', '/network-agent/withdraw-connection-request', {
      profile_urn: ALAN,
    });
    expect(withdraw.status).toBe(200);
    await run(ada, 'agent_invitation_withdraw', () => ({ withdrawn: true }));
    const alan = (await api('GET', '/api-invitations?member_email=ada@rel.test')).body.data.filter(
      (i: any) => i.profile.profile_urn === ALAN,
    );
    expect(alan.map((i: any) => i.state)).toEqual(['withdrawn', 'expired']);
  });
});

describe('messages sent through the service', () => {
  test('the first starts the sync for its member; later ones without a thread complete alike; one in a thread is still filed', async () => {
    const globex = await createAgentTeam(svc, 'Globex', [{ email: 'cy@rel.test', role: 'admin' }]);
    const cy = globex.member('cy@rel.test');
    const globexApi = keyedApi(svc, globex.keyHeaders);
    const followed = async () =>
      (
        await svc.ctx.db.query(
          'SELECT 1 FROM relationship_sync WHERE team_id = $1 AND user_id = $2',
          [globex.id, cy.userId],
        )
      ).length;
    expect(await followed()).toBe(0);
    // The third is completed once this service knows cy is followed: stored alone, no filing to do.
    for (const text of ['Hello', 'Following up', 'One more']) {
      expect(
        (
          await globexApi('POST', '/network-agent/send-message', {
            profile_urn: GRACE,
            message_text: text,
          })
        ).status,
      ).toBe(200);
      await run(cy, 'agent_send_message', () => ({
        sent: true,
        conversation_urn: null,
        delivered_at: null,
      }));
      expect(await followed()).toBe(1);
    }
    const sent = await svc.ctx.db.query<{ status: string }>(
      `SELECT status FROM tasks WHERE claimed_by = $1 AND type = 'agent_send_message'`,
      [cy.userId],
    );
    expect(sent.map((t) => t.status)).toEqual(['completed', 'completed', 'completed']);

    const thread = `urn:li:msg_conversation:(${GRACE},2-Y3ktdGhyZWFk)`;
    expect(
      (
        await globexApi('POST', '/network-agent/send-message', {
          conversation_urn: thread,
          message_text: 'In the thread',
        })
      ).status,
    ).toBe(200);
    await run(cy, 'agent_send_message', () => ({
      sent: true,
      conversation_urn: thread,
      delivered_at: new Date().toISOString(),
    }));
    const filed = await globexApi('GET', `/api-inbox/${encodeURIComponent(thread)}`);
    expect(filed.status).toBe(200);
    expect(filed.body.messages.map((m: any) => [m.text, m.from_me])).toEqual([
      ['In the thread', true],
    ]);
  });
});

describe('the sync keeps to working hours and read budgets', () => {
  test('outside the member’s hours nothing is read; a spent read budget is left alone', async () => {
    await svc.ctx.db.query('INSERT INTO relationship_sync (team_id, user_id) VALUES ($1, $2)', [
      acme.id,
      bob.userId,
    ]);
    const now = new Date();
    // Bob works tomorrow only (ISO days, Monday 1 … Sunday 7): today is closed, at any hour of any day.
    const today = now.getUTCDay() === 0 ? 7 : now.getUTCDay();
    const tomorrow = (today % 7) + 1;
    await svc.ctx.db.query('UPDATE memberships SET working_hours = $2 WHERE user_id = $1', [
      bob.userId,
      JSON.stringify({ days: [tomorrow], start: '00:00', end: '23:59', time_zone: 'UTC' }),
    ]);
    await runRelationshipSync(svc.ctx);
    expect(await openTasks(bob.userId)).toEqual([]);
    const [{ next }] = (await svc.ctx.db.query<{ next: Date }>(
      'SELECT next_sync_at AS next FROM relationship_sync WHERE user_id = $1',
      [bob.userId],
    )) as [{ next: Date }];
    // Looked at again once his hours open (tomorrow, 00:00 UTC), not before.
    expect(next.getTime()).toBeGreaterThanOrEqual(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1),
    );

    await svc.ctx.db.query('UPDATE memberships SET working_hours = NULL WHERE user_id = $1', [
      bob.userId,
    ]);
    await svc.ctx.db.query(
      `UPDATE relationship_sync SET next_sync_at = now() - interval '1 second' WHERE user_id = $1`,
      [bob.userId],
    );
    const patch = await svc.call('PATCH', '/api-team', {
      headers: ada.agentHeaders,
      body: { budgets: { agent_conversations_fetch: { per_day: 0 } } },
    });
    expect(patch.status, await patch.clone().text()).toBe(200);
    await runRelationshipSync(svc.ctx);
    expect(await openTasks(bob.userId)).toEqual(['agent_connections_fetch']);
  });
});

describe('bad input and scope', () => {
  test('400 for bad filters, 404 for a member or conversation not of the team', async () => {
    expect(await api('GET', '/api-invitations?status=lost')).toEqual({
      status: 400,
      body: { error: "Invalid 'status': must be one of pending, accepted, withdrawn, expired" },
    });
    expect(await api('GET', '/api-inbox?unread=maybe')).toEqual({
      status: 400,
      body: { error: "Invalid 'unread': must be true or false" },
    });
    expect(await api('GET', '/api-inbox?limit=500')).toEqual({
      status: 400,
      body: { error: "Invalid 'limit': must be a whole number from 1 to 100" },
    });
    expect(await api('GET', '/api-inbox?sort=new')).toEqual({
      status: 400,
      body: { error: "Unknown query parameter: 'sort'" },
    });
    expect(await api('GET', '/api-invitations?member_email=nobody@rel.test')).toEqual({
      status: 404,
      body: { error: 'No member with that e-mail in the team' },
    });
    expect(await api('GET', '/api-inbox/not-a-thread')).toEqual({
      status: 400,
      body: { error: 'Invalid conversation_urn' },
    });
    const other = await createAgentTeam(svc, 'Other', [{ email: 'eve@other.test', role: 'admin' }]);
    const theirs = await svc.call('GET', `/api-inbox/${encodeURIComponent(THREAD)}`, {
      headers: other.keyHeaders,
    });
    expect(theirs.status).toBe(404);
    expect(
      (
        (await (
          await svc.call('GET', '/api-invitations', { headers: other.keyHeaders })
        ).json()) as any
      ).count,
    ).toBe(0);
  });
});
