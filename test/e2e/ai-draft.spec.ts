import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, test, type Page } from '@playwright/test';
import { E2E_SERVICE_URL } from './support/e2e-env.js';
import {
  mailedCode,
  openSection,
  signInThroughPopup,
  startAgentWorld,
  type AgentWorld,
} from './support/harness.js';
import { overflowingElements } from './support/page-overflow.js';
import { FAKE_MODEL_NAME, type FakeModel, startFakeModel } from '../support/fake-model.js';

/**
 * An AI draft waits for a person (docs/ai.md): the team's model (a fake OpenAI-compatible server)
 * drafts a comment on a collected post; the member's popup says it waits for them; the member
 * reads it in the dashboard's approvals, edits it and approves it; the real extension then posts
 * exactly the edited text on the fake network. The inbox shows each reply's label, the one the
 * model gives as it arrives included, and filters by it; the sequence builder makes a message
 * step drafted by the model. Screenshots of the approval, the inbox and the sequence at 1280 and
 * 375 px go to test/e2e/artifacts/.
 */

const ADMIN = 'ada@example.com';
const DRAFTED = 'Sonar for small boats is overdue: congratulations on shipping it!';
const EDITED = 'Congratulations on shipping it, we will try it on our survey boat.';
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

let model: FakeModel;
let world: AgentWorld;
let page: Page;
/** The dashboard's session: the team's key and the admin's token. */
let creds: { team: { id: string; api_key: string }; agent_token: string };

test.setTimeout(240_000);
test.beforeAll(async () => {
  model = await startFakeModel();
  world = await startAgentWorld('ai-draft', 'today', {
    LLM_API_URL: `${model.url}/v1`,
    LLM_MODEL: 'house-model',
  });
});
test.afterAll(async () => {
  await world?.stop();
  await model?.close();
});

test('an AI comment draft is approved in the dashboard with edited text, and the extension posts that text', async () => {
  const { service, fake } = world;
  await signInThroughPopup(
    world.popup,
    world.browser.context,
    service.outboxDir,
    ADMIN,
    'Ada Lovelace',
  );
  page = await world.browser.context.newPage();
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(E2E_SERVICE_URL);
  await service.ctx.db.query(
    "UPDATE otp_codes SET sent_at = sent_at - interval '1 minute' WHERE email = $1",
    [ADMIN],
  );
  const sentAfter = Date.now();
  await page.locator('#sign-in').getByLabel('E-mail').fill(ADMIN);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await mailedCode(service.outboxDir, ADMIN, sentAfter));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#live-state')).toHaveText('Live');
  creds = await page.evaluate(
    () =>
      JSON.parse(
        Object.values({ ...sessionStorage }).find((v) => v.includes('agent_token'))!,
      ) as typeof creds,
  );

  // A post the team collected, one the fake network serves.
  const networkPost = fake.dataset.posts[0]!;
  const postId = crypto.randomUUID();
  await service.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, posted_at)
     VALUES ($1, $2, $3, 'https://www.linkedin.com/feed/', 'We shipped sonar for small boats today.', 'Grace Hopper', now())`,
    [postId, creds.team.id, `urn:li:activity:${networkPost.activityId}`],
  );

  model.answer({ text: DRAFTED });
  const res = await fetch(`${E2E_SERVICE_URL}/api-drafts`, {
    method: 'POST',
    headers: { 'x-api-key': creds.team.api_key, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'comment', member_email: ADMIN, post_id: postId }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const draft = (await res.json()) as { task_id: string; text: string };
  expect(draft.text).toBe(DRAFTED);

  // The member's popup says a draft waits for them, and leads to the dashboard's Approvals.
  const waiting = world.popup.getByTestId('awaiting-approval');
  await expect(waiting).toContainText('1 draft waits for your approval', { timeout: 45_000 });
  await expect(waiting.getByRole('link')).toHaveAttribute(
    'href',
    `${E2E_SERVICE_URL}/#/outreach/approvals`,
  );
  await world.popup.screenshot({ path: join(ARTIFACTS, 'ai-draft-popup.png') });

  const item = page.locator(`#approvals li[data-task-id="${draft.task_id}"]`);
  await openSection(page, 'outreach');
  await expect(page.locator('#approvals')).toBeVisible();
  // The model as it names itself in its answer.
  await expect(item).toContainText(`drafted by your team’s AI (${FAKE_MODEL_NAME})`);
  const box = item.getByLabel('Text it sends');
  await expect(box).toHaveValue(DRAFTED);
  await box.fill(EDITED);

  await item.scrollIntoViewIfNeeded();
  await page
    .locator('#approvals')
    .screenshot({ path: join(ARTIFACTS, 'ai-draft-approval-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await item.scrollIntoViewIfNeeded();
  await page
    .locator('#approvals')
    .screenshot({ path: join(ARTIFACTS, 'ai-draft-approval-375.png') });
  expect(await overflowingElements(page), 'horizontal overflow at 375 px').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(page.locator('#approvals-status')).toHaveText('Approved');
  await expect(page.locator('#approvals')).toBeHidden();
  await expect(waiting).toBeHidden({ timeout: 45_000 });

  await expect
    .poll(() => fake.state.comments.map((c) => c.text), { timeout: 90_000 })
    .toContain(EDITED);
  expect(fake.state.comments.map((c) => c.text)).not.toContain(DRAFTED);
});

/**
 * What a person sees at 1280 and at 375 px (`heights`: each width's), `what` at the top just under
 * the page's navigation, which stays in sight: `<name>-1280.png` and `<name>-375.png`. Nothing
 * sticks out sideways on the phone.
 */
async function shootUnderNavigation(what: Locator, name: string, heights: [number, number]) {
  for (const [width, height] of [
    [1280, heights[0]],
    [375, heights[1]],
  ] as const) {
    await page.setViewportSize({ width, height });
    await what.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 60));
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`) });
  }
  expect(await overflowingElements(page), 'horizontal overflow at 375 px').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A thread of the admin's inbox as the sync files it, its reply sorted as given (or not yet). */
async function fileReply(
  who: string,
  text: string,
  minutesAgo: number,
  sorted: {
    due?: boolean;
    label?: string;
    confidence?: number;
    error?: string;
  },
): Promise<string> {
  const { db } = world.service.ctx;
  const [ada] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [ADMIN]);
  const urn = `urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAAda,2-${who.replace(/\W/g, '')})`;
  const sender = `urn:li:fsd_profile:ACoAA${who.replace(/\W/g, '')}`;
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  await db.query(
    `INSERT INTO inbox_conversations (team_id, user_id, conversation_urn, unread, last_activity_at, participants, last_message, last_reply_at)
     VALUES ($1, $2, $3, true, $4, $5, $6, $4)`,
    [
      creds.team.id,
      ada!.id,
      urn,
      at,
      JSON.stringify([{ profile_urn: sender, name: who, profile_url: null }]),
      JSON.stringify({ text, sender_urn: sender, from_me: false, delivered_at: at }),
    ],
  );
  await db.query(
    `INSERT INTO inbox_messages (id, team_id, user_id, conversation_urn, sender_urn, sender_name, from_me, text, delivered_at,
                                 classification_due, classification_label, classification_confidence, classification_model, classification_error)
     VALUES ($1, $2, $3, $4, $5, $6, false, $7, $8, $9, $10, $11, $12, $13)`,
    [
      crypto.randomUUID(),
      creds.team.id,
      ada!.id,
      urn,
      sender,
      who,
      text,
      at,
      sorted.due ?? null,
      sorted.label ?? null,
      sorted.confidence ?? null,
      sorted.label ? 'house-model' : null,
      sorted.error ?? null,
    ],
  );
  return urn;
}

test('the inbox shows each reply’s label, one sorted as it arrives included, and filters by it', async () => {
  // The team's own label, beside the built-in ones.
  const patched = await fetch(`${E2E_SERVICE_URL}/api-team`, {
    method: 'PATCH',
    headers: {
      'x-api-key': creds.team.api_key,
      authorization: `Bearer ${creds.agent_token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      reply_labels: [{ name: 'wants_demo', description: 'asks to see the product working' }],
    }),
  });
  expect(patched.status, await patched.clone().text()).toBe(200);
  const away = await fileReply(
    'Ida Rhodes',
    'I am away until Monday, with no access to my messages.',
    50,
    { label: 'out_of_office', confidence: 0.97 },
  );
  const demo = await fileReply(
    'Joan Clarke',
    'Could you show me how it works on a live call?',
    40,
    { label: 'wants_demo', confidence: 0.81 },
  );
  const failed = await fileReply('Mary Somerville', 'Thanks for the note.', 30, {
    error: 'failed after 3 attempts: timeout: no complete answer within 10 s',
  });
  const unsorted = await fileReply('Hedy Lamarr', 'Interesting.', 20, {});
  // The page loads the team's labels when it starts: once more, as a person reloading it.
  await page.reload();
  const inbox = page.locator('#inbox');
  await expect(inbox).toBeVisible();
  const card = (urn: string) => inbox.locator(`li.conversation[data-conversation-urn="${urn}"]`);
  await expect(card(away).locator('.reply-label')).toHaveText('Out of office, 97 % sure');
  await expect(card(away).locator('.reply-label')).toHaveAttribute(
    'title',
    '97 % sure (house-model)',
  );
  await expect(card(demo).locator('.reply-label')).toHaveText('Wants demo, 81 % sure');
  await expect(card(failed).locator('.label-why')).toHaveText(
    'Not sorted: failed after 3 attempts: timeout: no complete answer within 10 s',
  );
  await expect(card(unsorted).locator('.reply-label')).toHaveText('not sorted yet');

  // A reply that arrives now is sorted by the team's model beside the sync, and the open inbox
  // shows its label as soon as it is stored.
  model.answer({ text: JSON.stringify({ label: 'interested', confidence: 0.93 }) });
  const keen = await fileReply('Grace Hopper', 'Yes! Could we talk next Tuesday?', 1, {
    due: true,
  });
  await expect(card(keen).locator('.reply-label')).toHaveText('Interested, 93 % sure', {
    timeout: 30_000,
  });

  const filter = inbox.getByLabel('Label of the newest reply');
  await expect(filter.locator('option')).toHaveText([
    'Any label',
    'Interested',
    'Not now',
    'Not interested',
    'Out of office',
    'Referral',
    'Other',
    'Wants demo',
  ]);
  await filter.selectOption('interested');
  await expect(card(away)).toBeHidden();
  await expect(card(keen)).toBeVisible();
  await expect(inbox.locator('li.conversation .reply-label')).toHaveText(
    Array(await inbox.locator('li.conversation').count()).fill(/^Interested/),
  );
  await filter.selectOption('wants_demo');
  await expect(inbox.locator('li.conversation')).toHaveCount(1);
  await expect(card(demo)).toBeVisible();
  await filter.selectOption('referral');
  await expect(inbox.locator('li.empty')).toHaveText('No conversation labelled “Referral”.');
  await filter.selectOption('');
  await expect(card(away)).toBeVisible();

  // Each opened message of the other person carries its own label.
  await card(keen).getByRole('button', { name: 'Open' }).click();
  await expect(card(keen).locator('li.message .reply-label')).toHaveText('Interested, 93 % sure');

  await shootUnderNavigation(inbox, 'ai-inbox-labels', [1000, 1300]);
});

test('the sequence builder makes a message drafted by the team’s AI; the sequence shows it, and replies by label', async () => {
  const panel = page.locator('#sequences');
  const form = panel.locator('form.sequence-form');
  await expect(panel.locator('#create-sequence')).toHaveAttribute('open', '');
  await form.getByLabel('Name', { exact: true }).fill('Meetup follow-up');
  const message = form.locator('li.step-row[data-step-type="message"]');
  await message.getByLabel('Drafted by AI').check();
  await expect(message.getByLabel(/^Text/)).toHaveCount(0);
  await message.getByLabel(/^Instructions for the AI/).fill('Invite them to our sonar meetup.');
  await expect(message.locator('.preview')).toHaveText(
    'Drafted for each person, sent once approved.',
  );
  await message.scrollIntoViewIfNeeded();
  await message.screenshot({ path: join(ARTIFACTS, 'ai-sequence-draft-step-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await message.scrollIntoViewIfNeeded();
  await message.screenshot({ path: join(ARTIFACTS, 'ai-sequence-draft-step-375.png') });
  expect(await overflowingElements(page), 'horizontal overflow at 375 px').toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Create sequence' }).click();
  const card = panel.locator('li.sequence', { hasText: 'Meetup follow-up' });
  await expect(card.locator('.steps-summary')).toHaveText(
    'Visit → Invite with a note → Wait ≤ 15 d, then withdraw → Drafted message after 24 h',
  );
  const headers = {
    'x-api-key': creds.team.api_key,
    authorization: `Bearer ${creds.agent_token}`,
    'content-type': 'application/json',
  };
  const listed = (await (await fetch(`${E2E_SERVICE_URL}/api-sequences`, { headers })).json()) as {
    sequences: { id: string; steps: unknown[] }[];
  };
  const sequence = listed.sequences[0]!;
  expect(sequence.steps[3]).toEqual({
    type: 'message',
    draft: { instructions: 'Invite them to our sonar meetup.' },
    delay_hours: 24,
  });

  // Held, two people in it whose replies the model sorted.
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card).toHaveAttribute('data-status', 'paused');
  const enrolled = await fetch(`${E2E_SERVICE_URL}/api-sequences/${sequence.id}/enrollments`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ profiles: ['alan-turing', 'katherine-johnson', 'edsger-dijkstra'] }),
  });
  expect(enrolled.status, await enrolled.clone().text()).toBe(200);
  await world.service.ctx.db.query(
    `UPDATE sequence_enrollments SET reply_label = CASE WHEN profile_input = 'katherine-johnson' THEN 'not_now' ELSE 'interested' END
      WHERE sequence_id = $1`,
    [sequence.id],
  );

  // Created, it opened; opened again, it reads the people as they are now.
  await card.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: 'Open' }).click();
  const steps = card.locator('details.sequence-steps');
  await expect(steps.locator('summary')).toHaveText('Steps (4, 1 drafted by AI)');
  await steps.locator('summary').click();
  await expect(steps.locator('li[data-drafted]')).toContainText('Drafted message after 24 h');
  await expect(steps.locator('li[data-drafted] .step-text')).toHaveText(
    'AI draft Invite them to our sonar meetup.',
  );
  await expect(card.locator('.replies-by-label li')).toHaveText(['Interested 2', 'Not now 1']);

  await shootUnderNavigation(card, 'ai-sequence-detail', [900, 1400]);
});
