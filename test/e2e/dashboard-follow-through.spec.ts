import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  holdRelationshipSync,
  openSection,
  publicApi,
  serviceCall as call,
  setFastPace,
  type E2eService,
} from './support/harness.js';
import { startDashboardWorld, type DashboardWorld } from './support/dashboard-world.js';
import { overflowingElements } from './support/page-overflow.js';
import { profileOutput } from '../support/profile-output.js';

/**
 * The dashboard's follow-through panels in Debian's Chromium against the real
 * service: the Inbox, Connection requests and Sequences, used as a member would. The member's
 * extension is emulated through the agent protocol (claim, complete), so each test sees exactly
 * which task a button queued, with which input, and decides what the network answered.
 * Screenshots of each panel at 1280 and 375 px go to test/e2e/artifacts/.
 */

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const EMAIL = 'grace@example.com';
const SELF = 'urn:li:fsd_profile:ACoAAGrace';
const PEOPLE = {
  ada: { urn: 'urn:li:fsd_profile:ACoAAAda', name: 'Ada Lovelace', slug: 'ada-lovelace' },
  alan: { urn: 'urn:li:fsd_profile:ACoAAAlan', name: 'Alan Turing', slug: 'alan-turing' },
  katherine: {
    urn: 'urn:li:fsd_profile:ACoAAKatherine',
    name: 'Katherine Johnson',
    slug: 'katherine-johnson',
  },
  edsger: {
    urn: 'urn:li:fsd_profile:ACoAAEdsger',
    name: 'Edsger Dijkstra',
    slug: 'edsger-dijkstra',
  },
};
type Person = (typeof PEOPLE)[keyof typeof PEOPLE];
const conversationOf = (p: Person) =>
  `urn:li:msg_conversation:(${SELF},2-${p.slug.replace('-', '')})`;
const START = Date.now();
/** Fixed per test run: the service knows a message again by its sender and time. */
const hoursAgo = (h: number) => new Date(START - h * 3_600_000).toISOString();

let world: DashboardWorld;
let service: E2eService;
let page: Page;
let agent: Record<string, string>;
let api: ReturnType<typeof publicApi>;
let pageErrors: string[];

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  world = await startDashboardWorld('dashboard-follow');
  ({ service, page, errors: pageErrors } = world);
});

test.afterAll(async () => world?.stop());

/** The emulated extension takes the next task: it must be of this type. */
async function claim(
  type: string,
): Promise<{ id: string; type: string; attempt: number; input: Record<string, unknown> }> {
  const res = await call('POST', '/agent/tasks/claim', agent, { wait_s: 20 });
  expect(res.status).toBe(200);
  expect(res.body?.task?.type, JSON.stringify(res.body)).toBe(type);
  return res.body.task;
}

async function complete(task: { id: string; attempt: number }, output: Record<string, unknown>) {
  const res = await call('POST', `/agent/tasks/${task.id}/complete`, agent, {
    attempt: task.attempt,
    output,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Each panel at 1280 px and as a phone shows it; nothing may stick out sideways at 375 px. */
async function screenshots(name: string, panel: string) {
  // No field keeps the focus through the resizes: Chromium scrolls a focused field back into view
  // at the next click, which would move the button under the pointer away.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.locator(`#${panel}`).screenshot({ path: join(ARTIFACTS, `${name}-1280.png`) });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.locator(`#${panel}`).screenshot({ path: join(ARTIFACTS, `${name}-375.png`) });
  expect(await overflowingElements(page), `horizontal overflow at 375 px on ${name}`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('sign in; the extension calls in', async () => {
  await page.goto(E2E_SERVICE_URL);
  const sentAfter = Date.now();
  await page.locator('#sign-in').getByLabel('E-mail').fill(EMAIL);
  await page
    .locator('#sign-in')
    .getByLabel(/Full name/)
    .fill('Grace Hopper');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await world.mailedCode(EMAIL, sentAfter - 1000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#live-state')).toHaveText('Live');
  // Every panel of these tests is in Outreach.
  await openSection(page, 'outreach');

  const raw = await page.evaluate(
    () => Object.values({ ...sessionStorage }).find((v) => v.includes('agent_token'))!,
  );
  const s = JSON.parse(raw) as { team: { api_key: string }; agent_token: string };
  agent = { 'x-api-key': s.team.api_key, authorization: `Bearer ${s.agent_token}` };
  api = publicApi(E2E_SERVICE_URL, s.team.api_key);
  const hb = await call('POST', '/agent/heartbeat', agent, {
    extension_version: '1.4.2',
    browser: 'chrome 156',
    network: { signed_in: true, member_urn: SELF, public_identifier: 'grace-hopper' },
    paused: false,
  });
  expect(hb.status).toBe(200);
  const asked = await call('GET', '/agent/consent', agent);
  expect(
    (await call('POST', '/agent/consent', agent, { version: asked.body.version })).status,
  ).toBe(200);
  await setFastPace({
    api_key: s.team.api_key,
    agent_token: s.agent_token,
    service_url: E2E_SERVICE_URL,
  });
  // The relationship sync would queue its own reads between the test's claims: not due in this test.
  await holdRelationshipSync(service.ctx);
  // The account's warm-up (docs/budgets.md, "Warm-up") would hold its writes to a fifth of the
  // budgets; the follow-through, not the ramp, is what these tests are about.
  const ended = await call('PATCH', '/api-team-members/warm-up', agent, {
    email: EMAIL,
    ends_now: true,
    i_accept_the_risk: true,
  });
  expect(ended.status).toBe(200);
});

test('Inbox: replies first, unread marked; open a thread, reply and mark read through the extension', async () => {
  const inbox = page.locator('#inbox');
  await expect(inbox.locator('#inbox-list')).toContainText('No conversations yet');

  await test.step('"Check for new messages" reads the member’s inbox through the extension', async () => {
    await inbox.getByRole('button', { name: 'Check for new messages' }).click();
    await expect(inbox.locator('#inbox-read-now-task')).toContainText('Reading your inbox: queued');
    const read = await claim('agent_conversations_fetch');
    expect(read.input).toMatchObject({ count: 20 });
    const conversation = (
      p: Person,
      o: { unread: boolean; hours: number; text: string; fromMe: boolean },
    ) => ({
      conversation_urn: conversationOf(p),
      unread: o.unread,
      last_activity_at: hoursAgo(o.hours),
      participants: [
        { profile_urn: p.urn, name: p.name, profile_url: `https://www.linkedin.com/in/${p.slug}/` },
      ],
      last_message: {
        text: o.text,
        sender_urn: o.fromMe ? SELF : p.urn,
        from_me: o.fromMe,
        delivered_at: hoursAgo(o.hours),
      },
    });
    await complete(read, {
      conversations: [
        // Newest first, as the network lists them: my own message to Alan is the newest.
        conversation(PEOPLE.alan, {
          unread: false,
          hours: 1,
          text: 'Looking forward to it.',
          fromMe: true,
        }),
        conversation(PEOPLE.ada, {
          unread: true,
          hours: 3,
          text: 'Thank you! Shall we talk on Thursday?',
          fromMe: false,
        }),
        conversation(PEOPLE.katherine, {
          unread: false,
          hours: 30,
          text: 'Could you send the deck again?',
          fromMe: false,
        }),
      ],
    });
    await expect(inbox.locator('#inbox-read-now-task')).toContainText('Reading your inbox: done ✓');
  });

  const cards = inbox.locator('#inbox-list > li.conversation');
  await test.step('replies waiting for an answer come first; unread is marked', async () => {
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText('Ada Lovelace');
    await expect(cards.nth(1)).toContainText('Katherine Johnson');
    await expect(cards.nth(2)).toContainText('Alan Turing');
    await expect(cards.nth(0).locator('.badge', { hasText: 'unread' })).toBeVisible();
    await expect(cards.nth(0).locator('.badge', { hasText: 'awaits your reply' })).toBeVisible();
    await expect(cards.nth(1).locator('.badge', { hasText: 'unread' })).toHaveCount(0);
    await expect(cards.nth(2).locator('.badge', { hasText: 'awaits your reply' })).toHaveCount(0);
    await expect(cards.nth(2)).toContainText('You: Looking forward to it.');
    await expect(inbox.locator('#inbox-status')).toHaveText('2 waiting for your answer.');
    await inbox.getByLabel('Unread only').check();
    await expect(cards).toHaveCount(1);
    await inbox.getByLabel('Unread only').uncheck();
    await expect(cards).toHaveCount(3);
  });

  const ada = cards.filter({ hasText: 'Ada Lovelace' });
  await test.step('open Ada’s thread: her messages, oldest first', async () => {
    // Conversations whose last word is the other person's get their messages read by the service
    // on its own (the relationship sync, every 15 s): the extension is handed one read for each.
    const threads: Record<string, unknown[]> = {
      [conversationOf(PEOPLE.ada)]: [
        {
          text: 'Thank you! Shall we talk on Thursday?',
          sender_urn: PEOPLE.ada.urn,
          sender_name: 'Ada Lovelace',
          from_me: false,
          delivered_at: hoursAgo(3),
        },
        {
          text: 'Hi Ada, loved your notes on the engine.',
          sender_urn: SELF,
          sender_name: 'Grace Hopper',
          from_me: true,
          delivered_at: hoursAgo(20),
        },
      ],
      [conversationOf(PEOPLE.katherine)]: [
        {
          text: 'Could you send the deck again?',
          sender_urn: PEOPLE.katherine.urn,
          sender_name: 'Katherine Johnson',
          from_me: false,
          delivered_at: hoursAgo(30),
        },
      ],
    };
    for (let i = 0; i < 2; i++) {
      const read = await claim('agent_conversation_messages_fetch');
      const messages = threads[String(read.input.conversation_urn)];
      expect(messages, String(read.input.conversation_urn)).toBeDefined();
      await complete(read, { messages });
    }
    await ada.getByRole('button', { name: 'Open' }).click();
    const messages = ada.locator('ol.messages > li');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0)).toContainText('Hi Ada, loved your notes on the engine.');
    await expect(messages.nth(0)).toHaveClass(/mine/);
    await expect(messages.nth(1)).toContainText('Thank you! Shall we talk on Thursday?');
    await expect(messages.nth(1)).toHaveClass(/theirs/);
  });

  await test.step('Reply queues send-message in that thread, as the member; the card follows it to done', async () => {
    await ada.getByRole('button', { name: 'Send reply' }).click();
    await expect(ada.locator('.status[data-kind="error"]')).toHaveText('Write the reply first.');
    await ada.getByLabel(/^Reply/).fill('Thursday at ten works.');
    await ada.getByRole('button', { name: 'Send reply' }).click();
    await expect(ada.locator('.engagement', { hasText: 'Reply' })).toContainText('Reply: queued');
    await expect(ada.getByLabel(/^Reply/)).toHaveValue('');
    const send = await claim('agent_send_message');
    expect(send.input).toEqual({
      task_type: 'agent_send_message',
      conversation_urn: conversationOf(PEOPLE.ada),
      message_text: 'Thursday at ten works.',
    });
    await complete(send, {
      sent: true,
      conversation_urn: conversationOf(PEOPLE.ada),
      delivered_at: new Date().toISOString(),
    });
    await expect(ada.locator('.engagement', { hasText: 'Reply' })).toContainText('Reply: done ✓');
    // The service keeps what it sent: the thread shows it, and Ada no longer waits for an answer.
    await expect(ada.locator('ol.messages > li').last()).toContainText('Thursday at ten works.');
    await expect(ada.locator('.badge', { hasText: 'awaits your reply' })).toHaveCount(0);
  });

  await test.step('Mark read queues mark-conversation-read; the unread mark goes once the extension did it', async () => {
    await ada.getByRole('button', { name: 'Mark read' }).click();
    await expect(ada.locator('.engagement', { hasText: 'Mark read' })).toContainText(
      'Mark read: queued',
    );
    await expect(ada.getByRole('button', { name: 'Mark read' })).toBeDisabled();
    const mark = await claim('agent_conversation_mark_read');
    expect(mark.input).toEqual({
      task_type: 'agent_conversation_mark_read',
      conversation_urn: conversationOf(PEOPLE.ada),
    });
    await complete(mark, { marked_read: true });
    await expect(ada.locator('.engagement', { hasText: 'Mark read' })).toContainText(
      'Mark read: done ✓',
    );
    await expect(ada.locator('.badge', { hasText: 'unread' })).toHaveCount(0);
  });

  await test.step('read the thread again from the network: a read of its messages as the member; the new one shows', async () => {
    await ada.getByRole('button', { name: 'Read the conversation again from the network' }).click();
    await expect(ada.locator('.engagement', { hasText: 'Reading the conversation' })).toContainText(
      'queued',
    );
    const read = await claim('agent_conversation_messages_fetch');
    expect(read.input).toMatchObject({
      task_type: 'agent_conversation_messages_fetch',
      conversation_urn: conversationOf(PEOPLE.ada),
    });
    await complete(read, {
      messages: [
        {
          text: 'Perfect, see you then.',
          sender_urn: PEOPLE.ada.urn,
          sender_name: 'Ada Lovelace',
          from_me: false,
          delivered_at: new Date().toISOString(),
        },
        {
          text: 'Thursday at ten works.',
          sender_urn: SELF,
          sender_name: 'Grace Hopper',
          from_me: true,
          delivered_at: hoursAgo(0.1),
        },
      ],
    });
    await expect(ada.locator('.engagement', { hasText: 'Reading the conversation' })).toContainText(
      'done ✓',
    );
    await expect(ada.locator('ol.messages > li').last()).toContainText('Perfect, see you then.');
    // Her new message is the conversation's last word: she waits for an answer again, first in the list.
    await expect(cards.nth(0)).toContainText('Ada Lovelace');
    await expect(ada.locator('.last-message')).toHaveText('Perfect, see you then.');
    await expect(ada.locator('.badge', { hasText: 'awaits your reply' })).toBeVisible();
  });

  await screenshots('11-dashboard-inbox', 'inbox');
  expect(pageErrors).toEqual([]);
});

test('Connection requests: pending with their age, filter by state, withdraw one, withdraw every one older than N days', async () => {
  const panel = page.locator('#connection-requests');
  const invite = async (p: Person, note?: string) => {
    const id = await api.create('send-connection-request', {
      profile_urn: p.urn,
      ...(note ? { note } : {}),
    });
    const task = await claim('agent_connection_request');
    expect(task.id).toBe(id);
    await complete(task, { sent: true, invitation_urn: `urn:li:invitation:${p.slug}` });
  };

  await test.step('four invitations sent through the service; a read of the sent list names them; Ada accepts', async () => {
    await invite(PEOPLE.katherine, 'Hi Katherine, I admire your orbital work.');
    await invite(PEOPLE.edsger);
    await invite(PEOPLE.alan);
    await invite(PEOPLE.ada);
    // What the network knows: when each was sent (the service's own record is moved back to match).
    const sent = { katherine: 20, edsger: 16, alan: 3 } as const;
    for (const [slug, days] of Object.entries(sent)) {
      const p = PEOPLE[slug as keyof typeof sent];
      await service.ctx.db.query(
        `UPDATE sent_invitations SET sent_at = now() - make_interval(days => $2) WHERE profile_urn = $1`,
        [p.urn, days],
      );
    }
    await api.create('fetch-sent-invitations', {});
    const read = await claim('agent_sent_invitations_fetch');
    await complete(read, {
      invitations: Object.entries(sent).map(([slug, days]) => {
        const p = PEOPLE[slug as keyof typeof sent];
        return {
          invitation_urn: `urn:li:invitation:${p.slug}`,
          profile_urn: p.urn,
          name: p.name,
          profile_url: `https://www.linkedin.com/in/${p.slug}/`,
          sent_at: hoursAgo(24 * days),
          note: null,
        };
      }),
    });
    await api.create('fetch-connections', { since: hoursAgo(1) });
    const connections = await claim('agent_connections_fetch');
    await complete(connections, {
      connections: [
        {
          profile_urn: PEOPLE.ada.urn,
          public_identifier: PEOPLE.ada.slug,
          full_name: PEOPLE.ada.name,
          headline: 'Mathematician',
          profile_url: `https://www.linkedin.com/in/${PEOPLE.ada.slug}/`,
          image_url: null,
          connected_at: new Date().toISOString(),
        },
      ],
      start: 0,
      count: 1,
      total: 1,
    });
  });

  const items = panel.locator('#connection-request-list > li.invitation');
  await test.step('pending ones, newest first, with their age in days; the state filter', async () => {
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('Alan Turing');
    await expect(items.nth(0).locator('.age')).toHaveText('Sent 3 days ago');
    await expect(items.nth(1)).toContainText('Edsger Dijkstra');
    await expect(items.nth(1).locator('.age')).toHaveText('Sent 16 days ago');
    await expect(items.nth(2).locator('.age')).toHaveText('Sent 20 days ago');
    await expect(items.nth(2)).toContainText('“Hi Katherine, I admire your orbital work.”');
    await panel.getByLabel('State').selectOption('accepted');
    await expect(items).toHaveCount(1);
    await expect(items.nth(0)).toHaveAttribute('data-profile-urn', PEOPLE.ada.urn);
    await expect(items.nth(0).locator('.badge', { hasText: 'accepted' })).toBeVisible();
    await expect(items.nth(0).getByRole('button', { name: /Withdraw/ })).toHaveCount(0);
    await panel.getByLabel('State').selectOption('');
    await expect(items).toHaveCount(4);
    await panel.getByLabel('State').selectOption('pending');
    await expect(items).toHaveCount(3);
  });

  await test.step('withdraw one: confirmed first, queued as its sender for that person, followed to done', async () => {
    const alan = items.filter({ hasText: 'Alan Turing' });
    await alan.getByRole('button', { name: 'Withdraw…' }).click();
    await expect(alan.locator('.confirm')).toContainText(
      'cannot be invited again for about three weeks',
    );
    await alan.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(alan.locator('.engagement')).toContainText('Withdraw: queued');
    const task = await claim('agent_invitation_withdraw');
    expect(task.input).toEqual({
      task_type: 'agent_invitation_withdraw',
      profile_urn: PEOPLE.alan.urn,
    });
    await complete(task, { withdrawn: true });
    // Withdrawn: it leaves the pending list.
    await expect(items).toHaveCount(2);
    await panel.getByLabel('State').selectOption('withdrawn');
    await expect(items).toHaveCount(1);
    await expect(items.nth(0)).toContainText('Alan Turing');
    await panel.getByLabel('State').selectOption('pending');
    await expect(items).toHaveCount(2);
  });

  await test.step('every pending one older than N days: counted, confirmed, one withdrawal each', async () => {
    await panel.getByLabel(/older than/).fill('30');
    await panel.getByRole('button', { name: 'Withdraw…' }).first().click();
    await expect(panel.locator('#withdraw-older-confirm')).toContainText(
      'No pending invitation was sent 30 or more days ago.',
    );
    await panel.getByRole('button', { name: 'OK' }).click();
    await panel.getByLabel(/older than/).fill('15');
    await panel.locator('#withdraw-older-form').getByRole('button', { name: 'Withdraw…' }).click();
    const confirm = panel.locator('#withdraw-older-confirm');
    await expect(confirm).toContainText('Withdraw 2 pending invitations sent 15 or more days ago?');
    await screenshots('12-dashboard-connection-requests-confirm', 'connection-requests');
    await confirm.getByRole('button', { name: 'Withdraw 2' }).click();
    await expect(panel.locator('#withdraw-older-status')).toContainText('Queued 2 withdrawals.');
    const first = await claim('agent_invitation_withdraw');
    const second = await claim('agent_invitation_withdraw');
    expect([first.input.profile_urn, second.input.profile_urn].sort()).toEqual(
      [PEOPLE.edsger.urn, PEOPLE.katherine.urn].sort(),
    );
    // Katherine's was meanwhile accepted or withdrawn on the network: the failure says so in words.
    const katherine = first.input.profile_urn === PEOPLE.katherine.urn ? first : second;
    const edsger = katherine === first ? second : first;
    await complete(edsger, { withdrawn: true });
    const failed = await call('POST', `/agent/tasks/${katherine.id}/fail`, agent, {
      attempt: katherine.attempt,
      error: {
        code: 'invitation_not_found',
        message: 'No pending invitation to this person',
        retryable: false,
      },
    });
    expect(failed.body).toEqual({ status: 'failed' });
    await expect(items).toHaveCount(1);
    await expect(items.nth(0).locator('.engagement')).toContainText(
      'Withdraw failed: There is no pending invitation to withdraw',
    );
    await expect(panel.locator('#withdraw-older-status')).toContainText('Queued 2 withdrawals.');
  });

  await screenshots('12-dashboard-connection-requests', 'connection-requests');
  expect(pageErrors).toEqual([]);
});

test('Sequences: built from steps with a live preview, people enrolled by pasting, each followed, the funnel; pause, resume, delete', async () => {
  const panel = page.locator('#sequences');
  const form = panel.locator('form.sequence-form');
  const noteStep = form.locator('li.step-row[data-step-type="connection_request"]');
  const messageStep = form.locator('li.step-row[data-step-type="message"]');
  const margaret = {
    urn: 'urn:li:fsd_profile:ACoAAMargaret',
    name: 'Margaret Hamilton',
    slug: 'margaret-hamilton',
  };

  await test.step('with no sequence yet the form is open, with the usual steps and their preview for a sample person', async () => {
    await expect(panel.locator('#sequence-list')).toContainText('No sequences yet.');
    await expect(panel.locator('#create-sequence')).toHaveAttribute('open', '');
    await expect(form.locator('li.step-row')).toHaveCount(4);
    // The sender: the signed-in member, the team's members offered.
    await expect(form.getByLabel(/^Sender/)).toHaveValue(EMAIL);
    await expect(form.locator('#sequence-senders option')).toHaveAttribute('value', EMAIL);
    await expect(noteStep.locator('.preview')).toHaveText(
      'Preview: Hi Ada, I enjoyed reading about Analytical Engines. Shall we connect?',
    );
    await expect(messageStep.locator('.preview')).toHaveText(
      'Preview: Thanks for connecting, Ada! Would a short call next week suit you?',
    );
  });

  await test.step('the preview follows every keystroke: fallbacks, an unknown field as the API’s 400, an empty field without fallback', async () => {
    await form.getByLabel('Company', { exact: true }).fill('');
    await expect(noteStep.locator('.preview')).toHaveText(
      'Preview: Hi Ada, I enjoyed reading about your work. Shall we connect?',
    );
    await form.getByLabel('First name', { exact: true }).fill('');
    await expect(noteStep.locator('.preview')).toHaveText(
      'Preview: Hi there, I enjoyed reading about your work. Shall we connect?',
    );

    const unknown =
      "Unknown template field '{title}' in step 4: use {first_name}, {last_name}, {company}, {headline}, each with an optional fallback such as {first_name|there}";
    await messageStep
      .getByLabel(/^Text/)
      .fill('Hi {first_name|there}, how is being {title} going?');
    await expect(messageStep.locator('.preview.error')).toHaveText(unknown);
    await form.getByLabel('Name', { exact: true }).fill('Robotics founders');
    await form.getByRole('button', { name: 'Create sequence' }).click();
    // The service refuses it in the same words.
    await expect(form.locator('.status[data-kind="error"]')).toHaveText(unknown);

    await messageStep
      .getByLabel(/^Text/)
      .fill('Thanks for connecting, {first_name}! Would a short call next week suit you?');
    await expect(messageStep.locator('.preview.error')).toHaveText(
      'This person’s step would fail: the message needs {first_name}, which is empty for this person and has no fallback.',
    );
    await form.getByLabel('First name', { exact: true }).fill('Ada');
    await form.getByLabel('Company', { exact: true }).fill('Analytical Engines');
    await expect(messageStep.locator('.preview')).toHaveText(
      'Preview: Thanks for connecting, Ada! Would a short call next week suit you?',
    );
  });

  await test.step('add a step, set its delay, create: the card sums the steps up and opens', async () => {
    await form.getByLabel('Step to add').selectOption('like_latest_post');
    await form.getByRole('button', { name: 'Add step' }).click();
    const like = form.locator('li.step-row[data-step-type="like_latest_post"]');
    await like.getByLabel('after').fill('48');
    await expect(form.locator('li.step-row')).toHaveCount(5);
    await screenshots('13-dashboard-sequence-builder', 'sequences');
    await form.getByRole('button', { name: 'Create sequence' }).click();
    await expect(panel.locator('#sequences-status')).toHaveText(
      'Created “Robotics founders”. Enroll people in it below.',
    );
    const card = panel.locator('li.sequence', { hasText: 'Robotics founders' });
    await expect(card.locator('.steps-summary')).toHaveText(
      'Visit → Invite with a note → Wait ≤ 15 d, then withdraw → Message after 24 h → Like after 48 h',
    );
    await expect(card.locator('.badge', { hasText: 'active' })).toBeVisible();
    const listed = await call('GET', '/api-sequences', { 'x-api-key': agent['x-api-key']! });
    expect(listed.body.sequences).toHaveLength(1);
    expect(listed.body.sequences[0]).toMatchObject({
      name: 'Robotics founders',
      sender: { email: EMAIL },
      stop_on_reply: true,
      steps: [
        { type: 'visit' },
        {
          type: 'connection_request',
          note: 'Hi {first_name|there}, I enjoyed reading about {company|your work}. Shall we connect?',
        },
        { type: 'wait_for_acceptance', max_days: 15, withdraw_if_not_accepted: true },
        {
          type: 'message',
          text: 'Thanks for connecting, {first_name}! Would a short call next week suit you?',
          delay_hours: 24,
        },
        { type: 'like_latest_post', delay_hours: 48 },
      ],
    });
  });

  const card = panel.locator('li.sequence', { hasText: 'Robotics founders' });
  const people = card.locator('ul.people > li.person');
  await test.step('enroll by pasting profiles: who was enrolled, who was skipped and why', async () => {
    await card
      .getByLabel(/^Enroll people/)
      .fill(
        [
          `https://www.linkedin.com/in/${margaret.slug}/`,
          'edsger-dijkstra',
          '',
          PEOPLE.ada.urn,
          'edsger-dijkstra',
          'urn:li:member:12345',
          'not a profile!',
        ].join('\n'),
      );
    await card.getByRole('button', { name: 'Enroll' }).click();
    const result = card.locator('.enroll-result');
    await expect(result).toContainText('Enrolled 2; skipped 4:');
    const skipped = result.locator('ul.skipped > li');
    await expect(skipped).toHaveText([
      `${PEOPLE.ada.urn}: replied to the team before`,
      'edsger-dijkstra: listed twice',
      'urn:li:member:12345: a member id names no profile the network can open: give the profile URL or its fsd_profile URN',
      'not a profile!: not a profile URL, slug or URN',
    ]);
    await expect(people).toHaveCount(2);
    await expect(people.first().locator('.current-step')).toHaveText('1 of 5: Visit the profile');
  });

  await test.step('each person as the steps run: the note filled for them, waiting for the acceptance, a failure in words', async () => {
    for (let i = 0; i < 2; i++) {
      const visit = await claim('agent_profile_fetch');
      if (visit.input.profile_slug === 'edsger-dijkstra') {
        const failed = await call('POST', `/agent/tasks/${visit.id}/fail`, agent, {
          attempt: visit.attempt,
          error: { code: 'not_found', message: 'This profile does not exist', retryable: false },
        });
        expect(failed.body).toEqual({ status: 'failed' });
        continue;
      }
      expect(visit.input.profile_slug).toBe(margaret.slug);
      await complete(
        visit,
        profileOutput({
          profile_urn: margaret.urn,
          public_identifier: margaret.slug,
          name: margaret.name,
          headline: 'Director of Software Engineering',
          location: 'Cambridge, MA',
          followers: 900,
          experience: [
            {
              title: 'Director',
              company_name: 'MIT Instrumentation Lab',
              location: null,
              description: null,
              start: null,
              end: null,
            },
          ],
          network_degree: 'second',
        }),
      );
    }
    const invite = await claim('agent_connection_request');
    // The note the preview promised, filled with what the visit read.
    expect(invite.input).toEqual({
      task_type: 'agent_connection_request',
      profile_urn: margaret.urn,
      note: 'Hi Margaret, I enjoyed reading about MIT Instrumentation Lab. Shall we connect?',
    });
    await complete(invite, { sent: true, invitation_urn: 'urn:li:invitation:margaret' });

    const maggie = people.filter({ hasText: margaret.name });
    await expect(maggie).toHaveAttribute('data-state', 'waiting_acceptance');
    await expect(maggie.locator('.current-step')).toHaveText('3 of 5: Wait for the acceptance');
    await expect(maggie.locator('.waiting-reason')).toContainText(
      'waiting for Margaret Hamilton to accept the invitation, until',
    );
    // The service's ISO time, shown in the reader's own words.
    await expect(maggie.locator('.waiting-reason')).not.toContainText(/\d{4}-\d\d-\d\dT/);
    await expect(maggie.locator('.next-run')).toContainText('in 15 days');
    const edsger = people.filter({ hasText: 'edsger-dijkstra' });
    await expect(edsger).toHaveAttribute('data-state', 'failed');
    await expect(edsger.locator('.bad-text')).not.toBeEmpty();
    await expect(card.locator('.funnel [data-stage="invited"] .stage-n')).toHaveText('1');

    await card.getByLabel('State of the people listed').selectOption('failed');
    await expect(people).toHaveCount(1);
    await expect(people.first()).toContainText('edsger-dijkstra');
    await card.getByLabel('State of the people listed').selectOption('');
    await expect(people).toHaveCount(2);
  });

  await test.step('Margaret accepts: she moves on to the message, due a day later; the funnel counts her', async () => {
    await api.create('fetch-connections', { since: hoursAgo(1) });
    const read = await claim('agent_connections_fetch');
    await complete(read, {
      connections: [
        {
          profile_urn: margaret.urn,
          public_identifier: margaret.slug,
          full_name: margaret.name,
          headline: 'Director of Software Engineering',
          profile_url: `https://www.linkedin.com/in/${margaret.slug}/`,
          image_url: null,
          connected_at: new Date().toISOString(),
        },
      ],
      start: 0,
      count: 1,
      total: 1,
    });
    const maggie = people.filter({ hasText: margaret.name });
    await expect(maggie.locator('.current-step')).toHaveText('4 of 5: Message', {
      timeout: 20_000,
    });
    await expect(maggie.locator('.next-run')).toHaveText('tomorrow');
    // delay_hours counts from the end of the step before: a day after the acceptance was seen.
    const due =
      Date.parse((await maggie.locator('.next-run time').getAttribute('datetime'))!) - Date.now();
    expect(due / 3_600_000).toBeGreaterThan(23);
    expect(due / 3_600_000).toBeLessThanOrEqual(24);
    const funnel = card.locator('.funnel');
    await expect(funnel.locator('[data-stage="enrolled"] .stage-n')).toHaveText('2');
    await expect(funnel.locator('[data-stage="accepted"] .stage-n')).toHaveText('1');
    await expect(funnel.locator('[data-stage="accepted"] .stage-rate')).toHaveText('100 %');
    await expect(funnel.locator('[data-stage="messaged"] .stage-rate')).toHaveText('0 %');
    await expect(funnel.locator('[data-stage="replied"] .stage-rate')).toHaveText('—');
    await screenshots('14-dashboard-sequence', 'sequences');
    // The whole page: where the three panels sit among the others.
    await page.screenshot({
      path: join(ARTIFACTS, '15-dashboard-follow-through-1280.png'),
      fullPage: true,
    });
  });

  await test.step('stop one person: DELETE of their enrollment; the list says stopped', async () => {
    const maggie = people.filter({ hasText: margaret.name });
    await maggie.getByRole('button', { name: 'Stop for this person' }).click();
    await expect(maggie).toHaveAttribute('data-state', 'stopped');
    await expect(maggie.getByRole('button', { name: 'Stop for this person' })).toHaveCount(0);
    const id = await maggie.getAttribute('data-enrollment-id');
    const sequenceId = await card.getAttribute('data-sequence-id');
    const listed = await call('GET', `/api-sequences/${sequenceId}/enrollments?state=stopped`, {
      'x-api-key': agent['x-api-key']!,
    });
    expect(listed.body.enrollments.map((e: { id: string }) => e.id)).toEqual([id]);
  });

  await test.step('pause, resume, delete (confirmed)', async () => {
    const status = async () =>
      (await call('GET', '/api-sequences', { 'x-api-key': agent['x-api-key']! })).body.sequences[0]
        ?.status;
    await card.getByRole('button', { name: 'Pause' }).click();
    await expect(card.locator('.badge', { hasText: 'paused' })).toBeVisible();
    expect(await status()).toBe('paused');
    await card.getByRole('button', { name: 'Resume' }).click();
    await expect(card.locator('.badge', { hasText: 'active' })).toBeVisible();
    expect(await status()).toBe('active');
    await card.getByRole('button', { name: 'Delete…' }).click();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(panel.locator('#sequences-status')).toHaveText(
      'Deleted “Robotics founders”: everyone in it stopped.',
    );
    await expect(panel.locator('li.sequence')).toHaveCount(0);
    expect(await status()).toBeUndefined();
  });
  expect(pageErrors).toEqual([]);
});
