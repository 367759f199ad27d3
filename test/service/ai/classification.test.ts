import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask } from '../../support/collection-fixtures.js';
import { type FakeModel, FAKE_MODEL_NAME, startFakeModel } from '../../support/fake-model.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/local-http.js';
import { verifyWebhook } from '../../support/webhook-signature.js';
import { changesDelivered } from '../../support/changes-delivered.js';
import { keyedApi } from '../../support/relationship-events.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import { classifyReplies } from '../../../src/service/ai/classify-job.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import { DATA_IS_NOT_INSTRUCTIONS } from '../../../src/service/ai/model-client.js';
import type { ConversationMessage } from '../../../src/contract/task-outputs.js';

/**
 * Every reply sorted (docs/ai.md, "Replies sorted") against a fake OpenAI-compatible model: each
 * message another person wrote is sorted once by the job beside the sync, however many passes or
 * instances run; a model that times out, fails or answers garbage leaves the message unsorted with
 * why, and the inbox as the sync filed it; the inbox filters by label; the reply.classified webhook
 * arrives signed; a sequence's on_reply stops or waits by label; a label never queues a write.
 */

const ME = 'urn:li:fsd_profile:ACoAAAdaClassif';
const GRACE = 'urn:li:fsd_profile:ACoAAGraceClass';
const ALAN = 'urn:li:fsd_profile:ACoAAAlanClassi';
const thread = (who: string) => `urn:li:msg_conversation:(${ME},2-${who.slice(-8)})`;
const HOUR_S = 1;

let model: FakeModel;
let svc: TestService;
let hooks: LocalHttpServer;
let team: AgentTeam;
let ada: TeamMember;
let api: ReturnType<typeof keyedApi>;
let secret: string;

beforeAll(async () => {
  model = await startFakeModel();
  svc = await startTestService({
    LLM_API_URL: `${model.url}/v1`,
    OUTBOUND_TIMEOUT_S: '1',
    ALLOW_PRIVATE_FETCH: '1',
    SEQUENCE_HOUR_S: String(HOUR_S),
  });
  hooks = await startLocalHttpServer((_req, res) => res.writeHead(200).end('ok'));
});
afterAll(async () => {
  await svc.close();
  await model.close();
  await hooks.close();
});

let teams = 0;
beforeEach(async () => {
  model.reset();
  // The last test's events go out to its own team's hook first: each test reads only its own.
  await deliverDueWebhooks(svc.ctx);
  hooks.requests.length = 0;
  team = await createAgentTeam(svc, `Sorting ${++teams}`, [
    { email: `ada${teams}@sort.test`, role: 'admin', joinedHoursAgo: 48 },
  ]);
  ada = team.members[0]!;
  api = keyedApi(svc, team.keyHeaders);
  const hook = await svc.call('POST', '/api-webhooks', {
    headers: ada.agentHeaders,
    body: { url: `${hooks.url}/hook`, events: ['reply.classified'] },
  });
  expect(hook.status).toBe(201);
  secret = ((await hook.json()) as { secret: string }).secret;
});

const label = (name: string, confidence = 0.9) => ({
  text: JSON.stringify({ label: name, confidence }),
});

const said = (from: string, text: string, minutesAgo: number): ConversationMessage => ({
  text,
  sender_urn: from,
  sender_name: from === ME ? 'Ada' : from === GRACE ? 'Grace Hopper' : 'Alan Turing',
  from_me: from === ME,
  delivered_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

/** The member's extension reads a thread and the service files it, as the sync's reads are filed. */
async function fileThread(with_: string, messages: ConversationMessage[]): Promise<number> {
  await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: team.id,
    type: 'agent_conversation_messages_fetch',
    input: {
      task_type: 'agent_conversation_messages_fetch',
      conversation_urn: thread(with_),
      count: 20,
    },
    assignedUserId: ada.userId,
    queuedBy: { kind: 'sync' },
  });
  const task = await claimTask(svc, ada);
  expect(task?.type).toBe('agent_conversation_messages_fetch');
  const started = performance.now();
  await completeTask(svc, ada, task!, { messages: [...messages].reverse() });
  return performance.now() - started;
}

const taskCount = async () =>
  (
    (await svc.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tasks WHERE team_id = $1',
      [team.id],
    )) as [{ n: number }]
  )[0].n;

async function messagesOf(with_: string) {
  const res = await api('GET', `/api-inbox/${encodeURIComponent(thread(with_))}`);
  expect(res.status).toBe(200);
  return res.body.messages as {
    text: string;
    from_me: boolean;
    classification: { label: string; confidence: number; model: string } | null;
    classification_error: string | null;
  }[];
}

const events = () =>
  hooks.requests.map((r) => ({ ok: verifyWebhook(r, secret), ...JSON.parse(r.body) }));

describe('every reply sorted once', () => {
  test('each message of the other person gets a label, once, however many passes run; nothing is queued', async () => {
    await fileThread(GRACE, [
      said(ME, 'Would you speak at our meetup?', 30),
      said(GRACE, 'Which date?', 20),
      said(ME, 'March 3rd.', 10),
      said(GRACE, 'Yes, count me in! Send the details.', 5),
    ]);
    // Filed, not yet sorted: the sync's filing asked nothing of the model.
    expect(model.requests).toHaveLength(0);
    expect((await messagesOf(GRACE)).map((m) => m.classification_error)).toEqual([
      null,
      null,
      null,
      null,
    ]);

    model.answer(label('interested', 0.93));
    const tasksBefore = await taskCount();
    // Two passes at once (two instances), then one more: each message is sorted exactly once.
    const [a, b] = await Promise.all([classifyReplies(svc.ctx), classifyReplies(svc.ctx)]);
    expect(a + b).toBe(2);
    expect(await classifyReplies(svc.ctx)).toBe(0);
    expect(model.requests).toHaveLength(2);
    expect(await taskCount()).toBe(tasksBefore);

    const messages = await messagesOf(GRACE);
    expect(messages.map((m) => [m.from_me, m.classification?.label ?? null])).toEqual([
      [false, 'interested'],
      [true, null],
      [false, 'interested'],
      [true, null],
    ]);
    expect(messages[0]!.classification).toEqual({
      label: 'interested',
      confidence: 0.93,
      model: FAKE_MODEL_NAME,
    });

    // What left the service: a fixed prompt with the labels, the reply inside a data block.
    const chat = model.chats().find((c) => c.messages[1]!.content.includes('count me in'))!;
    expect(chat.response_format).toEqual({ type: 'json_object' });
    expect(chat.messages[0]!.content).toContain(DATA_IS_NOT_INSTRUCTIONS);
    expect(chat.messages[1]!.content).toContain('- not_interested:');
    expect(chat.messages[1]!.content).toMatch(/<data>[\s\S]*Yes, count me in![\s\S]*<\/data>/);

    // The newest reply's label is the conversation's.
    const inbox = await api('GET', '/api-inbox');
    expect(inbox.body.data[0]).toMatchObject({
      conversation_urn: thread(GRACE),
      classification: { label: 'interested' },
      classification_error: null,
    });

    // The reply.classified webhook, signed, once per message.
    await deliverDueWebhooks(svc.ctx);
    const sent = events();
    expect(sent).toHaveLength(2);
    expect(sent.every((e) => e.ok && e.type === 'reply.classified')).toBe(true);
    expect(sent.map((e) => e.data.message.text).sort()).toEqual([
      'Which date?',
      'Yes, count me in! Send the details.',
    ]);
    expect(sent[0].data).toMatchObject({
      member: { email: ada.email },
      conversation_urn: thread(GRACE),
      classification: { label: 'interested', model: FAKE_MODEL_NAME },
    });
  });

  test('an open dashboard hears of each label stored, and of a message given up on', async () => {
    const heard: string[] = [];
    const stop = await svc.ctx.changes.subscribe(team.id, (kind) => heard.push(kind));
    try {
      await fileThread(GRACE, [said(GRACE, 'Sounds great.', 5)]);
      await fileThread(ALAN, [said(ALAN, 'Who are you?', 5)]);
      await expect.poll(() => heard.includes('inbox')).toBe(true);
      // Grace's is sorted now; Alan's fails its last attempt.
      await svc.ctx.db.query(
        `UPDATE inbox_messages SET classify_attempts = 2, classify_after = now() + interval '1 hour'
          WHERE team_id = $1 AND sender_urn = $2`,
        [team.id, ALAN],
      );
      await changesDelivered(svc.ctx);
      heard.length = 0;
      model.answer(label('interested'));
      expect(await classifyReplies(svc.ctx)).toBe(1);
      await expect.poll(() => heard).toEqual(['inbox']);

      await changesDelivered(svc.ctx);
      heard.length = 0;
      await svc.ctx.db.query(
        'UPDATE inbox_messages SET classify_after = NULL WHERE team_id = $1 AND sender_urn = $2',
        [team.id, ALAN],
      );
      model.answer({ status: 500 });
      expect(await classifyReplies(svc.ctx)).toBe(0);
      expect((await messagesOf(ALAN))[0]!.classification_error).toMatch(/^failed after 3 attempts/);
      await expect.poll(() => heard).toEqual(['inbox']);
    } finally {
      stop();
    }
  });

  test('?classification= lists the conversations whose newest reply has that label', async () => {
    model.answer(label('interested'));
    await fileThread(GRACE, [said(GRACE, 'Sounds great, tell me more.', 5)]);
    await classifyReplies(svc.ctx);
    model.answer(label('not_interested'));
    await fileThread(ALAN, [said(ALAN, 'Please remove me from your list.', 3)]);
    await classifyReplies(svc.ctx);

    const urns = async (q: string) =>
      (await api('GET', `/api-inbox?${q}`)).body.data.map((c: any) => c.conversation_urn);
    expect(await urns('classification=interested')).toEqual([thread(GRACE)]);
    expect(await urns('classification=not_interested')).toEqual([thread(ALAN)]);
    expect(await urns('classification=referral')).toEqual([]);
    expect((await api('GET', '/api-inbox?classification=interested')).body.count).toBe(1);
    const bad = await api('GET', '/api-inbox?classification=Not%20A%20Label');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Invalid label/);
  });

  test('a team’s own label is offered to the model with its sentence, and kept', async () => {
    const patch = (body: unknown) =>
      svc.call('PATCH', '/api-team', { headers: ada.agentHeaders, body });
    const bad = await patch({ reply_labels: [{ name: 'interested', description: 'twice' }] });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error).toMatch(/^Invalid 'reply_labels'/);
    const ok = await patch({
      reply_labels: [{ name: 'wants_demo', description: 'asks to see the product working' }],
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as any).team.reply_labels).toEqual([
      { name: 'wants_demo', description: 'asks to see the product working' },
    ]);

    model.answer(label('wants_demo', 0.8));
    await fileThread(GRACE, [said(GRACE, 'Could you show me a demo on Friday?', 5)]);
    expect(await classifyReplies(svc.ctx)).toBe(1);
    expect(model.chats()[0]!.messages[1]!.content).toContain(
      '- wants_demo: asks to see the product working',
    );
    expect((await messagesOf(GRACE))[0]!.classification).toMatchObject({
      label: 'wants_demo',
      confidence: 0.8,
    });
    const urns = (await api('GET', '/api-inbox?classification=wants_demo')).body.data;
    expect(urns.map((c: any) => c.conversation_urn)).toEqual([thread(GRACE)]);
  });

  test('a team at its plan’s daily limit waits: nothing is claimed, nothing asked', async () => {
    await svc.ctx.db.query(
      `INSERT INTO ai_usage_days (team_id, day, purpose, calls) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 'classification', 200)`,
      [team.id],
    );
    await fileThread(GRACE, [said(GRACE, 'Interesting!', 5)]);
    expect(await classifyReplies(svc.ctx)).toBe(0);
    expect(model.requests).toHaveLength(0);
    const [row] = await svc.ctx.db.query<{
      classification_due: boolean;
      classify_attempts: number;
    }>(`SELECT classification_due, classify_attempts FROM inbox_messages WHERE team_id = $1`, [
      team.id,
    ]);
    expect(row).toEqual({ classification_due: true, classify_attempts: 0 });
  });
});

describe('a model that fails', () => {
  const retryNow = () =>
    svc.ctx.db.query(
      "UPDATE inbox_messages SET classify_after = now() - interval '1 second' WHERE team_id = $1",
      [team.id],
    );

  for (const [what, answer, reason] of [
    ['times out', { hang: true } as const, /^failed after 3 attempts: timeout: /],
    [
      'answers 500',
      { status: 500 },
      /^failed after 3 attempts: http_status: the model answered 500/,
    ],
    ['answers garbage', { garbage: '<html>oops</html>' }, /^failed after 3 attempts: bad_answer: /],
    ['answers a label it was not given', label('maybe'), /no known label/],
  ] as const) {
    test(`${what}: the message stays unsorted with why after 3 attempts; the inbox is as filed`, async () => {
      model.answer(answer);
      // The filing is the sync's path: done at once, whatever the model does.
      const filingMs = await fileThread(GRACE, [
        said(ME, 'Hello Grace', 10),
        said(GRACE, 'Hi Ada, what is this about?', 5),
      ]);
      expect(filingMs).toBeLessThan(900);
      expect(model.requests).toHaveLength(0);

      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await classifyReplies(svc.ctx)).toBe(0);
        expect(model.requests).toHaveLength(attempt);
        // Backed off: a pass before the wait asks nothing.
        await classifyReplies(svc.ctx);
        expect(model.requests).toHaveLength(attempt);
        await retryNow();
      }
      expect(await classifyReplies(svc.ctx)).toBe(0);
      expect(model.requests).toHaveLength(3);

      const messages = await messagesOf(GRACE);
      expect(messages.map((m) => m.text)).toEqual(['Hi Ada, what is this about?', 'Hello Grace']);
      expect(messages[0]!.classification).toBeNull();
      expect(messages[0]!.classification_error).toMatch(reason);
      expect(messages[1]).toMatchObject({ classification: null, classification_error: null });
      const inbox = await api('GET', '/api-inbox');
      expect(inbox.body.data[0]).toMatchObject({
        last_message: { text: 'Hi Ada, what is this about?' },
        awaiting_reply: true,
        classification: null,
      });
      expect(inbox.body.data[0].classification_error).toMatch(reason);
      await deliverDueWebhooks(svc.ctx);
      expect(events()).toEqual([]);
    });
  }

  test('a claim whose instance stopped is taken again after its lease, and sorted once', async () => {
    await fileThread(GRACE, [said(GRACE, 'Out until Monday.', 5)]);
    // Another instance claimed it and stopped mid-call: its attempt is spent, its claim recent.
    await svc.ctx.db.query(
      `UPDATE inbox_messages SET classify_claimed_at = now(), classify_attempts = 1 WHERE team_id = $1`,
      [team.id],
    );
    model.answer(label('out_of_office'));
    expect(await classifyReplies(svc.ctx)).toBe(0);
    expect(model.requests).toHaveLength(0);
    await svc.ctx.db.query(
      `UPDATE inbox_messages SET classify_claimed_at = now() - interval '1 hour' WHERE team_id = $1`,
      [team.id],
    );
    expect(await classifyReplies(svc.ctx)).toBe(1);
    expect(await classifyReplies(svc.ctx)).toBe(0);
    expect((await messagesOf(GRACE))[0]!.classification?.label).toBe('out_of_office');
  });
});

describe('a sequence refined by labels', () => {
  /** One person in a two-message sequence, past its first message, the second due in a day. */
  async function enrolledPast1stMessage(onReply: unknown, stopOnReply: boolean) {
    await svc.ctx.db.query(
      `INSERT INTO member_connections (team_id, user_id, profile_urn, connected_at) VALUES ($1, $2, $3, now())`,
      [team.id, ada.userId, GRACE],
    );
    const seq = await api('POST', '/api-sequences', {
      name: `Labels ${teams}`,
      steps: [
        { type: 'message', text: 'Hello!' },
        { type: 'message', text: 'A last word.', delay_hours: 24 },
      ],
      stop_on_reply: stopOnReply,
      on_reply: onReply,
    });
    expect(seq.status, JSON.stringify(seq.body)).toBe(201);
    expect(seq.body.on_reply).toEqual(onReply);
    await api('POST', `/api-sequences/${seq.body.id}/enrollments`, { profiles: [GRACE] });
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET profile_urn = $2, step_index = 1, accepted_at = now() - interval '1 hour',
              messaged_at = now() - interval '1 hour', last_step_at = now() - interval '1 hour',
              created_at = now() - interval '2 hours', next_run_at = now() + interval '1 day'
        WHERE sequence_id = $1`,
      [seq.body.id, GRACE],
    );
    return seq.body.id as string;
  }
  const enrollment = async (sequenceId: string) =>
    (await api('GET', `/api-sequences/${sequenceId}/enrollments`)).body.enrollments[0];

  test('out_of_office waits its days, then the sequence goes on; the label queues nothing itself', async () => {
    const id = await enrolledPast1stMessage({ out_of_office: { wait_days: 7 } }, true);
    await fileThread(GRACE, [said(GRACE, 'I am away until the 12th.', 1)]);
    // The reply stopped the person at once, as stop_on_reply says.
    expect((await enrollment(id)).state).toBe('replied');

    model.answer(label('out_of_office'));
    const before = await taskCount();
    expect(await classifyReplies(svc.ctx)).toBe(1);
    expect(await taskCount()).toBe(before);
    const held = await enrollment(id);
    expect(held.state).toBe('active');
    expect(held.waiting_reason).toMatch(/sorted out_of_office: the sequence goes on at /);
    const waitMs = Date.parse(held.next_run_at) - Date.now();
    expect(waitMs).toBeGreaterThan(7 * 24 * HOUR_S * 1000 - 5000);
    expect(waitMs).toBeLessThan(7 * 24 * HOUR_S * 1000 + 1000);

    // Before the wait is over the engine sends nothing.
    await advanceSequences(svc.ctx);
    expect(await taskCount()).toBe(before);
    // After it, the next step runs: the read of the conversation before the message.
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET reply_wait_until = now() - interval '1 second', next_run_at = now() - interval '1 second',
              last_step_at = last_step_at - interval '2 days' WHERE sequence_id = $1`,
      [id],
    );
    await advanceSequences(svc.ctx);
    const queued = await svc.ctx.db.query<{ type: string }>(
      `SELECT t.type FROM tasks t JOIN sequence_tasks st ON st.task_id = t.id
         JOIN sequence_enrollments e ON e.id = st.enrollment_id WHERE e.sequence_id = $1`,
      [id],
    );
    expect(queued.map((q) => q.type)).toEqual(['agent_conversation_messages_fetch']);
    expect((await api('GET', `/api-sequences/${id}`)).body.replies_by_label).toEqual({
      out_of_office: 1,
    });
  });

  test('not_interested stops a sequence that replies alone do not stop', async () => {
    const id = await enrolledPast1stMessage({ not_interested: 'stop' }, false);
    await fileThread(GRACE, [said(GRACE, 'No thanks, not for us.', 1)]);
    expect((await enrollment(id)).state).toBe('active');
    model.answer(label('not_interested'));
    const before = await taskCount();
    expect(await classifyReplies(svc.ctx)).toBe(1);
    expect(await taskCount()).toBe(before);
    expect((await enrollment(id)).state).toBe('replied');

    await deliverDueWebhooks(svc.ctx);
    expect(events()[0].data.sequence_enrollment).toMatchObject({
      sequence_id: id,
      state: 'replied',
    });
  });

  test('a label the sequence does not name leaves it as stop_on_reply did', async () => {
    const id = await enrolledPast1stMessage({ not_interested: 'stop' }, false);
    await fileThread(GRACE, [said(GRACE, 'Tell me more!', 1)]);
    model.answer(label('interested'));
    await classifyReplies(svc.ctx);
    expect((await enrollment(id)).state).toBe('active');
    expect((await api('GET', `/api-sequences/${id}`)).body.replies_by_label).toEqual({
      interested: 1,
    });
  });
});

describe('without a model', () => {
  test('classification is off and says so; the inbox works', async () => {
    const bare = await startTestService();
    try {
      const t = await createAgentTeam(bare, 'No model', [
        { email: 'ada@nomodel.test', role: 'admin', joinedHoursAgo: 48 },
      ]);
      const a = t.members[0]!;
      await enqueueTask(bare.ctx.db, bare.ctx.signals, {
        teamId: t.id,
        type: 'agent_conversation_messages_fetch',
        input: {
          task_type: 'agent_conversation_messages_fetch',
          conversation_urn: thread(GRACE),
          count: 20,
        },
        assignedUserId: a.userId,
      });
      const task = await claimTask(bare, a);
      await completeTask(bare, a, task!, {
        messages: [said(GRACE, 'Hi!', 1), said(ME, 'Hello', 2)],
      });
      expect(await classifyReplies(bare.ctx)).toBe(0);
      const res = await bare.call('GET', '/api-inbox', { headers: t.keyHeaders });
      const body = (await res.json()) as any;
      expect(body.data[0]).toMatchObject({
        classification: null,
        classification_error: 'not configured',
      });
      const one = await bare.call('GET', `/api-inbox/${encodeURIComponent(thread(GRACE))}`, {
        headers: t.keyHeaders,
      });
      const messages = ((await one.json()) as any).messages;
      expect(messages.map((m: any) => m.classification_error)).toEqual(['not configured', null]);
    } finally {
      await bare.close();
    }
  });
});
