import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  FAST_PACE,
  mailedCode,
  openSection,
  publicApi,
  serviceCall as call,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';

/**
 * Informed consent with the real extension (docs/agent-protocol.md "Consent"): a member
 * invited to a team signs in and is shown, before anything runs, what will be done in their name,
 * by whom, and the risk to their account. "Not now": nothing is claimed and the admin sees why. "I
 * understand, start": the member's tasks run, except the write kind they turned off, which is never
 * assigned to them. Every write done in their name shows in the popup with who queued it. A new
 * version of the text asks again. Screenshots at the popup's size in test/e2e/artifacts/.
 */

const ADMIN = 'ada@example.com';
const MEMBER = 'bob@example.com';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

let world: AgentWorld;
let popup: Page;
let api: ReturnType<typeof publicApi>;
let admin: Record<string, string>;
/** The member's task queued while he had not agreed. */
let waiting: string;

test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

/** The popup at its size: what the member sees first, and the whole page. */
async function shot(name: string) {
  await popup.screenshot({ path: join(ARTIFACTS, `consent-${name}.png`) });
  await popup.screenshot({ path: join(ARTIFACTS, `consent-${name}-full.png`), fullPage: true });
}

const bobInTeam = async () => {
  const team = await call('GET', '/api-team', admin);
  return team.body.members.find((m: { email: string }) => m.email === MEMBER) as {
    consent_acknowledged_at: string | null;
    consent_version: string | null;
    consent_current: boolean;
    refused_types: string[];
    safety: { waiting: { task_id: string; waiting_reason: string }[] } | null;
  };
};

/** Stays pending for a few seconds: the member's agent, which claims in a loop, is given nothing. */
async function staysPending(id: string, ms = 4_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    expect((await api.status(id)).data.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  world = await startAgentWorld('consent', 'today');
  popup = world.popup;
  await popup.setViewportSize({ width: 360, height: 600 });
  // The admin signs up by the API and keeps the team agent-active with a heartbeat; their own agent never claims here.
  expect(
    (
      await call(
        'POST',
        '/network-agent/auth-send-otp',
        {},
        { email: ADMIN, full_name: 'Ada Lovelace' },
      )
    ).status,
  ).toBe(200);
  const verified = await call(
    'POST',
    '/network-agent/auth-verify-otp',
    {},
    { email: ADMIN, otp: await mailedCode(world.service.outboxDir, ADMIN) },
  );
  admin = {
    'x-api-key': verified.body.team.api_key,
    authorization: `Bearer ${verified.body.agent_token}`,
  };
  api = publicApi(E2E_SERVICE_URL, verified.body.team.api_key);
  expect(
    (
      await call('POST', '/agent/heartbeat', admin, {
        extension_version: '1',
        browser: 'api',
        network: { signed_in: true },
        paused: true,
      })
    ).status,
  ).toBe(200);
  expect(
    (await call('POST', '/api-team-members', admin, { email: MEMBER, role: 'member' })).status,
  ).toBe(201);
  expect(
    (await call('PATCH', '/api-team', admin, { pacing: FAST_PACE, i_accept_the_risk: true }))
      .status,
  ).toBe(200);
});

test.afterAll(async () => {
  await world?.stop();
});

test('a fresh member signs in and reads what runs in their name before anything does; "Not now" claims nothing and the admin sees why', async () => {
  await popup.locator('#email').fill(MEMBER);
  await popup.locator('#full-name').fill('Bob Builder');
  await popup.getByRole('button', { name: 'Send code' }).click();
  await popup.locator('#otp').fill(await mailedCode(world.service.outboxDir, MEMBER));
  await popup.getByRole('button', { name: 'Sign in' }).click();

  const screen = popup.getByTestId('consent');
  await expect(screen).toBeVisible();
  const text = popup.getByTestId('consent-text');
  for (const words of [
    'What this extension does in your name',
    "team's admins",
    "team's API key",
    'Likes on posts',
    'Messages to your connections',
    'User Agreement',
    'restricted or banned',
    'pause the extension at any time',
    'What goes to your team',
  ]) {
    await expect(text).toContainText(words);
  }
  // The write kinds bob may turn off: every one, connection requests too (a sequence may send
  // them from his account though he is not the oldest admin).
  for (const kind of [
    'agent_like_post',
    'agent_comment_post',
    'agent_send_message',
    'agent_invitation_withdraw',
    'agent_connection_request',
  ])
    await expect(popup.getByTestId(`refuse-${kind}`)).toBeVisible();
  await expect(popup.getByTestId('consent-agree')).toHaveText('I understand, start');
  await expect(popup.getByTestId('consent-not-now')).toHaveText('Not now');
  await shot('first-run');

  const task = await api.create('fetch-connections', { member_email: MEMBER, start: 0, count: 10 });
  waiting = task;
  await popup.getByTestId('consent-not-now').click();
  await expect(screen).toBeHidden();
  await expect(popup.getByTestId('consent-needed')).toContainText('Nothing runs in your name');
  await expect(popup.locator('#badge')).toHaveText('not started');
  await expect(popup.getByTestId('pause')).toHaveCount(0);
  await shot('not-now');

  await staysPending(task);
  expect(world.fake.state.requests.some((r) => r.path.includes('connections'))).toBe(false);
  const status = await api.status(task);
  expect(status.data).toMatchObject({ status: 'pending' });
  const reason = (status.data as { waiting_reason?: string }).waiting_reason;
  expect(reason).toContain(MEMBER);
  expect(reason).toContain('consent required');
  const bob = await bobInTeam();
  expect(bob).toMatchObject({
    consent_acknowledged_at: null,
    consent_version: null,
    consent_current: false,
  });
  expect(bob.safety?.waiting).toContainEqual(
    expect.objectContaining({ task_id: task, waiting_reason: reason }),
  );

  // The admin's dashboard says it too, on bob's card.
  const page = await world.browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(E2E_SERVICE_URL);
  await world.service.ctx.db.query(
    "UPDATE otp_codes SET sent_at = sent_at - interval '1 minute' WHERE email = $1",
    [ADMIN],
  );
  const sentAfter = Date.now();
  await page.locator('#sign-in').getByLabel('E-mail').fill(ADMIN);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await mailedCode(world.service.outboxDir, ADMIN, sentAfter));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await openSection(page, 'team');
  const card = page.locator(`#member-list li[data-email="${MEMBER}"]`);
  await expect(card.getByTestId('consent')).toContainText('not agreed');
  await expect(card.getByTestId('consent')).toContainText(
    'they get no task until they agree in their extension',
  );
  await card.screenshot({ path: join(ARTIFACTS, 'consent-dashboard-member.png') });
  await page.close();
});

test('"I understand, start": the waiting task runs; a write kind the member turned off is never assigned to him', async () => {
  await popup.getByTestId('consent-review').click();
  await expect(popup.getByTestId('consent')).toBeVisible();
  await popup.getByTestId('refuse-agent_send_message').check();
  await popup.getByTestId('consent-agree').click();
  await expect(popup.getByTestId('consent')).toBeHidden();
  await expect(popup.getByTestId('consent-needed')).toHaveCount(0);

  expect((await api.finished(waiting)).status).toBe('completed');
  const bob = await bobInTeam();
  expect(bob).toMatchObject({ consent_current: true, refused_types: ['agent_send_message'] });
  expect(bob.consent_acknowledged_at).not.toBeNull();

  const before = world.fake.state.messages.length;
  const message = await api.create('send-message', {
    member_email: MEMBER,
    profile_urn: 'urn:li:fsd_profile:ACoAAAlanTuring',
    message_text: 'Hello from the team',
  });
  const refused = await api.status(message);
  expect(refused.data.status).toBe('failed');
  expect(refused.data.error).toMatchObject({ code: 'refused_by_member' });
  expect(refused.data.error?.message).toContain(`${MEMBER} turned off messages`);
  expect(world.fake.state.messages.length).toBe(before);
});

test("each write done in the member's name shows in the popup, with its target, its time and who queued it", async () => {
  const post = world.fake.dataset.posts[0]!;
  const urn = `urn:li:activity:${post.activityId}`;
  const [{ id: teamId }] = await world.service.ctx.db.query<{ id: string }>(
    'SELECT team_id AS id FROM memberships WHERE email = $1',
    [ADMIN],
  );
  const postId = crypto.randomUUID();
  await world.service.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, posted_at) VALUES ($1, $2, $3, $4, $5, 'Grace Hopper', now())`,
    [
      postId,
      teamId,
      urn,
      `https://www.linkedin.com/feed/update/${urn}/`,
      'Compilers are for people, not machines.',
    ],
  );
  // A program with the team's key likes; the admin comments from the dashboard (which sends her token too).
  const like = await call(
    'POST',
    '/api-like',
    { 'x-api-key': admin['x-api-key']! },
    { post_id: postId, user_email: MEMBER },
  );
  expect((await api.finished(like.body.task_id)).status).toBe('completed');
  const comment = await call('POST', '/api-comment', admin, {
    post_id: postId,
    user_email: MEMBER,
    comment_text: 'Well put, Grace.',
  });
  expect((await api.finished(comment.body.task_id)).status).toBe('completed');

  await popup.reload();
  const done = popup.getByTestId('done-in-your-name');
  await expect(done.locator('li')).toHaveCount(2);
  await expect(done.locator('li').nth(0)).toContainText('✓ Comment on post · Grace Hopper’s post');
  await expect(done.locator('li').nth(0)).toContainText('Well put, Grace.');
  await expect(done.locator('li').nth(0)).toContainText(`queued by Ada Lovelace (${ADMIN})`);
  await expect(done.locator('li').nth(1)).toContainText('✓ Like post · Grace Hopper’s post');
  await expect(done.locator('li').nth(1)).toContainText("queued with the team's API key");
  await expect(done.locator('li time')).toHaveCount(2);
  await done.scrollIntoViewIfNeeded();
  await shot('activity');
});

test('a new version of the text asks again, and nothing runs until the member agrees to it', async () => {
  // Bob agreed to an earlier revision of the text: the service asks him again.
  await world.service.ctx.db.query(
    "UPDATE memberships SET consent_version = '2026-11-25-member' WHERE email = $1",
    [MEMBER],
  );
  const task = await api.create('fetch-connections', { member_email: MEMBER, start: 0, count: 10 });

  await popup.reload();
  await expect(popup.getByTestId('consent')).toBeVisible();
  await expect(popup.getByTestId('consent-changed')).toContainText('changed since you agreed');
  await expect(popup.getByTestId('consent-text')).toContainText(
    'Connection requests (invitations)',
  );
  await expect(popup.getByTestId('refuse-agent_connection_request')).toBeVisible();
  // What he turned off stays off unless he changes it.
  await expect(popup.getByTestId('refuse-agent_send_message')).toBeChecked();
  await shot('changed');
  await staysPending(task, 3_000);
  expect((await bobInTeam()).consent_current).toBe(false);

  await popup.getByTestId('consent-agree').click();
  await expect(popup.getByTestId('consent')).toBeHidden();
  expect((await api.finished(task)).status).toBe('completed');
  expect((await bobInTeam()).consent_current).toBe(true);
});
