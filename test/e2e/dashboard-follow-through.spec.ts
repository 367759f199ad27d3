import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { CHROME_PATH, E2E_SERVICE_URL } from './support/e2e-env.js';
import { mailedCode, publicApi, setFastPace, startE2eService, type E2eService } from './support/harness.js';

/**
 * The dashboard's follow-through panels (issue 21, part 4) in Debian's Chromium against the real
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
  katherine: { urn: 'urn:li:fsd_profile:ACoAAKatherine', name: 'Katherine Johnson', slug: 'katherine-johnson' },
  edsger: { urn: 'urn:li:fsd_profile:ACoAAEdsger', name: 'Edsger Dijkstra', slug: 'edsger-dijkstra' },
};
type Person = (typeof PEOPLE)[keyof typeof PEOPLE];
const conversationOf = (p: Person) => `urn:li:msg_conversation:(${SELF},2-${p.slug.replace('-', '')})`;
const START = Date.now();
/** Fixed per test run: the service knows a message again by its sender and time. */
const hoursAgo = (h: number) => new Date(START - h * 3_600_000).toISOString();

let dataDir: string;
let service: E2eService;
let browser: Browser;
let page: Page;
let agent: Record<string, string>;
let api: ReturnType<typeof publicApi>;
const pageErrors: string[] = [];

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'na-e2e-dashboard-follow-'));
  await mkdir(ARTIFACTS, { recursive: true });
  service = await startE2eService(dataDir);
  browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/favicon|the server responded with a status of 4\d\d/i.test(msg.text())) pageErrors.push(msg.text());
  });
});

test.afterAll(async () => {
  await browser?.close();
  await service?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${E2E_SERVICE_URL}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The emulated extension takes the next task: it must be of this type. */
async function claim(type: string): Promise<{ id: string; type: string; attempt: number; input: Record<string, unknown> }> {
  const res = await call('POST', '/agent/tasks/claim', agent, { wait_s: 10 });
  expect(res.status).toBe(200);
  expect(res.body?.task?.type, JSON.stringify(res.body)).toBe(type);
  return res.body.task;
}

async function complete(task: { id: string; attempt: number }, output: Record<string, unknown>) {
  const res = await call('POST', `/agent/tasks/${task.id}/complete`, agent, { attempt: task.attempt, output });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Each panel at 1280 px and as a phone shows it; nothing may stick out sideways at 375 px. */
async function screenshots(name: string, panel: string) {
  await page.locator(`#${panel}`).screenshot({ path: join(ARTIFACTS, `${name}-1280.png`) });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.locator(`#${panel}`).screenshot({ path: join(ARTIFACTS, `${name}-375.png`) });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 && (el as HTMLElement).offsetParent !== null)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`),
  );
  expect(wide, `horizontal overflow at 375 px on ${name}`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('sign in; the extension calls in', async () => {
  await page.goto(E2E_SERVICE_URL);
  const sentAfter = Date.now();
  await page.locator('#sign-in').getByLabel('E-mail').fill(EMAIL);
  await page.locator('#sign-in').getByLabel(/Full name/).fill('Grace Hopper');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await mailedCode(service.outboxDir, EMAIL, sentAfter - 1000));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#live-state')).toHaveText('Live');

  const raw = await page.evaluate(() => Object.values({ ...sessionStorage }).find((v) => v.includes('agent_token'))!);
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
  expect((await call('POST', '/agent/consent', agent, { version: asked.body.version })).status).toBe(200);
  await setFastPace({ api_key: s.team.api_key, agent_token: s.agent_token, service_url: E2E_SERVICE_URL });
  // The relationship sync would queue its own reads between the test's claims: not due in this test.
  await service.ctx.db.query(
    `INSERT INTO relationship_sync (team_id, user_id, next_sync_at)
     SELECT team_id, user_id, now() + interval '1 day' FROM memberships
     ON CONFLICT (team_id, user_id) DO UPDATE SET next_sync_at = EXCLUDED.next_sync_at`,
  );
});

test('Inbox: replies first, unread marked; open a thread, reply and mark read through the extension', async () => {
  const inbox = page.locator('#inbox');
  await expect(inbox.locator('#inbox-list')).toContainText('No conversations yet');

  await test.step('"Check for new messages" reads the member’s inbox through the extension', async () => {
    await inbox.getByRole('button', { name: 'Check for new messages' }).click();
    await expect(inbox.locator('#inbox-read-now-task')).toContainText('Reading your inbox: queued');
    const read = await claim('agent_conversations_fetch');
    expect(read.input).toMatchObject({ count: 20 });
    const conversation = (p: Person, o: { unread: boolean; hours: number; text: string; fromMe: boolean }) => ({
      conversation_urn: conversationOf(p),
      unread: o.unread,
      last_activity_at: hoursAgo(o.hours),
      participants: [{ profile_urn: p.urn, name: p.name, profile_url: `https://www.linkedin.com/in/${p.slug}/` }],
      last_message: { text: o.text, sender_urn: o.fromMe ? SELF : p.urn, from_me: o.fromMe, delivered_at: hoursAgo(o.hours) },
    });
    await complete(read, {
      conversations: [
        // Newest first, as the network lists them: my own message to Alan is the newest.
        conversation(PEOPLE.alan, { unread: false, hours: 1, text: 'Looking forward to it.', fromMe: true }),
        conversation(PEOPLE.ada, { unread: true, hours: 3, text: 'Thank you! Shall we talk on Thursday?', fromMe: false }),
        conversation(PEOPLE.katherine, { unread: false, hours: 30, text: 'Could you send the deck again?', fromMe: false }),
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
    // The thread's full history arrives with a read of its messages (here through the public API).
    const id = await api.create('fetch-conversation-messages', { conversation_urn: conversationOf(PEOPLE.ada) });
    const task = await claim('agent_conversation_messages_fetch');
    expect(task.id).toBe(id);
    await complete(task, {
      messages: [
        { text: 'Thank you! Shall we talk on Thursday?', sender_urn: PEOPLE.ada.urn, sender_name: 'Ada Lovelace', from_me: false, delivered_at: hoursAgo(3) },
        { text: 'Hi Ada, loved your notes on the engine.', sender_urn: SELF, sender_name: 'Grace Hopper', from_me: true, delivered_at: hoursAgo(20) },
      ],
    });
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
    expect(send.input).toEqual({ task_type: 'agent_send_message', conversation_urn: conversationOf(PEOPLE.ada), message_text: 'Thursday at ten works.' });
    await complete(send, { sent: true, conversation_urn: conversationOf(PEOPLE.ada), delivered_at: new Date().toISOString() });
    await expect(ada.locator('.engagement', { hasText: 'Reply' })).toContainText('Reply: done ✓');
    // The service keeps what it sent: the thread shows it, and Ada no longer waits for an answer.
    await expect(ada.locator('ol.messages > li').last()).toContainText('Thursday at ten works.');
    await expect(ada.locator('.badge', { hasText: 'awaits your reply' })).toHaveCount(0);
  });

  await test.step('Mark read queues mark-conversation-read; the unread mark goes once the extension did it', async () => {
    await ada.getByRole('button', { name: 'Mark read' }).click();
    await expect(ada.locator('.engagement', { hasText: 'Mark read' })).toContainText('Mark read: queued');
    await expect(ada.getByRole('button', { name: 'Mark read' })).toBeDisabled();
    const mark = await claim('agent_conversation_mark_read');
    expect(mark.input).toEqual({ task_type: 'agent_conversation_mark_read', conversation_urn: conversationOf(PEOPLE.ada) });
    await complete(mark, { marked_read: true });
    await expect(ada.locator('.engagement', { hasText: 'Mark read' })).toContainText('Mark read: done ✓');
    await expect(ada.locator('.badge', { hasText: 'unread' })).toHaveCount(0);
  });

  await screenshots('11-dashboard-inbox', 'inbox');
  expect(pageErrors).toEqual([]);
});

test('Connection requests: pending with their age, filter by state, withdraw one, withdraw every one older than N days', async () => {
  const panel = page.locator('#connection-requests');
  const invite = async (p: Person, note?: string) => {
    const id = await api.create('send-connection-request', { profile_urn: p.urn, ...(note ? { note } : {}) });
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
      await service.ctx.db.query(`UPDATE sent_invitations SET sent_at = now() - make_interval(days => $2) WHERE profile_urn = $1`, [p.urn, days]);
    }
    await api.create('fetch-sent-invitations', {});
    const read = await claim('agent_sent_invitations_fetch');
    await complete(read, {
      invitations: Object.entries(sent).map(([slug, days]) => {
        const p = PEOPLE[slug as keyof typeof sent];
        return { invitation_urn: `urn:li:invitation:${p.slug}`, profile_urn: p.urn, name: p.name, profile_url: `https://www.linkedin.com/in/${p.slug}/`, sent_at: hoursAgo(24 * days), note: null };
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
    await expect(alan.locator('.confirm')).toContainText('cannot be invited again for about three weeks');
    await alan.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(alan.locator('.engagement')).toContainText('Withdraw: queued');
    const task = await claim('agent_invitation_withdraw');
    expect(task.input).toEqual({ task_type: 'agent_invitation_withdraw', profile_urn: PEOPLE.alan.urn });
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
    await expect(panel.locator('#withdraw-older-confirm')).toContainText('No pending invitation was sent 30 or more days ago.');
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
    expect([first.input.profile_urn, second.input.profile_urn].sort()).toEqual([PEOPLE.edsger.urn, PEOPLE.katherine.urn].sort());
    // Katherine's was meanwhile accepted or withdrawn on the network: the failure says so in words.
    const katherine = first.input.profile_urn === PEOPLE.katherine.urn ? first : second;
    const edsger = katherine === first ? second : first;
    await complete(edsger, { withdrawn: true });
    const failed = await call('POST', `/agent/tasks/${katherine.id}/fail`, agent, {
      attempt: katherine.attempt,
      error: { code: 'invitation_not_found', message: 'No pending invitation to this person', retryable: false },
    });
    expect(failed.body).toEqual({ status: 'failed' });
    await expect(items).toHaveCount(1);
    await expect(items.nth(0).locator('.engagement')).toContainText('Withdraw failed: There is no pending invitation to withdraw');
    await expect(panel.locator('#withdraw-older-status')).toContainText('Queued 2 withdrawals.');
  });

  await screenshots('12-dashboard-connection-requests', 'connection-requests');
  expect(pageErrors).toEqual([]);
});
